package dev.brain.memory.longterm.promotion;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.pgvector.PGvector;

import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
import dev.brain.memory.testing.LongTermFixtures;
import io.quarkus.test.junit.QuarkusTest;

/**
 * §6 step 3: the candidate statements are index-driven. A pair of 400 nodes among ≥ 4,000 others: the plan of
 * every statement reaches long_term_node through an index, never a sequential scan, and the nearest-node
 * statements read the pair's partition of the vectors only.
 */
@QuarkusTest
class CandidateIndexTest {

    private static final String NOISE_USER = "explain-noise:bulk";
    private static final Pattern PARTITION = Pattern.compile("long_term_node_embedding_\\d\\d");

    @Inject
    DataSource dataSource;

    private void fill(Connection c, String userId, int n) throws Exception {
        try (PreparedStatement s = c.prepareStatement("""
                with n as (insert into long_term_node (user_id, agent_id, observer, source_key, content, topics,
                    topic_keys, entity_ids, time_at, time_precision, entry_created_at, raw_weight, absolute_weight,
                    decay_weight, decay_base, decay_base_at, frequency, active, created_at, reinforced_at)
                select ?, 'claude', 'user', 'k' || g, 'content ' || g,
                       array['t' || (g % 97)], array['t' || (g % 97)], array[(g % 89)::bigint],
                       now() - g * interval '1 day', 'day', now(), 0.8, 3.5, 3.5, 3.5, now(), 1, true, now(), now()
                  from generate_series(1, ?) g returning id, user_id, agent_id)
                insert into long_term_node_embedding (node_id, user_id, agent_id, embedding)
                select id, user_id, agent_id,
                       (select array_agg(random() - 0.5) from generate_series(1, 384) where id > 0)::real[]::vector
                  from n""")) {
            s.setString(1, userId);
            s.setInt(2, n);
            s.executeUpdate();
        }
    }

    private String plan(Connection c, String sql, Object... params) throws Exception {
        try (PreparedStatement s = c.prepareStatement("explain " + sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    plan.append(rs.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    @Test
    void everyCandidateStatementUsesAnIndexOnTheNodes() throws Exception {
        String user = LongTermFixtures.newTenant("explain") + ":u";
        float[] query = LongTermFixtures.unit(5);
        Instant at = Instant.now();
        try (Connection c = dataSource.getConnection()) {
            if (count(dataSource, "select count(*) from long_term_node where user_id = ?", NOISE_USER) < 4000) {
                fill(c, NOISE_USER, 4000);
            }
            fill(c, user, 400);
            try (Statement s = c.createStatement()) {
                s.execute("analyze long_term_node");
                s.execute("analyze long_term_node_embedding");
                s.execute("set hnsw.iterative_scan = relaxed_order");
            }
            Map<String, String> plans = Map.of(
                    "nearest exact", plan(c, NodeWriteRepository.NEAREST_EXACT, user, "claude", new PGvector(query), 200),
                    "nearest hnsw", plan(c, NodeWriteRepository.NEAREST_HNSW, user, "claude", new PGvector(query), 200),
                    "entity", plan(c, NodeWriteRepository.SHARED_ENTITY, user, "claude",
                            c.createArrayOf("bigint", new Long[] { 3L, 4L })),
                    "topics", plan(c, NodeWriteRepository.SHARED_TOPIC, user, "claude",
                            c.createArrayOf("text", new String[] { "t3" })),
                    "timeline", plan(c, NodeWriteRepository.TIME_WINDOW, user, "claude", "day",
                            at.minusSeconds(21 * 86400).atOffset(ZoneOffset.UTC), at.atOffset(ZoneOffset.UTC)));
            // the rebuild of Reembed: the same statements bounded to the nodes older than a node
            long before = count(dataSource, "select max(id) from long_term_node where user_id = ?", user) - 100;
            Map<String, String> bounded = Map.of(
                    "bounded nearest exact", plan(c, NodeWriteRepository.bounded(NodeWriteRepository.NEAREST_EXACT,
                            before), user, "claude", before, new PGvector(query), 200),
                    "bounded nearest hnsw", plan(c, NodeWriteRepository.bounded(NodeWriteRepository.NEAREST_HNSW,
                            before), user, "claude", before, new PGvector(query), 200),
                    "bounded entity", plan(c, NodeWriteRepository.bounded(NodeWriteRepository.SHARED_ENTITY, before),
                            user, "claude", before, c.createArrayOf("bigint", new Long[] { 3L, 4L })),
                    "bounded topics", plan(c, NodeWriteRepository.bounded(NodeWriteRepository.SHARED_TOPIC, before),
                            user, "claude", before, c.createArrayOf("text", new String[] { "t3" })),
                    "bounded timeline", plan(c, NodeWriteRepository.bounded(NodeWriteRepository.TIME_WINDOW, before),
                            user, "claude", before, "day", at.minusSeconds(21 * 86400).atOffset(ZoneOffset.UTC),
                            at.atOffset(ZoneOffset.UTC)));
            assertThat(bounded.values()).allMatch(plan -> plan.contains("id <"));
            plans = new HashMap<>(plans);
            plans.putAll(bounded);
            plans.forEach((name, plan) -> {
                assertThat(plan).as(name + ":\n" + plan).doesNotContainPattern("Seq Scan on long_term_node(\\s|$)");
                if (name.contains("nearest")) {
                    // the vectors are partitioned by pair (V5): the pair's statement reads its partition only
                    assertThat(PARTITION.matcher(plan).results().map(MatchResult::group).distinct())
                            .as(name + ":\n" + plan).hasSize(1);
                } else {
                    assertThat(plan).as(name + ":\n" + plan).containsPattern("Index (Only )?Scan|Bitmap Index Scan");
                }
            });
        }
    }
}
