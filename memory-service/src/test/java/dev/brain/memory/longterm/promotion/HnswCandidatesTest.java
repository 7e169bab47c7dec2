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
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * §6 step 3a above {@code vector.exact-scan-max-nodes}: the global HNSW index with iterative scan still finds the
 * pair's nearest node among thousands of other pairs' nodes.
 */
@QuarkusTest
@TestProfile(HnswCandidatesTest.SmallExactScan.class)
class HnswCandidatesTest {

    public static class SmallExactScan implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.vector.exact-scan-max-nodes", "5");
        }
    }

    @Inject
    DataSource dataSource;

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
}
