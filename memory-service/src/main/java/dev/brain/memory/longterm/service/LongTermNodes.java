package dev.brain.memory.longterm.service;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.longterm.repository.EdgeRow;
import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.longterm.repository.LongTermRepository.EdgeDirection;
import dev.brain.memory.longterm.repository.NodeRow;
import dev.brain.memory.pair.PairAccess;
import io.grpc.Status;

/**
 * Nodes and edges of a pair as they are stored (GetNode, ListNodes, ListEdges): an id of another pair is
 * PERMISSION_DENIED, an unknown id NOT_FOUND.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class LongTermNodes {

    private final LongTermRepository repository;

    public LongTermNodes(LongTermRepository repository) {
        this.repository = repository;
    }

    public NodeRow get(String userId, String agentId, long id, boolean withEmbedding, String field) {
        return repository.node(userId, agentId, id, withEmbedding).orElseThrow(() -> missing(userId, agentId, id, field));
    }

    public List<NodeRow> list(String userId, String agentId, Boolean active, String observer, long afterId, int limit,
            boolean withEmbedding) {
        return repository.listNodes(userId, agentId, active, observer, afterId, limit, withEmbedding);
    }

    public List<EdgeRow> edges(String userId, String agentId, long nodeId, EdgeDirection direction, Double afterWeight,
            Long afterId, int limit) {
        if (repository.node(userId, agentId, nodeId, false).isEmpty()) {
            throw missing(userId, agentId, nodeId, "node_id");
        }
        return repository.listEdges(userId, agentId, nodeId, direction, afterWeight, afterId, limit);
    }

    private RuntimeException missing(String userId, String agentId, long id, String field) {
        return repository.nodeOwner(id).filter(o -> PairAccess.sameTenant(userId, o.userId()))
                .map(o -> Status.PERMISSION_DENIED.withDescription(field + ": node " + id + " belongs to another pair"))
                .orElse(Status.NOT_FOUND.withDescription(field + ": node " + id + " not found")).asRuntimeException();
    }
}
