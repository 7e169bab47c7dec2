package dev.brain.memory.longterm.partition;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.longterm.promotion.NodeWriteRepository;
import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.repository.SynapseRepository;
import dev.brain.db.DataAccessException;
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

    private final DataSource dataSource;
    private final LongTermRepository longTerm;
    private final NodeWriteRepository nodes;
    private final SynapseRepository synapses;

    public PartitionDeletes(DataSource dataSource, LongTermRepository longTerm, NodeWriteRepository nodes,
            SynapseRepository synapses) {
        this.dataSource = dataSource;
        this.longTerm = longTerm;
        this.nodes = nodes;
        this.synapses = synapses;
    }

    /**
     * Hard delete of a node of the pair with its edges (both directions) and the tenant's synapses touching
     * {@code memory:<id>}.
     *
     * @throws io.grpc.StatusRuntimeException NOT_FOUND (unknown id) or PERMISSION_DENIED (node of another pair)
     */
    @Transactional
    public NodeDeleted deleteNode(String tenant, String userId, String agentId, long id) {
        lock(userId, agentId);
        var owner = longTerm.nodeOwner(id);
        if (owner.isEmpty()) {
            throw Status.NOT_FOUND.withDescription("id: node " + id + " not found").asRuntimeException();
        }
        if (!owner.get().is(userId, agentId)) {
            throw Status.PERMISSION_DENIED.withDescription("id: node " + id + " belongs to another pair")
                    .asRuntimeException();
        }
        long edges = update("delete from long_term_edge where user_id = ? and agent_id = ?"
                + " and (from_node_id = ? or to_node_id = ?)", userId, agentId, id, id);
        boolean active;
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "delete from long_term_node where user_id = ? and agent_id = ? and id = ? returning active")) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setLong(3, id);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                active = rs.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        long removed = synapses.deleteTouching(tenant, new NodeKey("memory", id)).size();
        nodes.adjustStats(userId, agentId, -1, active ? -1 : 0, -edges);
        return new NodeDeleted(edges, removed);
    }

    /** Every row of the pair, one transaction; rows deleted per table (plus the {@code memory} synapses). */
    @Transactional
    public Map<String, Long> deletePartition(String tenant, String userId, String agentId) {
        lock(userId, agentId);
        Map<String, Long> deleted = new LinkedHashMap<>();
        for (String[] statement : PARTITION) {
            long n = statement[0].equals("synapse")
                    ? update(statement[1], tenant, userId, agentId, userId, agentId)
                    : update(statement[1], userId, agentId);
            deleted.put(statement[0], n);
        }
        return deleted;
    }

    private void lock(String userId, String agentId) {
        try (Connection c = dataSource.getConnection()) {
            PairLock.lock(c, userId, agentId);
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    private long update(String sql, Object... params) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }
}
