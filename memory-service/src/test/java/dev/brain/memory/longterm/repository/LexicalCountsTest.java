package dev.brain.memory.longterm.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.db.Jdbc;
import io.quarkus.test.junit.QuarkusTest;

/**
 * A large pair's lexeme counts (BM25's document frequencies) are kept: a count a minute old is still answered at once
 * and recounted in the background, so no read waits for one (each took 10–20 ms at 100k nodes).
 */
@QuarkusTest
class LexicalCountsTest {

    @Inject
    Jdbc jdbc;

    @Test
    void aMinuteOldCountIsAnsweredAndRecountedInTheBackground() throws InterruptedException {
        String user = "lexical-counts-" + System.nanoTime();
        // 5,000 active nodes (a large pair), every tenth about kafka
        jdbc.update("""
                insert into long_term_node (user_id, agent_id, observer, source_key, content, topics, topic_keys,
                    entity_ids, time_at, time_precision, entry_created_at, raw_weight, absolute_weight, decay_weight,
                    decay_base, decay_base_at, frequency, active, created_at, reinforced_at)
                select ?, 'claude', 'user', 'k' || g, 'note ' || g || case when g % 10 = 0 then ' kafka' else '' end,
                       '{}', '{}', '{}', null, null, now(), 0.8, 3.5, 3.5, 3.5, now(), 1, true, now(), now()
                from generate_series(1, ?) g""", user, (int) LexicalRepository.KEPT_FROM_NODES);
        AtomicLong nanos = new AtomicLong();
        LexicalRepository lexical = new LexicalRepository(jdbc, nanos::get);
        assertThat(lexical.stats(user, "claude").nodes()).isEqualTo(LexicalRepository.KEPT_FROM_NODES);
        assertThat(lexical.documentFrequencies(user, "claude", List.of("kafka"))).isEqualTo(Map.of("kafka", 500L));

        jdbc.update("update long_term_node set content = content || ' kafka' where user_id = ? and source_key = 'k1'",
                user);
        assertThat(lexical.documentFrequencies(user, "claude", List.of("kafka"))).isEqualTo(Map.of("kafka", 500L));
        nanos.addAndGet(Duration.ofSeconds(61).toNanos());
        // a minute old: the kept count at once, the recount behind it
        assertThat(lexical.documentFrequencies(user, "claude", List.of("kafka"))).isEqualTo(Map.of("kafka", 500L));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (lexical.documentFrequencies(user, "claude", List.of("kafka")).get("kafka") == 500L
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(lexical.documentFrequencies(user, "claude", List.of("kafka"))).isEqualTo(Map.of("kafka", 501L));
        // a lexeme not kept yet is counted on the call
        assertThat(lexical.documentFrequencies(user, "claude", List.of("zebra", "kafka")))
                .isEqualTo(Map.of("zebra", 0L, "kafka", 501L));
        jdbc.update("delete from long_term_node where user_id = ?", user);
    }
}
