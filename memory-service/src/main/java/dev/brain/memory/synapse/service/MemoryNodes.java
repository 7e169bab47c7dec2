package dev.brain.memory.synapse.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.repository.MemoryNodeRepository;
import io.grpc.Status;

/**
 * The one node type this service owns: a synapse endpoint of type {@code memory} must be a long-term node of
 * one of the tenant's users (memory.md §2.1); other types belong to other services and are not checked.
 */
@ApplicationScoped
public class MemoryNodes {

    private final MemoryNodeRepository nodes;

    public MemoryNodes(MemoryNodeRepository nodes) {
        this.nodes = nodes;
    }

    /** @throws io.grpc.StatusRuntimeException NOT_FOUND naming the field when a memory endpoint does not exist */
    public void requireExisting(String tenant, NodeKey node, String field) {
        if (!node.type().equals("memory")) {
            return;
        }
        if (!nodes.exists(tenant, node.id())) {
            throw Status.NOT_FOUND.withDescription(field + ": memory node " + node.id() + " not found")
                    .asRuntimeException();
        }
    }
}
