package dev.brain.memory.synapse.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.memory.synapse.NodeKey;
import io.grpc.Status;

/**
 * The one node type this service owns: a synapse endpoint of type {@code memory} must be a long-term node of
 * one of the tenant's users (memory.md §2.1); other types belong to other services and are not checked.
 */
@ApplicationScoped
public class MemoryNodes {

    private final Jdbc jdbc;

    public MemoryNodes(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** @throws io.grpc.StatusRuntimeException NOT_FOUND naming the field when a memory endpoint does not exist */
    public void requireExisting(String tenant, NodeKey node, String field) {
        if (!node.type().equals("memory")) {
            return;
        }
        String sql = "select 1 from long_term_node where id = ? and (user_id = ? or starts_with(user_id, ? || ':'))";
        if (jdbc.one(sql, rs -> true, node.id(), tenant, tenant).isEmpty()) {
            throw Status.NOT_FOUND.withDescription(field + ": memory node " + node.id() + " not found")
                    .asRuntimeException();
        }
    }
}
