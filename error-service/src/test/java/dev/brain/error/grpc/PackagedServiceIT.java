package dev.brain.error.grpc;

import org.junit.jupiter.api.BeforeEach;

import dev.brain.testing.GrpcTestChannel;
import dev.brain.testing.StandardServicesContract;
import io.quarkus.test.junit.QuarkusIntegrationTest;

/**
 * The packaged application (target/quarkus-app, started by Quarkus as `java -jar` after `package`; a native
 * executable where one is built): gRPC reflection, the health service and the readiness with its database, as
 * StandardServicesTest checks them in the test JVM. Runs in the test profile (quarkus.test.integration-test-profile).
 */
@QuarkusIntegrationTest
class PackagedServiceIT extends StandardServicesContract {

    PackagedServiceIT() {
        super("brain.v1.ErrorService", "brain.v1.SessionService");
    }

    @Override
    @BeforeEach
    public void openChannel() {
        channel = GrpcTestChannel.openPackaged();
    }
}
