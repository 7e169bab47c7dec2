package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Spec §6 examples, to 4 decimals. */
class ConfidenceTest {

    @Test
    void wilsonExamples() {
        assertThat(Confidence.wilson(3, 4)).isCloseTo(0.3006, within(0.00005));
        assertThat(Confidence.wilson(0, 0)).isEqualTo(0.0);
        assertThat(Confidence.wilson(1, 1)).isCloseTo(0.2065, within(0.00005));
        assertThat(Confidence.wilson(6, 6)).isCloseTo(0.6097, within(0.00005));
    }

    @Test
    void decayExamples() {
        assertThat(Confidence.decay(0, 30)).isEqualTo(1.0);
        assertThat(Confidence.decay(30, 30)).isCloseTo(0.5, within(1e-12));
        assertThat(Confidence.decay(45, 30)).isCloseTo(0.3536, within(0.00005));
        assertThat(Confidence.wilson(3, 4) * Confidence.decay(45, 30)).isCloseTo(0.1063, within(0.00005));
    }
}
