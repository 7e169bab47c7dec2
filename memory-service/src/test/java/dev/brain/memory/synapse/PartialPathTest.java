package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.OffsetDateTime;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * A path search that reaches its limit after it has seen a walk to the target answers that walk, marked partial,
 * instead of RESOURCE_EXHAUSTED (the web view then still draws a path within its second). Here at most 2 nodes are
 * expanded (by each of its two searches): S=1 → T=2 directly (0.6) and S → 3 → 4 → 5 → T (0.95 each, 0.8145 in all,
 * found only past the limit); and a chain 10 → 11 → 12 → 13 → 14.
 */
@QuarkusTest
@TestProfile(PartialPathTest.TwoExpansions.class)
class PartialPathTest {

    public static class TwoExpansions implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.synapses.path.max-expansions", "2");
        }
    }

    @Inject
    DataSource dataSource;

    @Test
    void theLimitAnswersTheStrongestWalkSeenMarkedPartialAndNothingSeenIsResourceExhausted() throws Exception {
        String tenant = SynapseFixtures.newTenant("partial-path");
        OffsetDateTime now = OffsetDateTime.now();
        long direct = SynapseFixtures.insert(dataSource, tenant, 1, 2, "causes", 0.6, now);
        SynapseFixtures.insert(dataSource, tenant, 1, 3, "causes", 0.95, now);
        SynapseFixtures.insert(dataSource, tenant, 3, 4, "causes", 0.95, now);
        SynapseFixtures.insert(dataSource, tenant, 4, 5, "causes", 0.95, now);
        SynapseFixtures.insert(dataSource, tenant, 5, 2, "causes", 0.95, now);
        for (int node = 10; node < 14; node++) {
            SynapseFixtures.insert(dataSource, tenant, node, node + 1, "causes", 0.9, now);
        }
        ManagedChannel channel = GrpcTestChannel.open();
        try {
            var synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
            FindPathResponse seen = synapses.findPath(FindPathRequest.newBuilder().setFrom(error(1)).setTo(error(2))
                    .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
            assertThat(seen.getFound()).isTrue();
            assertThat(seen.getPartial()).isTrue();
            assertThat(seen.getTotalWeight()).isCloseTo(0.6, within(1e-9));
            assertThat(seen.getStepsList()).extracting(s -> s.getSynapse().getId()).containsExactly(direct);

            // within the limit the answer is complete: 3 → 4 needs one expansion of 3
            FindPathResponse complete = synapses.findPath(FindPathRequest.newBuilder().setFrom(error(3)).setTo(error(4))
                    .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
            assertThat(complete.getFound()).isTrue();
            assertThat(complete.getPartial()).isFalse();

            // nothing arrives at 1: the backward search settles it and stops, so "no path" is known within the limit
            FindPathResponse none = synapses.findPath(FindPathRequest.newBuilder().setFrom(error(4)).setTo(error(1))
                    .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
            assertThat(none.getFound()).isFalse();

            // no walk to the target seen before the limit (10 → 14 needs 4 expansions, 13 is seen by the 3rd):
            // RESOURCE_EXHAUSTED, as before
            assertThatThrownBy(() -> synapses.findPath(FindPathRequest.newBuilder().setFrom(error(10)).setTo(error(14))
                    .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED));
        } finally {
            channel.shutdownNow();
        }
    }
}
