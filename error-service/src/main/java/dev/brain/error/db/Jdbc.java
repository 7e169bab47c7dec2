package dev.brain.error.db;

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

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Native SQL on the service's datasource. Inside a JTA transaction every call uses the transaction's
 * connection, so a request's statements commit or roll back together. Parameters: {@code String[]},
 * {@code Long[]}, {@code Double[]} and {@code Boolean[]} become SQL arrays, {@link Instant}/{@link OffsetDateTime}
 * timestamptz, {@code null} a null.
 */
@ApplicationScoped
public class Jdbc {

    /** Maps the current row of a result set. */
    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private final DataSource dataSource;

    public Jdbc(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public <T> List<T> list(String sql, RowMapper<T> mapper, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = prepare(c, sql, params);
                ResultSet rs = s.executeQuery()) {
            List<T> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(mapper.map(rs));
            }
            return rows;
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    public <T> Optional<T> one(String sql, RowMapper<T> mapper, Object... params) {
        List<T> rows = list(sql, mapper, params);
        return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.get(0));
    }

    public long count(String sql, Object... params) {
        return one(sql, rs -> rs.getLong(1), params).orElse(0L);
    }

    public int update(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = prepare(c, sql, params)) {
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    private static PreparedStatement prepare(Connection c, String sql, Object... params) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            Object p = params[i];
            int index = i + 1;
            if (p == null) {
                s.setNull(index, Types.NULL);
            } else if (p instanceof String[] strings) {
                s.setArray(index, c.createArrayOf("text", strings));
            } else if (p instanceof Long[] longs) {
                s.setArray(index, c.createArrayOf("bigint", longs));
            } else if (p instanceof Double[] doubles) {
                s.setArray(index, c.createArrayOf("float8", doubles));
            } else if (p instanceof Boolean[] booleans) {
                s.setArray(index, c.createArrayOf("bool", booleans));
            } else if (p instanceof Collection<?> values) {
                throw new IllegalArgumentException("pass arrays, not collections: " + values.getClass());
            } else if (p instanceof Instant instant) {
                s.setTimestamp(index, Timestamp.from(instant));
            } else if (p instanceof OffsetDateTime time) {
                s.setObject(index, time);
            } else {
                s.setObject(index, p);
            }
        }
        return s;
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

    public static List<String> strings(ResultSet rs, String column) throws SQLException {
        java.sql.Array a = rs.getArray(column);
        return a == null ? List.of() : List.of((String[]) a.getArray());
    }

    public static List<Long> longs(ResultSet rs, String column) throws SQLException {
        java.sql.Array a = rs.getArray(column);
        return a == null ? List.of() : List.of((Long[]) a.getArray());
    }

    /** A failed statement (the service's status mapping turns SQLState 08 into UNAVAILABLE). */
    public static class DataAccessException extends RuntimeException {
        public DataAccessException(SQLException cause) {
            super(cause.getMessage(), cause);
        }
    }
}
