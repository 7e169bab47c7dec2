package dev.brain.memory.longterm.repository;

import static dev.brain.memory.longterm.LongTermFixtures.DIM;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/** The anchor search: the HNSW branch (large pairs) finds the same top 3 as the exact scan (small pairs). */
@QuarkusTest
class LongTermRepositoryTest {

    @Inject
    DataSource dataSource;

    @Inject
    LongTermRepository repository;

    static float[] random(Random random, float[] around, double spread) {
        float[] v = new float[DIM];
        for (int i = 0; i < DIM; i++) {
            v[i] = (float) ((around == null ? 0 : around[i]) + random.nextGaussian() * spread);
        }
        return v;
    }

    @Test
    void theIndexScanFindsThePairsExactTopThreeEvenWhenOtherPairsCrowdTheNeighbourhood() throws Exception {
        Random random = new Random(42);
        float[] query = random(random, null, 1);
        TestPair pair = newPair();
        TestPair crowd = newPair();
        for (int i = 0; i < 300; i++) {
            node(dataSource, crowd, NodeSpec.of("crowd " + i, random(random, query, 0.01)));
        }
        for (int i = 0; i < 60; i++) {
            node(dataSource, pair, NodeSpec.of("mine " + i, random(random, query, 0.6 + i * 0.01)));
        }
        for (int q = 0; q < 10; q++) {
            float[] probe = q == 0 ? query : random(random, query, 0.3);
            List<Long> exact = QuarkusTransaction.requiringNew().call(() -> repository.nearestActive(pair.userId(),
                    pair.agentId(), probe, List.of(), 3, true, 100)).stream().map(LongTermRepository.Scored::id).toList();
            List<Long> indexed = QuarkusTransaction.requiringNew().call(() -> repository.nearestActive(pair.userId(),
                    pair.agentId(), probe, List.of(), 3, false, 100)).stream().map(LongTermRepository.Scored::id).toList();
            assertThat(exact).hasSize(3);
            assertThat(indexed).isEqualTo(exact);
        }
    }
}
