package dev.brain.memory.longterm.partition.repository;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The statements of the hard deletes (memory.md §13): a node and its edges (tables {@code long_term_node},
 * {@code long_term_edge}), and every row of a pair in tables {@code synapse}, {@code long_term_edge},
 * {@code short_term_entry}, {@code long_term_node_embedding}, {@code long_term_node}, {@code entity},
 * {@code turn_read}, {@code usage_decision}, {@code calibration}, {@code pipeline_log} and {@code partition_stats}.
 * The caller holds the pair lock and the transaction.
 */
@ApplicationScoped
public class PartitionRepository {

    /**
     * DeletePartition's statements in order, each counted: {@code memory} synapses of the pair's nodes first
     * (they reference nodes by id only), edges and vectors before nodes (counted, not cascaded), entries before nodes.
     */
    static final List<String[]> PARTITION = List.of(
            new String[] { "synapse", """
                    delete from synapse where tenant = ? and ((source_type = 'memory' and source_id in
                        (select id from long_term_node where user_id = ? and agent_id = ?))
                     or (target_type = 'memory' and target_id in
                        (select id from long_term_node where user_id = ? and agent_id = ?)))""" },
            new String[] { "long_term_edge", "delete from long_term_edge where user_id = ? and agent_id = ?" },
            new String[] { "short_term_entry", "delete from short_term_entry where user_id = ? and agent_id = ?" },
            new String[] { "long_term_node_embedding",
                    "delete from long_term_node_embedding where user_id = ? and agent_id = ?" },
            new String[] { "long_term_node", "delete from long_term_node where user_id = ? and agent_id = ?" },
            new String[] { "entity", "delete from entity where user_id = ? and agent_id = ?" },
            new String[] { "turn_read", "delete from turn_read where user_id = ? and agent_id = ?" },
            new String[] { "usage_decision", "delete from usage_decision where user_id = ? and agent_id = ?" },
            new String[] { "calibration", "delete from calibration where user_id = ? and agent_id = ?" },
            new String[] { "pipeline_log", "delete from pipeline_log where user_id = ? and agent_id = ?" },
            new String[] { "partition_stats", "delete from partition_stats where user_id = ? and agent_id = ?" });

    private final Jdbc jdbc;

    public PartitionRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Deletes the pair's edges from or to node {@code id} (both directions); the number deleted. */
    public long deleteEdgesOf(String userId, String agentId, long id) {
        return jdbc.update("delete from long_term_edge where user_id = ? and agent_id = ?"
                + " and (from_node_id = ? or to_node_id = ?)", userId, agentId, id, id);
    }

    /** Deletes the pair's node {@code id}, which exists; whether it was active. */
    public boolean deleteNode(String userId, String agentId, long id) {
        return jdbc.one("delete from long_term_node where user_id = ? and agent_id = ? and id = ?"
                + " returning active", rs -> rs.getBoolean(1), userId, agentId, id).orElseThrow();
    }

    /** Every row of the pair, table by table in {@link #PARTITION}'s order; rows deleted per table. */
    public Map<String, Long> deletePair(String tenant, String userId, String agentId) {
        Map<String, Long> deleted = new LinkedHashMap<>();
        for (String[] statement : PARTITION) {
            long n = statement[0].equals("synapse")
                    ? jdbc.update(statement[1], tenant, userId, agentId, userId, agentId)
                    : jdbc.update(statement[1], userId, agentId);
            deleted.put(statement[0], n);
        }
        return deleted;
    }
}
