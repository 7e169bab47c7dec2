package dev.brain.memory.embedding.offline;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.List;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.memory.embedding.service.Embedder;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * With the in-process model loaded and used, the service talks to nobody but this machine (PostgreSQL on
 * loopback). DJL's usage tracking would probe 169.254.169.254 at start if it were left on.
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
        Set<String> local = Set.of("127.0.0.1", "localhost", "::1", "0:0:0:0:0:0:0:1", "[::1]", "0.0.0.0",
                InetAddress.getLocalHost().getHostName());
        assertThat(OutboundConnectionRecorder.CONNECTIONS).as("hosts resolved or connected to")
                .isNotEmpty() // the recorder works: PostgreSQL on loopback was seen
                .allSatisfy(connection -> assertThat(local)
                        .contains(connection.substring(0, connection.lastIndexOf(':'))));
    }
}
