package dev.brain.error.grpc;

import dev.brain.testing.StandardServicesContract;
import io.quarkus.test.junit.QuarkusTest;

/** Reflection (what grpcurl uses), the standard health service and the readiness answer without a tenant. */
@QuarkusTest
class StandardServicesTest extends StandardServicesContract {

    StandardServicesTest() {
        super("brain.v1.ErrorService", "brain.v1.SessionService");
    }
}
