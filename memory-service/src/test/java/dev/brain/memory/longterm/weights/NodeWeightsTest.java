package dev.brain.memory.longterm.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Golden vectors of memory.md §4.3 and §8.2. */
class NodeWeightsTest {

    private final NodeWeights weights = new NodeWeights(Configs.defaults().node());

    @Test
    void anchorMatchesTheSpecVectors() {
        assertEquals(2.801055, weights.anchor(0.5), 1e-6);
        assertEquals(3.248350, weights.anchor(0.673), 1e-6);
        assertEquals(3.312617, weights.anchor(0.7), 1e-6);
        assertEquals(3.540243, weights.anchor(0.8), 1e-6);
        assertEquals(3.753681, weights.anchor(0.9), 1e-6);
        assertEquals(3.855806, weights.anchor(0.95), 1e-6);
        assertEquals(3.955180, weights.anchor(1.0), 1e-6);
        assertEquals(10.0, weights.anchor(12.5), 1e-12);
    }

    @Test
    void salience0673StartsAt3248() {
        assertEquals(3.248, weights.anchor(0.673), 5e-4);
    }

    @Test
    void yearsToFadeMatchTheSpec() {
        assertEquals(2.15, weights.yearsUntil(weights.anchor(0.673), 1.0), 5e-3);
        assertEquals(6.35, weights.yearsUntil(weights.anchor(0.673), 0.1), 5e-3);
        assertEquals(2.51, weights.yearsUntil(weights.anchor(1.0), 1.0), 5e-3);
        assertEquals(6.71, weights.yearsUntil(weights.anchor(1.0), 0.1), 5e-3);
        assertEquals(4.20, weights.yearsUntil(10, 1.0), 5e-3);
        assertEquals(8.41, weights.yearsUntil(10, 0.1), 5e-3);
    }

    @Test
    void halfReactivationThenOneDayOfDecay() {
        double half = weights.halfReactivated(4.0);
        assertEquals(2.05, half, 1e-12);
        assertEquals(2.046927, weights.decayed(half, 1.0), 1e-6);
    }

    @Test
    void deactivationThresholdIsInclusive() {
        assertEquals(true, weights.active(0.1));
        assertEquals(false, weights.active(0.0999999));
    }
}
