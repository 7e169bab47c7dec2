package dev.brain.research.config;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/**
 * The library's weights use memory's node constants (research.md §2.4), read from memory-service's own keys with
 * memory-service's defaults (memory.md §15: cap 10, exponent 0.5, boost 0.1, daily rate 0.0015, min weight 0.1).
 */
@QuarkusTest
class NodeConstantsTest {

    @Inject
    NodeConstants node;

    @Test
    void defaultsAreMemorysNodeConstants() {
        assertThat(node.cap()).isEqualTo(10.0);
        assertThat(node.dampingExponent()).isEqualTo(0.5);
        assertThat(node.reinforcementBoost()).isEqualTo(0.1);
        assertThat(node.decayRate()).isEqualTo(0.0015);
        assertThat(node.minWeight()).isEqualTo(0.1);
    }
}
