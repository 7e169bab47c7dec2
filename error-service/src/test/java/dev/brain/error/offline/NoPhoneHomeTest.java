package dev.brain.error.offline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.brain.testing.offline.OutboundConnectionRecorder;
import dev.brain.testing.offline.SocketWatch;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The service talks to nobody but this machine while it starts (PostgreSQL and its peers on loopback). For the rest
 * of the suite service-testing's {@code NoPhoneHomeExtension} fails any test class during which a connection
 * leaves the machine.
 */
@QuarkusTest
// global: installed before every application start of this test JVM, whichever test class runs first
@QuarkusTestResource(OutboundConnectionRecorder.class)
class NoPhoneHomeTest {

    @Test
    void startOpensNoOutboundConnection() {
        assertThat(OutboundConnectionRecorder.CONNECTIONS).as("hosts resolved or connected to")
                .isNotEmpty() // the recorder works: PostgreSQL on loopback was seen
                .allSatisfy(connection -> assertThat(SocketWatch.isLocalHost(
                        connection.substring(0, connection.lastIndexOf(':')))).as(connection).isTrue());
        assertThat(SocketWatch.outbound()).isEmpty();
    }
}
