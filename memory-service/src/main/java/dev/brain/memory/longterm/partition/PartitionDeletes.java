package dev.brain.memory.longterm.partition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.memory.log.service.PipelineLogBuffer;
import dev.brain.memory.longterm.promotion.NodeWriteRepository;
import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.repository.SynapseRepository;
import io.grpc.Status;

/**
 * The hard deletes of the long-term memory (memory.md §13): {@code DeleteNode} (the node, its edges and its
 * {@code memory} synapses of the tenant; partition_stats follow) and {@code DeletePartition} (every row of the
 * pair). Each is one transaction under the pair lock, so no promotion or Trigger 3 of the pair interleaves.
 */
@ApplicationScoped
public class PartitionDeletes {

    /** What DeleteNode removed. */
    public record NodeDeleted(long edgesDeleted, long synapsesDeleted) {
    }

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
    private final LongTermRepository longTerm;
    private final NodeWriteRepository nodes;
    private final SynapseRepository synapses;
    private final PipelineLogBuffer logBuffer;

    public PartitionDeletes(Jdbc jdbc, LongTermRepository longTerm, NodeWriteRepository nodes,
            SynapseRepository synapses, PipelineLogBuffer logBuffer) {
        this.jdbc = jdbc;
        this.longTerm = longTerm;
        this.nodes = nodes;
        this.synapses = synapses;
        this.logBuffer = logBuffer;
    }

    /**
     * Hard delete of a node of the pair with its edges (both directions) and the tenant's synapses touching
     * {@code memory:<id>}.
     *
     * @throws io.grpc.StatusRuntimeException NOT_FOUND (unknown id, or a node of another tenant) or PERMISSION_DENIED
     *         (node of another pair of the tenant)
     */
    @Transactional
    public NodeDeleted deleteNode(String tenant, String userId, String agentId, long id) {
        PairLock.lock(jdbc, userId, agentId);
        // a node of another tenant is not found, as an unknown one (ids are not probed across tenants)
        var owner = longTerm.nodeOwner(id).filter(o -> PairAccess.sameTenant(userId, o.userId()));
        if (owner.isEmpty()) {
            throw Status.NOT_FOUND.withDescription("id: node " + id + " not found").asRuntimeException();
        }
        if (!owner.get().is(userId, agentId)) {
            throw Status.PERMISSION_DENIED.withDescription("id: node " + id + " belongs to another pair")
                    .asRuntimeException();
        }
        long edges = jdbc.update("delete from long_term_edge where user_id = ? and agent_id = ?"
                + " and (from_node_id = ? or to_node_id = ?)", userId, agentId, id, id);
        boolean active = jdbc.one("delete from long_term_node where user_id = ? and agent_id = ? and id = ?"
                + " returning active", rs -> rs.getBoolean(1), userId, agentId, id).orElseThrow();
        long removed = synapses.deleteTouching(tenant, new NodeKey("memory", id)).size();
        nodes.adjustStats(userId, agentId, -1, active ? -1 : 0, -edges);
        return new NodeDeleted(edges, removed);
    }

    /**
     * Every row of the pair, one transaction; rows deleted per table (plus the {@code memory} synapses). The pair's
     * lines still in the pipeline-log buffer are dropped first ({@code pipeline_log_buffered}): written after the
     * delete they would be rows of the deleted pair. (Dropped also when the delete then fails: forensic lines of
     * a pair whose deletion was asked for.)
     */
    @Transactional
    public Map<String, Long> deletePartition(String tenant, String userId, String agentId) {
        PairLock.lock(jdbc, userId, agentId);
        Map<String, Long> deleted = new LinkedHashMap<>();
        long buffered = logBuffer.purge(userId, agentId);
        for (String[] statement : PARTITION) {
            long n = statement[0].equals("synapse")
                    ? jdbc.update(statement[1], tenant, userId, agentId, userId, agentId)
                    : jdbc.update(statement[1], userId, agentId);
            deleted.put(statement[0], n);
        }
        deleted.put("pipeline_log_buffered", buffered);
        return deleted;
    }
}
