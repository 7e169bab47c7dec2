package dev.brain.memory.admin.stats.repository;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.tenancy.TenantRowCounts;
import dev.brain.tenancy.TenantRowCounts.Sum;

/**
 * The counting statement of the admin {@code Stats}: a tenant's rows per table of schema memory, every table of the
 * schema, counted as {@link TenantRowCounts} counts every service's tables.
 *
 * <p>
 * The three pair tables that grow with the graph are read from {@code partition_stats}, the counts every
 * writer of nodes and edges maintains in its own transaction (promotion, Trigger 3, Reembed, DeleteNode; import
 * recounts its pairs; DeletePartition drops the row with the pair): a sum over the tenant's pairs, a range scan of
 * that table's primary key. Counting them row by row cannot stay inside the gateway's 2 s status deadline: at
 * 1.1M nodes the index range scans over nodes, vectors and edges took 2.2–3.1 s (heap fetches for every row where
 * the visibility map is not set), the sum 1.5 ms. {@code long_term_node_embedding} is {@code node_count}: a node
 * is written with its vector in one statement and its vector goes with it (foreign key, cascade).
 */
@ApplicationScoped
public class MemoryStatsRepository {

    /** Pair tables read from a {@code partition_stats} column (summed over the tenant's pairs). */
    public static final Map<String, Sum> FROM_PARTITION_STATS = Map.of(
            "long_term_node", new Sum("partition_stats", "node_count"),
            "long_term_edge", new Sum("partition_stats", "edge_count"),
            "long_term_node_embedding", new Sum("partition_stats", "node_count"));

    private static final String SCHEMA = "memory";

    private final Jdbc jdbc;

    public MemoryStatsRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's rows per table, in table-name order, exact up to {@code exactUpTo} rows each, estimated beyond. */
    public Map<String, Long> rowCounts(String tenant, long exactUpTo) {
        return jdbc.withConnection(c -> TenantRowCounts.count(c, SCHEMA, tenant, FROM_PARTITION_STATS, exactUpTo));
    }

    /** The plan of the counting statement ({@code EXPLAIN}, one line per row), for tests. */
    public static String explain(Connection connection, String tenant) throws SQLException {
        return TenantRowCounts.explain(connection, SCHEMA, tenant, FROM_PARTITION_STATS);
    }
}
