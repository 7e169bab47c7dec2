package dev.brain.memory.admin.stats;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.tenancy.TenantUsers;
import io.grpc.Status;

/**
 * What schema memory holds for a tenant (the admin {@code Stats}, the memory part of {@code brain status}): rows
 * per table, in table-name order.
 *
 * <p>The three pair tables that grow with the graph are read from {@code partition_stats}, the counts every
 * writer of nodes and edges maintains in its own transaction (promotion, Trigger 3, Reembed, DeleteNode; import
 * recounts its pairs; DeletePartition drops the row with the pair): a sum over the tenant's pairs, a range scan of
 * that table's primary key. Counting them row by row cannot stay inside the gateway's 2 s status deadline: at
 * 1.1M nodes the index range scans over nodes, vectors and edges took 2.2–3.1 s (heap fetches for every row where
 * the visibility map is not set), the sum 1.5 ms. {@code long_term_node_embedding} is {@code node_count}: a node
 * is written with its vector in one statement and its vector goes with it (foreign key, cascade).
 *
 * <p>Every other table is counted through an index: {@code tenant = ?}, or for user ids the
 * {@link TenantUsers#condition} range plus the exact test; a partitioned table once, as itself; Flyway's history
 * and tables owned by no tenant left out. One statement, run with JIT off. A count is exact up to
 * {@link #EXACT_UP_TO} rows; beyond, the statement stops counting and the table's row count is PostgreSQL's
 * estimate for the tenant (the planner's, from the column statistics): counting a tenant's 1M synapses took
 * 0.4–0.9 s on its own and the whole statement passed the gateway's 2 s status deadline (`./brain bench ui`), while
 * a status reader needs the magnitude, not the last row.
 */
@ApplicationScoped
public class MemoryStats {

    /** Pair tables read from a {@code partition_stats} column (summed over the tenant's pairs). */
    public static final Map<String, String> FROM_PARTITION_STATS = Map.of("long_term_node", "node_count",
            "long_term_edge", "edge_count", "long_term_node_embedding", "node_count");

    private static final String SCHEMA = "memory";

    private static final Pattern PLAN_ROWS = Pattern.compile(" rows=(\\d+) ");

    /** Rows counted exactly per table; a larger count is the planner's estimate. */
    public static final long EXACT_UP_TO = 100_000;

    private static final String TABLES = """
            select c.table_name,
                   bool_or(c.column_name = 'tenant')  as has_tenant,
                   bool_or(c.column_name = 'user_id') as has_user
              from information_schema.columns c
              join information_schema.tables t
                on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
             where c.table_schema = ? and c.table_name <> 'flyway_schema_history'
               and not exists (select 1 from pg_class k join pg_namespace n on n.oid = k.relnamespace
                                where n.nspname = c.table_schema and k.relname = c.table_name and k.relispartition)
             group by c.table_name
             order by c.table_name
            """;

    /**
     * The counting statement, per part whether it binds the tenant (true) or the user range (false), and the tables
     * whose count stops after the exact limit.
     */
    private record Query(String sql, List<Boolean> byTenant, List<String> capped) {
    }

    private final Jdbc jdbc;

    public MemoryStats(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's rows per table of schema memory (exact up to {@link #EXACT_UP_TO} each). */
    public Map<String, Long> rowCounts(String tenant) {
        return rowCounts(tenant, EXACT_UP_TO);
    }

    /** The tenant's rows per table, exact up to {@code exactUpTo} rows each, estimated beyond. */
    Map<String, Long> rowCounts(String tenant, long exactUpTo) {
        return jdbc.withConnection(c -> {
            try {
                return count(c, tenant, exactUpTo);
            } catch (SQLException e) {
                throw Status.UNAVAILABLE.withDescription("database unavailable while counting rows of schema memory: "
                        + e.getMessage()).withCause(e).asRuntimeException();
            }
        });
    }

    private static Map<String, Long> count(Connection connection, String tenant, long exactUpTo) throws SQLException {
        Query query = query(connection, exactUpTo);
        Map<String, Long> counts = new TreeMap<>();
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try {
            try (Statement s = connection.createStatement()) {
                s.execute("set local jit = off");
            }
            try (PreparedStatement count = connection.prepareStatement(query.sql())) {
                bind(count, query, tenant);
                try (ResultSet rs = count.executeQuery()) {
                    while (rs.next()) {
                        counts.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            for (Map.Entry<String, Long> table : counts.entrySet()) {
                if (table.getValue() > exactUpTo && query.capped().contains(table.getKey())) {
                    table.setValue(Math.max(exactUpTo + 1, estimate(connection, table.getKey(), tenant)));
                }
            }
            connection.commit();
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
        return counts;
    }

    /** The plan of the counting statement ({@code EXPLAIN}, one line per row), for tests. */
    public static String explain(Connection connection, String tenant) throws SQLException {
        Query query = query(connection, EXACT_UP_TO);
        try (PreparedStatement explain = connection.prepareStatement("explain " + query.sql())) {
            bind(explain, query, tenant);
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = explain.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    /** One {@code select '<table>', <count>} per tenant-owned table, joined by {@code union all}. */
    private static Query query(Connection connection, long exactUpTo) throws SQLException {
        List<String> selects = new ArrayList<>();
        List<Boolean> byTenant = new ArrayList<>();
        List<String> capped = new ArrayList<>();
        try (PreparedStatement tables = connection.prepareStatement(TABLES)) {
            tables.setString(1, SCHEMA);
            try (ResultSet rs = tables.executeQuery()) {
                while (rs.next()) {
                    String table = rs.getString(1);
                    String column = FROM_PARTITION_STATS.get(table);
                    if (column != null) {
                        selects.add("select '" + table + "', coalesce(sum(" + column + "), 0)::bigint from "
                                + SCHEMA + ".partition_stats where " + TenantUsers.condition("user_id"));
                        byTenant.add(false);
                    } else if (rs.getBoolean(2)) {
                        selects.add("select '" + table + "', count(*) from (select 1 from " + SCHEMA + ".\"" + table
                                + "\" where tenant = ? limit " + (exactUpTo + 1) + ") t");
                        byTenant.add(true);
                        capped.add(table);
                    } else if (rs.getBoolean(3)) {
                        selects.add("select '" + table + "', count(*) from " + SCHEMA + ".\"" + table + "\" where "
                                + TenantUsers.condition("user_id"));
                        byTenant.add(false);
                    }
                }
            }
        }
        return new Query(String.join("\nunion all\n", selects), byTenant, capped);
    }

    /** The planner's estimate of the tenant's rows in {@code table} (the top plan node's {@code rows=}). */
    private static long estimate(Connection connection, String table, String tenant) throws SQLException {
        try (PreparedStatement explain = connection.prepareStatement(
                "explain select 1 from " + SCHEMA + ".\"" + table + "\" where tenant = ?")) {
            explain.setString(1, tenant);
            try (ResultSet rs = explain.executeQuery()) {
                Matcher rows = rs.next() ? PLAN_ROWS.matcher(rs.getString(1)) : null;
                return rows != null && rows.find() ? Long.parseLong(rows.group(1)) : 0;
            }
        }
    }

    private static void bind(PreparedStatement statement, Query query, String tenant) throws SQLException {
        int parameter = 1;
        for (boolean tenantColumn : query.byTenant()) {
            if (tenantColumn) {
                statement.setString(parameter++, tenant);
            } else {
                parameter = TenantUsers.bind(statement, parameter, tenant);
            }
        }
    }
}
