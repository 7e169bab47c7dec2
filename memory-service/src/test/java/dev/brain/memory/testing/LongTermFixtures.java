package dev.brain.memory.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import com.google.protobuf.Duration;
import com.pgvector.PGvector;

import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.WriteEntryRequest;

/** Pairs, controlled vectors, exact nodes and row snapshots for the long-term memory tests. */
public final class LongTermFixtures {

    public static final int D = 384;

    private LongTermFixtures() {
    }

    public static String newTenant(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A fresh pair of {@code tenant} (user id tenant-prefixed as the gateway does). */
    public static Pair pair(String tenant) {
        return Pair.newBuilder().setUserId(tenant + ":u-" + UUID.randomUUID().toString().substring(0, 6))
                .setAgentId("claude").build();
    }

    /** cos θ · e_a + sin θ · e_b: cosine cos θ to e_a (unit length). */
    public static float[] vector(int a, int b, double cosToA) {
        float[] v = new float[D];
        v[a] = (float) cosToA;
        v[b] = (float) Math.sqrt(1 - cosToA * cosToA);
        return v;
    }

    public static float[] unit(int a) {
        float[] v = new float[D];
        v[a] = 1;
        return v;
    }

    public static FloatVector proto(float[] v) {
        FloatVector.Builder b = FloatVector.newBuilder();
        for (float f : v) {
            b.addValues(f);
        }
        return b.build();
    }

    public static double cosine(float[] x, float[] y) {
        double dot = 0, nx = 0, ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += (double) x[i] * y[i];
            nx += (double) x[i] * x[i];
            ny += (double) y[i] * y[i];
        }
        return dot / Math.sqrt(nx * ny);
    }

    /** A valid WriteEntry with an explicit embedding. */
    public static WriteEntryRequest.Builder entry(Pair pair, String content, double salience, float[] embedding) {
        return WriteEntryRequest.newBuilder().setPair(pair).setObserver(Observer.OBSERVER_USER).setContent(content)
                .setSalience(salience).setEmbedding(proto(embedding));
    }

    public static Duration hours(long h) {
        return Duration.newBuilder().setSeconds(h * 3600).build();
    }

    /** Inserts a node with explicit weights; returns its id. */
    public static long node(DataSource ds, Pair pair, String key, float[] embedding, double raw, double absolute,
            double decayWeight, boolean active, OffsetDateTime at, Long[] entityIds, String[] topics) throws Exception {
        String[] keys = new String[topics.length];
        for (int i = 0; i < topics.length; i++) {
            keys[i] = topics[i].toLowerCase();
        }
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("""
                with n as (insert into long_term_node (user_id, agent_id, observer, source_key, content, topics,
                    topic_keys, entity_ids, entry_created_at, raw_weight, absolute_weight, decay_weight, decay_base,
                    decay_base_at, frequency, active, created_at, reinforced_at)
                values (?, ?, 'user', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) returning id, user_id, agent_id)
                insert into long_term_node_embedding (node_id, user_id, agent_id, embedding)
                select id, user_id, agent_id, ? from n returning node_id""")) {
            s.setString(1, pair.getUserId());
            s.setString(2, pair.getAgentId());
            s.setString(3, key);
            s.setString(4, "content of " + key);
            s.setArray(5, c.createArrayOf("text", topics));
            s.setArray(6, c.createArrayOf("text", keys));
            s.setArray(7, c.createArrayOf("bigint", entityIds));
            s.setObject(8, at);
            s.setDouble(9, raw);
            s.setDouble(10, absolute);
            s.setDouble(11, decayWeight);
            s.setDouble(12, decayWeight);
            s.setObject(13, at);
            s.setBoolean(14, active);
            s.setObject(15, at);
            s.setObject(16, at);
            s.setObject(17, new PGvector(embedding));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The full row as text (every column), or null. */
    /** The row as text; a node's row with its vector (stored apart in long_term_node_embedding). */
    public static String row(DataSource ds, String table, long id) throws Exception {
        String sql = table.equals("long_term_node")
                ? "select t::text || ' ' || e::text from long_term_node t"
                        + " join long_term_node_embedding e on e.node_id = t.id where t.id = ?"
                : "select t::text from " + table + " t where id = ?";
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Every edge touching the node, full rows in id order. */
    public static List<String> edgesOf(DataSource ds, long nodeId) throws Exception {
        try (Connection c = ds.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "select t::text from long_term_edge t where from_node_id = ? or to_node_id = ? order by id")) {
            s.setLong(1, nodeId);
            s.setLong(2, nodeId);
            List<String> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(rs.getString(1));
                }
            }
            return rows;
        }
    }

    /** The first column of every row, as text. */
    public static List<String> strings(DataSource ds, String sql, Object... params) throws Exception {
        List<String> out = new ArrayList<>();
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    public static long count(DataSource ds, String sql, Object... params) throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    public static double dbl(DataSource ds, String sql, Object... params) throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getDouble(1);
            }
        }
    }

    public static void exec(DataSource ds, String sql, Object... params) throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            s.execute();
        }
    }
}
