package dev.brain.memory.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.testing.GrpcTestChannel;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;

/** Reflection (what grpcurl uses) and the standard health service answer without a tenant. */
@QuarkusTest
class StandardServicesTest {

    private ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    @Test
    void reflectionListsTheBrainServices() throws Exception {
        assertThat(GrpcTestChannel.reflectedServices(channel)).contains("brain.v1.EmbeddingService", "brain.v1.MemoryAdminService", "brain.v1.PipelineLogService", "brain.v1.SynapseService", "brain.v1.SynapseEventService", "grpc.health.v1.Health");
    }

    @Test
    void healthCheckIsServing() {
        assertThat(GrpcTestChannel.health(channel)).isEqualTo(ServingStatus.SERVING);
    }
}
