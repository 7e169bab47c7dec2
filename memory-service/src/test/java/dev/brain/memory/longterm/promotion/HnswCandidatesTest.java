package dev.brain.memory.longterm.promotion;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.ReadRanking;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.NodeWeights;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * With small bounds: §6 step 3a above {@code vector.exact-scan-max-nodes} (the HNSW index of the pair's partition, iterative
 * scan still finds the pair's nearest node among other pairs' nodes), the read path's anchors above that bound
 * (§9.2: active nodes of the pair only), and step 6's cap on new edge pairs.
 */
@QuarkusTest
@TestProfile(HnswCandidatesTest.SmallExactScan.class)
class HnswCandidatesTest {

    public static class SmallExactScan implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.vector.exact-scan-max-nodes", "5",
                    "brain.memory.promotion.max-new-edge-pairs", "2");
        }
    }

    @Inject
    DataSource dataSource;

    @Inject
    EdgeWeights edgeWeights;

    @Inject
    NodeWeights nodeWeights;

    @Test
    void theCapKeepsTheEdgePairsWithTheHighestStrongerToWeakerWeight() throws Exception {
        String tenant = LongTermFixtures.newTenant("cap");
        Pair pair = pair(tenant);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        long entity = 700_000_000L + (System.nanoTime() % 1000);
        double[] weights = { 1.0, 6.0, 2.5, 8.0, 3.0 };
        double absolute = nodeWeights.anchor(0.8);
        Map<Long, Double> strongerToWeaker = new java.util.HashMap<>();
        for (int i = 0; i < weights.length; i++) {
            long id = LongTermFixtures.node(dataSource, pair, "c" + i, unit(300 + i), 1.0, weights[i], weights[i], true,
                    now, new Long[] { entity }, new String[0]);
            EdgeWeights.Pair w = edgeWeights.compute(absolute, weights[i], Map.of(Layer.ENTITY, 1.0));
            strongerToWeaker.put(id, Math.max(w.rawXY(), w.rawYX()));
        }
        List<Long> expected = strongerToWeaker.entrySet().stream()
                .sorted(Map.Entry.<Long, Double> comparingByValue().reversed()).limit(2).map(Map.Entry::getKey).toList();
        ManagedChannel channel = GrpcTestChannel.open();
        try {
            long id = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel))
                    .writeEntry(entry(pair, "shares the entity with all five", 0.8, unit(310)).addEntityIds(entity)
                            .build())
                    .getEntry().getId();
            PromoteEntryResponse r = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                    .promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair).setId(id).build());
            assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
            assertThat(r.getEdgesCreated()).isEqualTo(4);
            assertThat(r.getEdgePairsCapped()).isEqualTo(3);
            List<Long> linked = new java.util.ArrayList<>();
            for (long candidate : strongerToWeaker.keySet()) {
                if (count(dataSource, "select count(*) from long_term_edge where from_node_id = ? and to_node_id = ?",
                        r.getNodeId(), candidate) == 1) {
                    linked.add(candidate);
                }
            }
            assertThat(linked).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ?"
                    + " and (content->'measure'->>'edge_pairs_capped')::int = 3", pair.getUserId())).isEqualTo(1);
        } finally {
            channel.shutdownNow();
        }
    }

    @Test
    void aPairAboveTheExactScanLimitFindsItsNearestNodeThroughHnsw() throws Exception {
        String tenant = LongTermFixtures.newTenant("hnsw");
        Pair pair = pair(tenant);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        for (int i = 0; i < 12; i++) {
            LongTermFixtures.node(dataSource, pair, "n" + i, unit(100 + i), 0.8, 3.5, 3.5, true, now, new Long[0],
                    new String[0]);
        }
        long target = LongTermFixtures.node(dataSource, pair, "target", unit(7), 0.8, 3.5, 3.5, true, now, new Long[0],
                new String[0]);
        // other pairs hold the very same direction: a filter after a plain (non-iterative) scan could lose the pair's node
        for (int i = 0; i < 60; i++) {
            LongTermFixtures.node(dataSource, pair(tenant), "decoy", vector(7, 200 + i, 0.999), 0.8, 3.5, 3.5, true,
                    now, new Long[0], new String[0]);
        }
        ManagedChannel channel = GrpcTestChannel.open();
        try {
            long id = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel))
                    .writeEntry(entry(pair, "close to the target", 0.8, vector(7, 8, 0.9)).build()).getEntry().getId();
            PromoteEntryResponse r = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                    .promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair).setId(id).build());
            assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_DUPLICATE);
            assertThat(r.getHitNodeId()).isEqualTo(target);
            assertThat(r.getBestCosine()).isCloseTo(0.9, within(1e-6));
            assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and node = 'promotion'"
                    + " and content->'inputs'->>'exact_scan' = 'false'"
                    + " and (content->'measure'->'candidates'->>'embedding')::int = 13", pair.getUserId())).isEqualTo(1);
        } finally {
            channel.shutdownNow();
        }
    }

    @Test
    void aReadAboveTheExactScanLimitAnchorsOnlyThePairsActiveNodesThroughHnsw() throws Exception {
        String tenant = LongTermFixtures.newTenant("hnsw-read");
        Pair pair = pair(tenant);
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        long[] active = new long[8];
        for (int i = 0; i < active.length; i++) {
            active[i] = LongTermFixtures.node(dataSource, pair, "a" + i, vector(40, 340 + i, 0.95 - 0.05 * i), 0.8, 3.5,
                    3.5, true, now, new Long[0], new String[0]);
        }
        // nearer than every active node: the pair's inactive node and another pair's nodes must not be anchors
        LongTermFixtures.node(dataSource, pair, "inactive", unit(40), 0.8, 3.5, 0.05, false, now, new Long[0],
                new String[0]);
        Pair other = pair(tenant);
        for (int i = 0; i < 40; i++) {
            LongTermFixtures.node(dataSource, other, "other" + i, vector(40, 41 + i, 0.99), 0.8, 3.5, 3.5, true, now,
                    new Long[0], new String[0]);
        }
        ManagedChannel channel = GrpcTestChannel.open();
        try {
            List<Long> anchors = GrpcTestChannel.as(tenant, LongTermMemoryServiceGrpc.newBlockingStub(channel))
                    .read(ReadRequest.newBuilder().setRanking(ReadRanking.READ_RANKING_STRENGTH).setPair(pair)
                            .setQueryVector(LongTermFixtures.proto(unit(40)))
                            .setHops(0).build())
                    .getMemoriesList().stream().map(m -> m.getNode().getId()).toList();
            assertThat(anchors).containsExactlyInAnyOrder(active[0], active[1], active[2]);
            assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and node = 'memory.read'"
                    + " and content->>'anchor_scan' = 'hnsw'", pair.getUserId())).isEqualTo(1);
        } finally {
            channel.shutdownNow();
        }
    }
}
