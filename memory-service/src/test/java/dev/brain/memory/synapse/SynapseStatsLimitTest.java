package dev.brain.memory.synapse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

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
 * A tenant with more synapses than {@code stats.max-synapses} (here 60,000) is not counted: GetStats answers
 * RESOURCE_EXHAUSTED naming the limit, without spending its budget on statistics it cannot finish; one at the limit
 * is counted.
 */
@QuarkusTest
@TestProfile(SynapseStatsLimitTest.SmallLimit.class)
class SynapseStatsLimitTest {

    public static class SmallLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.synapses.stats.max-synapses", "60000", "brain.memory.synapses.stats.budget", "5s");
        }
    }

    @Inject
    DataSource dataSource;

    @Test
    void aTenantWithMoreSynapsesThanTheLimitIsNotCountedAndOneAtTheLimitIs() throws Exception {
        String over = SynapseFixtures.newTenant("stats-limit");
        SynapseFixtures.insertChain(dataSource, over, 60001);
        String at = SynapseFixtures.newTenant("stats-limit");
        SynapseFixtures.insertChain(dataSource, at, 60000);
        ManagedChannel channel = GrpcTestChannel.open();
        try {
            assertThatThrownBy(() -> GrpcTestChannel.as(over, SynapseServiceGrpc.newBlockingStub(channel))
                    .getStats(GetSynapseStatsRequest.getDefaultInstance()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                        assertThat(e.getStatus().getDescription()).isEqualTo("network statistics: this tenant holds more"
                                + " than 60000 synapses, too many to count within 5000 ms");
                    });
            var counted = GrpcTestChannel.as(at, SynapseServiceGrpc.newBlockingStub(channel))
                    .getStats(GetSynapseStatsRequest.getDefaultInstance());
            assertThat(counted.getTotalSynapses()).isEqualTo(60000);
            assertThat(counted.getTotalNodes()).isEqualTo(60001);
        } finally {
            channel.shutdownNow();
        }
    }
}
