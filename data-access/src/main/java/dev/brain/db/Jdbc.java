package dev.brain.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import org.postgresql.PGStatement;

/**
 * Native SQL on the service's datasource: the one way every repository of every service reaches PostgreSQL.
 * Inside a JTA transaction every call uses the transaction's connection, so a request's statements commit or roll
 * back together; a failed statement becomes a {@link DataAccessException}.
 * <p>
 * Parameters given as values: {@code String[]}, {@code Long[]}/{@code long[]}, {@code Double[]}/{@code double[]}
 * and {@code Boolean[]} become SQL arrays, {@link Instant}/{@link OffsetDateTime} timestamptz, {@link PgVector} the
 * vector's text as an untyped parameter (so {@code ?::vector} is a vector parameter, parsed once, not a text cast
 * per row), {@code null} a null. A statement that needs more (a batch, a fetch
 * size, several statements on one connection) binds itself with a {@link Binder} or takes the connection through
 * {@link #withConnection}.
 */
@ApplicationScoped
public class Jdbc {

    /** Maps the current row of a result set. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /** Takes the current row of a result set (a streamed read). */
    @FunctionalInterface
    public interface RowConsumer {
        void accept(ResultSet rs) throws SQLException;
    }

    /** Binds the parameters of a statement. */
    @FunctionalInterface
    public interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    /** Binds one item of a batch. */
    @FunctionalInterface
    public interface ItemBinder<T> {
        void bind(PreparedStatement statement, T item) throws SQLException;
    }

    /** Work on the connection itself. */
    @FunctionalInterface
    public interface ConnectionWork<T> {
        T run(Connection connection) throws SQLException;
    }

    /** Takes the result sets of several statements sent together, in their order. */
    @FunctionalInterface
    public interface ResultsConsumer<T> {
        T accept(Results results) throws SQLException;
    }

    /** The result sets of statements sent in one round trip, read one after the other. */
    public static final class Results {

        private final PreparedStatement statement;
        private boolean first = true;

        Results(PreparedStatement statement) {
            this.statement = statement;
        }

        /** The rows of the next statement's result set. */
        public <T> List<T> next(RowMapper<T> mapper) throws SQLException {
            if (!first && !statement.getMoreResults()) {
                throw new SQLException("fewer result sets than read");
            }
            first = false;
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = statement.getResultSet()) {
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
            }
            return rows;
        }
    }

    /**
     * Counts the statements this process sends through this class's methods while it is open (each is one round
     * trip to PostgreSQL; the statements of {@link #together} are one): for tests that pin what a call costs, with
     * nothing else running. One count at a time.
     */
    public static final class RoundTrips implements AutoCloseable {

        private static final AtomicReference<RoundTrips> OPEN = new AtomicReference<>();
        private final AtomicInteger sent = new AtomicInteger();

        /** Starts counting until {@link #close()}. */
        public static RoundTrips count() {
            RoundTrips counting = new RoundTrips();
            if (!OPEN.compareAndSet(null, counting)) {
                throw new IllegalStateException("a count is already open");
            }
            return counting;
        }

        public int sent() {
            return sent.get();
        }

        @Override
        public void close() {
            OPEN.compareAndSet(this, null);
        }

        static void add() {
            RoundTrips counting = OPEN.get();
            if (counting != null) {
                counting.sent.incrementAndGet();
            }
        }
    }

    private final DataSource dataSource;

    public Jdbc(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public <T> List<T> list(String sql, RowMapper<T> mapper, Object... params) {
        return query(sql, false, s -> bind(s, params), mapper);
    }

    public <T> Optional<T> one(String sql, RowMapper<T> mapper, Object... params) {
        List<T> rows = list(sql, mapper, params);
        return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
    }

    public long count(String sql, Object... params) {
        return one(sql, rs -> rs.getLong(1), params).orElse(0L);
    }

    public int update(String sql, Object... params) {
        return update(sql, s -> bind(s, params));
    }

    /** A query whose parameters {@code binder} binds. */
    public <T> List<T> query(String sql, Binder binder, RowMapper<T> mapper) {
        return query(sql, false, binder, mapper);
    }

    /**
     * A query PostgreSQL plans with the call's own parameters every time (a custom plan). A statement prepared on
     * the server switches after five calls to a generic plan costed for average parameters; where the size of a
     * tenant's or pair's data decides the best plan (a bounded count, an exact scan) that plan can be a hundred
     * times slower for another size.
     */
    public <T> List<T> queryCustomPlan(String sql, Binder binder, RowMapper<T> mapper) {
        return query(sql, true, binder, mapper);
    }

    /**
     * Several statements separated by {@code ;} sent in one round trip (the driver sends them before one Sync, so
     * outside a transaction they also commit together), their parameters bound in order across them; {@code reader}
     * takes their result sets in order.
     */
    public <T> T together(String sql, Binder binder, ResultsConsumer<T> reader) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                binder.bind(s);
                RoundTrips.add();
                s.execute();
                return reader.accept(new Results(s));
            }
        });
    }

    /** A statement without a result set whose parameters {@code binder} binds; the count of rows it changed. */
    public int update(String sql, Binder binder) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                binder.bind(s);
                RoundTrips.add();
                return s.executeUpdate();
            }
        });
    }

    /** One statement run for every item as a JDBC batch; the counts of rows each changed. */
    public <T> int[] batch(String sql, Collection<T> items, ItemBinder<T> binder) {
        if (items.isEmpty()) {
            return new int[0];
        }
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                for (T item : items) {
                    binder.bind(s, item);
                    s.addBatch();
                }
                RoundTrips.add();
                return s.executeBatch();
            }
        });
    }

    /**
     * Streams the rows of a query, {@code fetchSize} at a time (the driver streams only inside a transaction;
     * outside one it reads them all first).
     */
    public void forEach(String sql, int fetchSize, Binder binder, RowConsumer consumer) {
        withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setFetchSize(fetchSize);
                binder.bind(s);
                RoundTrips.add();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        consumer.accept(rs);
                    }
                }
            }
            return null;
        });
    }

    /** Work that needs the connection itself (the transaction's, inside one). */
    public <T> T withConnection(ConnectionWork<T> work) {
        try (Connection c = dataSource.getConnection()) {
            return work.run(c);
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    private <T> List<T> query(String sql, boolean customPlan, Binder binder, RowMapper<T> mapper) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                if (customPlan) {
                    s.unwrap(PGStatement.class).setPrepareThreshold(0);
                }
                binder.bind(s);
                RoundTrips.add();
                List<T> rows = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows.add(mapper.map(rs));
                    }
                }
                return rows;
            }
        });
    }

    /** Binds {@code params} as the class comment describes. */
    public static void bind(PreparedStatement s, Object... params) throws SQLException {
        Connection c = s.getConnection();
        for (int i = 0; i < params.length; i++) {
            Object p = params[i];
            int index = i + 1;
            if (p == null) {
                s.setNull(index, Types.NULL);
            } else if (p instanceof String[] strings) {
                s.setArray(index, c.createArrayOf("text", strings));
            } else if (p instanceof Long[] longs) {
                s.setArray(index, c.createArrayOf("bigint", longs));
            } else if (p instanceof long[] longs) {
                s.setArray(index, c.createArrayOf("bigint", java.util.Arrays.stream(longs).boxed().toArray()));
            } else if (p instanceof Double[] doubles) {
                s.setArray(index, c.createArrayOf("float8", doubles));
            } else if (p instanceof double[] doubles) {
                s.setArray(index, c.createArrayOf("float8", java.util.Arrays.stream(doubles).boxed().toArray()));
            } else if (p instanceof Boolean[] booleans) {
                s.setArray(index, c.createArrayOf("bool", booleans));
            } else if (p instanceof Collection<?> values) {
                throw new IllegalArgumentException("pass arrays, not collections: " + values.getClass());
            } else if (p instanceof Instant instant) {
                s.setTimestamp(index, Timestamp.from(instant));
            } else if (p instanceof OffsetDateTime time) {
                s.setObject(index, time);
            } else if (p instanceof PgVector vector) {
                s.setObject(index, vector.literal(), Types.OTHER);
            } else {
                s.setObject(index, p);
            }
        }
    }

    public static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

    public static Integer intOrNull(ResultSet rs, String column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? null : v;
    }

    public static Long longOrNull(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    public static Double doubleOrNull(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }

    public static List<String> strings(ResultSet rs, String column) throws SQLException {
        java.sql.Array a = rs.getArray(column);
        return a == null ? List.of() : List.of((String[]) a.getArray());
    }

    public static List<Long> longs(ResultSet rs, String column) throws SQLException {
        java.sql.Array a = rs.getArray(column);
        return a == null ? List.of() : List.of((Long[]) a.getArray());
    }
}
