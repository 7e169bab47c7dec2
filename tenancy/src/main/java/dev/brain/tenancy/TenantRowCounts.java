package dev.brain.tenancy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.grpc.Status;

/**
 * Live row counts of every table of one schema, as far as they belong to a tenant: tables with a
 * {@code tenant} column count the tenant's rows; tables partitioned by {@code user_id} (memory's pairs)
 * count the rows whose user is the tenant or a user of it ({@code <tenant>:<user>}, memory.md §4.1: the
 * gateway prefixes user ids with the tenant); tables with neither are not tenant-owned and are left out.
 * Flyway's history table is never counted, and a partitioned table is counted once, as itself (its
 * partitions are not listed apart).
 *
 * <p>
 * Every condition can be served by an index: {@code tenant = ?}, and for user ids {@link TenantUsers#condition} (a
 * range on user_id plus the exact test) — so a b-tree whose first column is {@code tenant} / {@code user_id} turns a
 * count into an index(-only) range scan over the tenant's rows instead of a sequential scan of every tenant's. A table
 * whose rows a counter table keeps count of is read {@link Sum from} that table instead. One statement, run with JIT
 * off (compiling it costs more than counting).
 *
 * <p>
 * A count by {@code tenant} is exact up to {@link #EXACT_UP_TO} rows; beyond, the statement stops counting and
 * the table's count is the planner's estimate for the tenant (from the column statistics): counting a tenant's 1M
 * synapses took 0.4–0.9 s alone and passed the gateway's 2 s status deadline ({@code ./brain bench ui}), while a
 * status reader needs the magnitude, not the last row.
 */
public final class TenantRowCounts {

    /** Rows counted exactly per table; a larger count by {@code tenant} is the planner's estimate. */
    public static final long EXACT_UP_TO = 100_000;

    /**
     * A table's count read from a counter table instead of its rows: the sum of {@code column} over the rows of
     * {@code counterTable} (same schema, partitioned by {@code user_id}) that belong to the tenant — e.g. memory's
     * {@code partition_stats}, which every writer of nodes and edges keeps in its own transaction.
     */
    public record Sum(String counterTable, String column) {
    }

    private static final Pattern PLAN_ROWS = Pattern.compile(" rows=(\\d+) ");

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

    private TenantRowCounts() {
    }

    /** Table name → rows of {@code tenant}, in table-name order, counted on {@code connection} (not in a transaction). */
    public static Map<String, Long> count(Connection connection, String schema, String tenant) {
        return count(connection, schema, tenant, Map.of(), EXACT_UP_TO);
    }

    /**
     * As {@link #count(Connection, String, String)}; the tables of {@code sums} are read from their counter table, and
     * a count by tenant is exact up to {@code exactUpTo} rows.
     */
    public static Map<String, Long> count(Connection connection, String schema, String tenant, Map<String, Sum> sums,
            long exactUpTo) {
        try {
            Query query = query(connection, schema, sums, exactUpTo);
            Map<String, Long> counts = new LinkedHashMap<>();
            if (query == null) {
                return counts;
            }
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
                        table.setValue(Math.max(exactUpTo + 1, estimate(connection, schema, table.getKey(), tenant)));
                    }
                }
                connection.commit();
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
            Map<String, Long> ordered = new LinkedHashMap<>();
            counts.keySet().stream().sorted().forEach(table -> ordered.put(table, counts.get(table)));
            return ordered;
        } catch (SQLException e) {
            throw unavailable(schema, e);
        }
    }

    /** The plan of the counting statement ({@code EXPLAIN}, one line per row) on {@code connection}, for tests. */
    public static String explain(Connection connection, String schema, String tenant, Map<String, Sum> sums)
            throws SQLException {
        Query query = query(connection, schema, sums, EXACT_UP_TO);
        if (query == null) {
            return "";
        }
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

    /**
     * One {@code select '
     * <table>
     * ', <count>} per tenant-owned table, joined by {@code union all}; null if none.
     */
    private static Query query(Connection connection, String schema, Map<String, Sum> sums, long exactUpTo)
            throws SQLException {
        List<String> selects = new ArrayList<>();
        List<Boolean> byTenant = new ArrayList<>();
        List<String> capped = new ArrayList<>();
        try (PreparedStatement tables = connection.prepareStatement(TABLES)) {
            tables.setString(1, schema);
            try (ResultSet rs = tables.executeQuery()) {
                while (rs.next()) {
                    String table = rs.getString(1);
                    Sum sum = sums.get(table);
                    if (sum != null) {
                        selects.add("select '" + table + "', coalesce(sum(" + name(sum.column()) + "), 0)::bigint from "
                                + name(schema, sum.counterTable()) + " where " + TenantUsers.condition("user_id"));
                        byTenant.add(false);
                    } else if (rs.getBoolean(2)) {
                        selects.add("select '" + table + "', count(*) from (select 1 from " + name(schema, table)
                                + " where tenant = ? limit " + (exactUpTo + 1) + ") t");
                        byTenant.add(true);
                        capped.add(table);
                    } else if (rs.getBoolean(3)) {
                        selects.add("select '" + table + "', count(*) from " + name(schema, table) + " where "
                                + TenantUsers.condition("user_id"));
                        byTenant.add(false);
                    }
                }
            }
        }
        return selects.isEmpty() ? null : new Query(String.join("\nunion all\n", selects), byTenant, capped);
    }

    /** The planner's estimate of the tenant's rows in {@code table} (the top plan node's {@code rows=}). */
    private static long estimate(Connection connection, String schema, String table, String tenant) throws SQLException {
        try (PreparedStatement explain = connection.prepareStatement(
                "explain select 1 from " + name(schema, table) + " where tenant = ?")) {
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

    private static String name(String schema, String table) {
        return name(schema) + "." + name(table);
    }

    private static String name(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static RuntimeException unavailable(String schema, SQLException e) {
        return Status.UNAVAILABLE.withDescription("database unavailable while counting rows of schema " + schema
                + ": " + e.getMessage()).withCause(e).asRuntimeException();
    }
}
