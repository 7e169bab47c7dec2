package dev.brain.memory.grpc;

import dev.brain.testing.StandardServicesContract;
import io.quarkus.test.junit.QuarkusTest;

/** Reflection (what grpcurl uses), the standard health service and the readiness answer without a tenant. */
@QuarkusTest
class StandardServicesTest extends StandardServicesContract {

    StandardServicesTest() {
        super("brain.v1.EmbeddingService", "brain.v1.MemoryAdminService", "brain.v1.PipelineLogService",
                "brain.v1.SynapseService", "brain.v1.SynapseEventService");
    }
}
