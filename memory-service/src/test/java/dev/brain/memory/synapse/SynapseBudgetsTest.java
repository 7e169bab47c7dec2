package dev.brain.memory.synapse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.GetSynapseStatsRequest;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * GetStats counts within its budget ({@code brain.memory.synapses.stats.budget}) and FindPath searches within its
 * own ({@code path.budget}); beyond, each answers RESOURCE_EXHAUSTED at once: at 1M synapses the counting took
 * 10–17 s and a strongest-path search over hubs more than 2 s, and both kept running after every caller had given
 * up. Here the budgets are 1 ms and 1 ns, and the tenant holds a chain of 50,000 synapses.
 */
@QuarkusTest
@TestProfile(SynapseBudgetsTest.TinyBudget.class)
class SynapseBudgetsTest {

    public static class TinyBudget implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.synapses.stats.budget", "1ms", "brain.memory.synapses.path.budget", "PT0.000000001S");
        }
    }

    @Inject
    DataSource dataSource;

    @Test
    void statsBeyondTheirBudgetAnswerResourceExhaustedAndStopCounting() throws Exception {
        String tenant = SynapseFixtures.newTenant("stats-budget");
        SynapseFixtures.insertChain(dataSource, tenant, 50000);
        ManagedChannel channel = GrpcTestChannel.open();
        try {
            var synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
            long start = System.nanoTime();
            assertThatThrownBy(() -> synapses.getStats(GetSynapseStatsRequest.getDefaultInstance()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                        assertThat(e.getStatus().getDescription()).startsWith("network statistics: counting this tenant's");
                    });
            assertThat((System.nanoTime() - start) / 1_000_000).as("ms until the answer").isLessThan(1_000);
            assertThatThrownBy(() -> synapses.findPath(FindPathRequest.newBuilder().setFrom(SynapseFixtures.error(1))
                    .setTo(SynapseFixtures.error(3)).build()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                        assertThat(e.getStatus().getDescription())
                                .startsWith("max_depth: the path search took longer than 0 ms");
                    });
        } finally {
            channel.shutdownNow();
        }
    }
}
