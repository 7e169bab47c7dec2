package dev.brain.memory.longterm.partition;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.log.service.PipelineLogBuffer;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.longterm.partition.repository.PartitionRepository;
import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
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

    private final PartitionRepository partition;
    private final PairLock pairLock;
    private final LongTermRepository longTerm;
    private final NodeWriteRepository nodes;
    private final SynapseRepository synapses;
    private final PipelineLogBuffer logBuffer;

    public PartitionDeletes(PartitionRepository partition, PairLock pairLock, LongTermRepository longTerm,
            NodeWriteRepository nodes, SynapseRepository synapses, PipelineLogBuffer logBuffer) {
        this.partition = partition;
        this.pairLock = pairLock;
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
        pairLock.lock(userId, agentId);
        // a node of another tenant is not found, as an unknown one (ids are not probed across tenants)
        var owner = longTerm.nodeOwner(id).filter(o -> PairAccess.sameTenant(userId, o.userId()));
        if (owner.isEmpty()) {
            throw Status.NOT_FOUND.withDescription("id: node " + id + " not found").asRuntimeException();
        }
        if (!owner.get().is(userId, agentId)) {
            throw Status.PERMISSION_DENIED.withDescription("id: node " + id + " belongs to another pair")
                    .asRuntimeException();
        }
        long edges = partition.deleteEdgesOf(userId, agentId, id);
        boolean active = partition.deleteNode(userId, agentId, id);
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
        pairLock.lock(userId, agentId);
        long buffered = logBuffer.purge(userId, agentId);
        Map<String, Long> deleted = partition.deletePair(tenant, userId, agentId);
        deleted.put("pipeline_log_buffered", buffered);
        return deleted;
    }
}
