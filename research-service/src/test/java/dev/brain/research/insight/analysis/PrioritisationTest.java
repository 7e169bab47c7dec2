package dev.brain.research.insight.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.brain.research.insight.Priority;

/** Phase 6: priority from confidence × recency (half-life 14 days); critical stays critical. */
class PrioritisationTest {

    static final Duration HALF_LIFE = Duration.ofDays(14);

    @Test
    void aFreshConfidentInsightKeepsItsPriority() {
        assertThat(Prioritisation.weight(0.8, Duration.ZERO, HALF_LIFE)).isEqualTo(0.8);
        assertThat(Prioritisation.effective(Priority.HIGH, 0.8, Duration.ZERO, HALF_LIFE)).isEqualTo(Priority.HIGH);
    }

    @Test
    void everyHalfLifeHalvesTheWeightAndLowersThePriority() {
        // 0.8 after 14 days: 0.4 → one level lower; after 28 days: 0.2 → two levels lower
        assertThat(Prioritisation.weight(0.8, Duration.ofDays(14), HALF_LIFE)).isEqualTo(0.4);
        assertThat(Prioritisation.effective(Priority.HIGH, 0.8, Duration.ofDays(14), HALF_LIFE)).isEqualTo(Priority.MEDIUM);
        assertThat(Prioritisation.effective(Priority.HIGH, 0.8, Duration.ofDays(28), HALF_LIFE)).isEqualTo(Priority.LOW);
        assertThat(Prioritisation.effective(Priority.MEDIUM, 0.8, Duration.ofDays(28), HALF_LIFE)).isEqualTo(Priority.LOW);
    }

    @Test
    void criticalStaysCritical() {
        assertThat(Prioritisation.effective(Priority.CRITICAL, 0.5, Duration.ofDays(60), HALF_LIFE))
                .isEqualTo(Priority.CRITICAL);
    }
}
