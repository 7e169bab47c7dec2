package dev.brain.research.knowledge.repository;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.research.knowledge.KnowledgePair;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/** The native SQL of the library: the dense list exact and through HNSW, keyword overlap, lexical, the pair scope. */
@QuarkusTest
class KnowledgeRepositoryTest {

    static final int DIM = 384;

    @Inject
    KnowledgeRepository repository;

    final KnowledgePair pair = new KnowledgePair("t-repo-" + System.nanoTime() + ":alice", "claude");

    static float[] axis(int i, float tilt) {
        float[] v = new float[DIM];
        v[i] = 1;
        v[(i + 1) % DIM] = tilt;
        return v;
    }

    long insert(KnowledgePair p, String topic, float[] embedding, String... keywords) {
        Instant now = Instant.now();
        return repository.insert(new NewKnowledgeRow(p.userId(), p.agentId(), "user", p.directory() + "/" + topic + ".md",
                topic, topic, topic + " summary", embedding, "knowledge", "research", "deep", keywords, new long[0], 0.5,
                0.5, 2.8, 2.8, 1, now, now, "1.0"));
    }

    @Test
    void theExactScanAndTheHnswIndexFindTheSameNearestRowsOfThePairOnly() {
        long near = insert(pair, "near", axis(0, 0.1f));
        long far = insert(pair, "far", axis(5, 0f));
        insert(new KnowledgePair(pair.userId() + "x", "claude"), "other-pair", axis(0, 0f));

        List<KnowledgeRepository.Distance> exact = repository.dense(pair, "knowledge", axis(0, 0f), 10, false);
        List<KnowledgeRepository.Distance> indexed = QuarkusTransaction.requiringNew().call(() -> {
            repository.tuneHnsw(100);
            return repository.dense(pair, "knowledge", axis(0, 0f), 10, true);
        });

        assertThat(exact).extracting(KnowledgeRepository.Distance::id).containsExactly(near, far);
        assertThat(indexed).extracting(KnowledgeRepository.Distance::id).containsExactly(near, far);
        assertThat(exact.get(0).distance()).isCloseTo(1 - 1 / Math.sqrt(1.01), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(exact.get(1).distance()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void keywordOverlapRanksTheMostSharedWordsFirstAndLexicalMatchesTopicAndSummary() {
        long one = insert(pair, "alpha", null, "kafka");
        long two = insert(pair, "beta", null, "kafka", "rebalance");
        assertThat(repository.keywordOverlap(pair, "knowledge", new String[] { "kafka", "rebalance" }, 10))
                .containsExactly(two, one);
        // english lexemes ("summari"); any selective word finds an entry, with its frequency of every query lexeme
        List<String> lexemes = repository.lexemes("the beta summary");
        assertThat(lexemes).containsExactly("beta", "summari");
        assertThat(repository.lexicalMatches(pair, "knowledge", List.of("beta"), lexemes, 10))
                .extracting(dev.brain.db.search.Bm25.Match::id).containsExactly(two);
        assertThat(repository.documentFrequencies(pair, "knowledge", lexemes)[0]).isEqualTo(1);
        assertThat(repository.storeSize(pair, "knowledge")).isEqualTo(2);
        repository.setActive(two, false, Instant.now());
        assertThat(repository.storeSize(pair, "knowledge")).isEqualTo(1);
        assertThat(repository.keywordOverlap(pair, "knowledge", new String[] { "rebalance" }, 10)).isEmpty();
    }
}
