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


import io.grpc.Status;

/**
 * Live row counts of every table of one schema, as far as they belong to a tenant: tables with a
 * {@code tenant} column count the tenant's rows; tables partitioned by {@code user_id} (memory's pairs)
 * count the rows whose user is the tenant or a user of it ({@code <tenant>:<user>}, memory.md §4.1: the
 * gateway prefixes user ids with the tenant); tables with neither are not tenant-owned and are left out.
 * Flyway's history table is never counted, and a partitioned table is counted once, as itself (its
 * partitions are not listed apart).
 *
 * <p>Counts are exact, and every condition can be served by an index: {@code tenant = ?}, and for user ids
 * {@link TenantUsers#condition} (a range on user_id plus the exact test) — so a b-tree whose first column is
 * {@code tenant} / {@code user_id} turns a count into an index(-only) range scan over the tenant's rows instead of a
 * sequential scan of every tenant's. A table without such an index can be counted {@link Via} a table that has one.
 * One statement, run with JIT off (compiling it costs more than counting).
 */
public final class TenantRowCounts {

    /**
     * Counts {@code table} through a reference instead of its own user id: its rows whose {@code column} equals
     * {@code parentKey} of a row of {@code parentTable} (same schema) that belongs to the tenant. Exact when every
     * row belongs to the user of the row it references — e.g. memory's {@code long_term_edge}, whose composite
     * foreign key {@code (user_id, agent_id, from_node_id)} makes an edge's pair its from-node's.
     */
    public record Via(String column, String parentTable, String parentKey) {
    }

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

    /** The counting statement and how many parameters of each kind it binds, in order. */
    private record Query(String sql, List<Boolean> byTenant) {
    }

    private TenantRowCounts() {
    }

    /** Table name → rows of {@code tenant}, in table-name order, counted on {@code connection} (not in a transaction). */
    public static Map<String, Long> count(Connection connection, String schema, String tenant) {
        return count(connection, schema, tenant, Map.of());
    }

    /** As {@link #count(Connection, String, String)}; the tables of {@code via} are counted through their reference. */
    public static Map<String, Long> count(Connection connection, String schema, String tenant, Map<String, Via> via) {
        try {
            Query query = query(connection, schema, via);
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
    public static String explain(Connection connection, String schema, String tenant, Map<String, Via> via)
            throws SQLException {
        Query query = query(connection, schema, via);
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

    /** One {@code select '<table>', count(*)} per tenant-owned table, joined by {@code union all}; null if none. */
    private static Query query(Connection connection, String schema, Map<String, Via> via) throws SQLException {
        List<String> selects = new ArrayList<>();
        List<Boolean> byTenant = new ArrayList<>();
        try (PreparedStatement tables = connection.prepareStatement(TABLES)) {
            tables.setString(1, schema);
            try (ResultSet rs = tables.executeQuery()) {
                while (rs.next()) {
                    String table = rs.getString(1);
                    String from = "select '" + table + "', count(*) from " + name(schema, table) + " where ";
                    if (rs.getBoolean(2)) {
                        selects.add(from + "tenant = ?");
                        byTenant.add(true);
                    } else if (rs.getBoolean(3)) {
                        Via v = via.get(table);
                        selects.add(from + (v == null ? TenantUsers.condition("user_id")
                                : name(v.column()) + " in (select " + name(v.parentKey()) + " from "
                                        + name(schema, v.parentTable()) + " where " + TenantUsers.condition("user_id")
                                        + ")"));
                        byTenant.add(false);
                    }
                }
            }
        }
        return selects.isEmpty() ? null : new Query(String.join("\nunion all\n", selects), byTenant);
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
