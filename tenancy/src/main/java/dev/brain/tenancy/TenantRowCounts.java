package dev.brain.tenancy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import io.grpc.Status;

/**
 * Live row counts of every table of one schema, as far as they belong to a tenant: tables with a
 * {@code tenant} column count the tenant's rows; tables partitioned by {@code user_id} (memory's pairs)
 * count the rows whose user is the tenant or a user of it ({@code <tenant>:<user>}, memory.md §4.1: the
 * gateway prefixes user ids with the tenant); tables with neither are not tenant-owned and are left out.
 * One statement; Flyway's history table is never counted.
 */
public final class TenantRowCounts {

    private static final String TABLES = """
            select c.table_name,
                   bool_or(c.column_name = 'tenant')  as has_tenant,
                   bool_or(c.column_name = 'user_id') as has_user
              from information_schema.columns c
              join information_schema.tables t
                on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
             where c.table_schema = ? and c.table_name <> 'flyway_schema_history'
             group by c.table_name
             order by c.table_name
            """;

    private TenantRowCounts() {
    }

    /** Table name → rows of {@code tenant}, in table-name order. */
    public static Map<String, Long> count(DataSource dataSource, String schema, String tenant) {
        try (Connection connection = dataSource.getConnection()) {
            List<String> selects = new ArrayList<>();
            List<Boolean> byTenant = new ArrayList<>();
            try (PreparedStatement tables = connection.prepareStatement(TABLES)) {
                tables.setString(1, schema);
                try (ResultSet rs = tables.executeQuery()) {
                    while (rs.next()) {
                        String table = rs.getString(1);
                        String from = "select '" + table + "', count(*) from \"" + schema + "\".\"" + table + "\" where ";
                        if (rs.getBoolean(2)) {
                            selects.add(from + "tenant = ?");
                            byTenant.add(true);
                        } else if (rs.getBoolean(3)) {
                            selects.add(from + "(user_id = ? or starts_with(user_id, ? || ':'))");
                            byTenant.add(false);
                        }
                    }
                }
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            if (selects.isEmpty()) {
                return counts;
            }
            try (PreparedStatement count = connection.prepareStatement(String.join("\nunion all\n", selects))) {
                int parameter = 1;
                for (boolean tenantColumn : byTenant) {
                    count.setString(parameter++, tenant);
                    if (!tenantColumn) {
                        count.setString(parameter++, tenant);
                    }
                }
                try (ResultSet rs = count.executeQuery()) {
                    while (rs.next()) {
                        counts.put(rs.getString(1), rs.getLong(2));
                    }
                }
            }
            return counts;
        } catch (SQLException e) {
            throw Status.UNAVAILABLE.withDescription("database unavailable while counting rows of schema " + schema
                    + ": " + e.getMessage()).withCause(e).asRuntimeException();
        }
    }
}
