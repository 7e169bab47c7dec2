package dev.brain.memory.embedding.offline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.memory.embedding.service.Embedder;
import dev.brain.testing.offline.OutboundConnectionRecorder;
import dev.brain.testing.offline.SocketWatch;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * With the in-process model loaded and used, the service talks to nobody but this machine (PostgreSQL on
 * loopback). DJL's usage tracking would probe 169.254.169.254 at start if it were left on. For the rest of the
 * suite service-testing's {@code NoPhoneHomeExtension} fails any test class during which a connection leaves the
 * machine.
 */
@QuarkusTest
// global: installed before the first application start of this test JVM, so the one-time model and library
// initialisation happens under the recorder whichever test class runs first
@QuarkusTestResource(OutboundConnectionRecorder.class)
class NoPhoneHomeTest {

    @Inject
    Embedder embedder;

    @Test
    void modelLoadAndEmbeddingOpenNoOutboundConnection() throws Exception {
        // the model loaded and embedded its warm-up text at start, under the recorder
        embedder.embed(List.of("phone home check " + System.nanoTime()));
        assertThat(OutboundConnectionRecorder.CONNECTIONS).as("hosts resolved or connected to")
                .isNotEmpty() // the recorder works: PostgreSQL on loopback was seen
                .allSatisfy(connection -> assertThat(SocketWatch.isLocalHost(
                        connection.substring(0, connection.lastIndexOf(':')))).as(connection).isTrue());
        assertThat(SocketWatch.outbound()).isEmpty();
    }
}
