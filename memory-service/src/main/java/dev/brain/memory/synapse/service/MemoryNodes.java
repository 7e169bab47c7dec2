package dev.brain.memory.synapse.service;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.synapse.NodeKey;
import dev.brain.db.DataAccessException;
import io.grpc.Status;

/**
 * The one node type this service owns: a synapse endpoint of type {@code memory} must be a long-term node of
 * one of the tenant's users (memory.md §2.1); other types belong to other services and are not checked.
 */
@ApplicationScoped
public class MemoryNodes {

    private final DataSource dataSource;

    public MemoryNodes(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** @throws io.grpc.StatusRuntimeException NOT_FOUND naming the field when a memory endpoint does not exist */
    public void requireExisting(String tenant, NodeKey node, String field) {
        if (!node.type().equals("memory")) {
            return;
        }
        String sql = "select 1 from long_term_node where id = ? and (user_id = ? or starts_with(user_id, ? || ':'))";
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, node.id());
            s.setString(2, tenant);
            s.setString(3, tenant);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    throw Status.NOT_FOUND.withDescription(field + ": memory node " + node.id() + " not found")
                            .asRuntimeException();
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }
}
