package dev.brain.memory.longterm;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import dev.brain.db.PgVector;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.Pair;

/**
 * Builds exact long-term graphs for tests: nodes and edges inserted with explicit weights and frozen fields
 * (as the spec's import does), embeddings from orthonormal basis vectors so cosines are exact.
 */
public final class LongTermFixtures {

    public static final int DIM = 384;
    public static final OffsetDateTime T0 = OffsetDateTime.of(2026, 10, 1, 12, 0, 0, 0, ZoneOffset.UTC);

    private LongTermFixtures() {
    }

    /** A fresh tenant and a pair of one of its users. */
    public record TestPair(String tenant, String userId, String agentId) {
        public Pair proto() {
            return Pair.newBuilder().setUserId(userId).setAgentId(agentId).build();
        }
    }

    public static TestPair newPair() {
        String tenant = "t" + UUID.randomUUID().toString().substring(0, 8);
        return new TestPair(tenant, tenant + ":u" + UUID.randomUUID().toString().substring(0, 6), "claude");
    }

    /** Another pair of the same tenant. */
    public static TestPair sibling(TestPair pair) {
        return new TestPair(pair.tenant(), pair.tenant() + ":u" + UUID.randomUUID().toString().substring(0, 6),
                pair.agentId());
    }

    /** Unit vector e_i. */
    public static float[] unit(int i) {
        float[] v = new float[DIM];
        v[i] = 1;
        return v;
    }

    /** c·e_0 + √(1 − c²)·e_i: cosine exactly c to e_0. */
    public static float[] at(double cosine, int i) {
        float[] v = new float[DIM];
        v[0] = (float) cosine;
        v[i] = (float) Math.sqrt(1 - cosine * cosine);
        return v;
    }

    public static FloatVector proto(float[] v) {
        FloatVector.Builder b = FloatVector.newBuilder();
        for (float f : v) {
            b.addValues(f);
        }
        return b.build();
    }

    /** A node to insert; builder-style withers keep tests short. */
    public record NodeSpec(String content, float[] embedding, String observer, List<String> topics,
            List<Long> entityIds, String emotion, double raw, double absolute, double decay, boolean active) {

        public static NodeSpec of(String content, float[] embedding) {
            return new NodeSpec(content, embedding, "user", List.of(), List.of(), "", 0.8, 3.540243, 3.540243, true);
        }

        public NodeSpec topics(String... topics) {
            return new NodeSpec(content, embedding, observer, List.of(topics), entityIds, emotion, raw, absolute, decay,
                    active);
        }

        public NodeSpec entities(Long... ids) {
            return new NodeSpec(content, embedding, observer, topics, List.of(ids), emotion, raw, absolute, decay, active);
        }

        public NodeSpec emotion(String emotion) {
            return new NodeSpec(content, embedding, observer, topics, entityIds, emotion, raw, absolute, decay, active);
        }

        public NodeSpec observer(String observer) {
            return new NodeSpec(content, embedding, observer, topics, entityIds, emotion, raw, absolute, decay, active);
        }

        public NodeSpec weights(double raw, double absolute, double decay) {
            return new NodeSpec(content, embedding, observer, topics, entityIds, emotion, raw, absolute, decay, active);
        }

        public NodeSpec decay(double decay) {
            return new NodeSpec(content, embedding, observer, topics, entityIds, emotion, raw, absolute, decay, active);
        }

        public NodeSpec inactive() {
            return new NodeSpec(content, embedding, observer, topics, entityIds, emotion, raw, absolute, decay, false);
        }
    }

    public static long node(DataSource ds, TestPair pair, NodeSpec n) throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("""
                with n as (insert into long_term_node (user_id, agent_id, observer, source_key, content, topics,
                    topic_keys, entity_ids, emotion, entry_created_at, raw_weight, absolute_weight, decay_weight,
                    decay_base, decay_base_at, frequency, active, created_at, reinforced_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) returning id, user_id, agent_id)
                insert into long_term_node_embedding (node_id, user_id, agent_id, embedding)
                select id, user_id, agent_id, ?::vector from n returning node_id""")) {
            int i = 1;
            s.setString(i++, pair.userId());
            s.setString(i++, pair.agentId());
            s.setString(i++, n.observer());
            s.setString(i++, "k-" + UUID.randomUUID());
            s.setString(i++, n.content());
            s.setArray(i++, c.createArrayOf("text", n.topics().toArray()));
            s.setArray(i++, c.createArrayOf("text", n.topics().stream().map(String::toLowerCase).toArray()));
            s.setArray(i++, c.createArrayOf("bigint", n.entityIds().toArray()));
            s.setString(i++, n.emotion());
            s.setObject(i++, T0);
            s.setDouble(i++, n.raw());
            s.setDouble(i++, n.absolute());
            s.setDouble(i++, n.decay());
            s.setDouble(i++, n.decay());
            s.setObject(i++, T0);
            s.setBoolean(i++, n.active());
            s.setObject(i++, T0);
            s.setObject(i++, T0);
            s.setString(i, PgVector.literal(n.embedding()));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** An edge's frozen fields. */
    public record EdgeSpec(List<String> reasons, List<Long> sharedEntityIds, List<String> sharedTopics, double cosine,
            Double timelineDistance, String timelinePrecision) {

        public static EdgeSpec topics(String... topics) {
            return new EdgeSpec(List.of("topics"), List.of(), List.of(topics), 0.2, null, null);
        }

        public static EdgeSpec of(List<String> reasons, List<Long> entities, List<String> topics, double cosine) {
            return new EdgeSpec(reasons, entities, topics, cosine, null, null);
        }
    }

    /** One directed edge with an explicit absolute weight (raw = absolute; tests of the read path need no more). */
    public static long edge(DataSource ds, TestPair pair, long from, long to, double absolute, EdgeSpec e)
            throws Exception {
        return edge(ds, pair, from, to, absolute, absolute, e);
    }

    public static long edge(DataSource ds, TestPair pair, long from, long to, double raw, double absolute, EdgeSpec e)
            throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement("""
                insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight, absolute_weight,
                    reasons, shared_entity_ids, shared_topics, timeline_distance, timeline_precision,
                    embedding_cosine_initial, layer_count, created_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""")) {
            int i = 1;
            s.setString(i++, pair.userId());
            s.setString(i++, pair.agentId());
            s.setLong(i++, from);
            s.setLong(i++, to);
            s.setDouble(i++, raw);
            s.setDouble(i++, absolute);
            s.setArray(i++, c.createArrayOf("text", e.reasons().toArray()));
            s.setArray(i++, c.createArrayOf("bigint", e.sharedEntityIds().toArray()));
            s.setArray(i++, c.createArrayOf("text", e.sharedTopics().toArray()));
            if (e.timelineDistance() == null) {
                s.setNull(i++, java.sql.Types.DOUBLE);
            } else {
                s.setDouble(i++, e.timelineDistance());
            }
            s.setString(i++, e.timelinePrecision());
            s.setDouble(i++, e.cosine());
            s.setInt(i++, e.reasons().size());
            s.setObject(i, T0);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Every node (with its vector) and edge row of the pair as text, in id order: equal lists mean byte-identical rows. */
    public static List<String> snapshot(DataSource ds, TestPair pair) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String table : List.of("long_term_node", "long_term_node_embedding", "long_term_edge")) {
            String id = table.equals("long_term_node_embedding") ? "node_id" : "id";
            try (Connection c = ds.getConnection();
                    PreparedStatement s = c.prepareStatement(
                            "select t::text from " + table + " t where user_id = ? and agent_id = ? order by " + id)) {
                s.setString(1, pair.userId());
                s.setString(2, pair.agentId());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows.add(table + " " + rs.getString(1));
                    }
                }
            }
        }
        return rows;
    }

    /** One scalar of a query with one bigint/text parameter each. */
    public static Object scalar(DataSource ds, String sql, Object... params) throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getObject(1) : null;
            }
        }
    }

    public static void exec(DataSource ds, String sql) throws Exception {
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.execute();
        }
    }
}
