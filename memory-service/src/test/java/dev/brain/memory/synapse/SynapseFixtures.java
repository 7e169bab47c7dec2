package dev.brain.memory.synapse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.util.UUID;

import javax.sql.DataSource;

import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;

/** Builds exact graphs for tests: synapses inserted with explicit weights and activation times. */
public final class SynapseFixtures {

    private SynapseFixtures() {
    }

    public static String newTenant(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static NodeRef error(long id) {
        return NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(id).build();
    }

    /** Inserts error:{from} -{type}-> error:{to} with weight = base weight; returns the id. */
    public static long insert(DataSource dataSource, String tenant, long from, long to, String type, double weight,
            OffsetDateTime lastActivated) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type, weight,
                                     base_weight, activation_count, last_activated_at, created_at)
                values (?, 'error', ?, 'error', ?, ?, ?, ?, 1, ?, ?) returning id""")) {
            s.setString(1, tenant);
            s.setLong(2, from);
            s.setLong(3, to);
            s.setString(4, type);
            s.setDouble(5, weight);
            s.setDouble(6, weight);
            s.setObject(7, lastActivated);
            s.setObject(8, lastActivated);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Inserts the chain error:1 -co_occurs-> error:2 -> … -> error:{n + 1}, weights 0.5, in one statement. */
    public static void insertChain(DataSource dataSource, String tenant, int n) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type, weight,
                                     base_weight, activation_count, last_activated_at, created_at)
                select ?, 'error', g, 'error', g + 1, 'co_occurs', 0.5, 0.5, 1, now(), now()
                  from generate_series(1, ?) g""")) {
            s.setString(1, tenant);
            s.setInt(2, n);
            s.executeUpdate();
        }
    }

    /** Weight of a synapse, or null when it no longer exists. */
    public static Double weight(DataSource dataSource, long id) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("select weight from synapse where id = ?")) {
            s.setLong(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getDouble(1) : null;
            }
        }
    }
}
