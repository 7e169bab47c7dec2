package dev.brain.memory.longterm.promotion;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.brain.memory.longterm.weights.Layers;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;
import dev.brain.memory.longterm.weights.Timeline;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Candidate layer d: the b-tree window must contain every moment at which the timeline layer fires (it may
 * contain more; the layer evaluation decides exactly). Probed hour by hour over the tolerance plus a margin.
 */
@QuarkusTest
class TimeWindowTest {

    @Inject
    Layers layers;

    @ParameterizedTest
    @EnumSource(Precision.class)
    void everyFiringMomentIsInsideTheWindow(Precision precision) {
        Timeline timeline = layers.timeline();
        Instant at = Instant.parse("2031-05-15T13:37:00Z");
        TimeRef ref = new TimeRef(at, precision);
        Instant[] window = Promotion.window(ref, timeline, ZoneId.of("UTC"));
        ChronoUnit step = precision == Precision.MINUTE || precision == Precision.HOUR ? ChronoUnit.HOURS : ChronoUnit.DAYS;
        long span = switch (precision) {
            case MINUTE, HOUR -> 24 * 9;
            case DAY -> 30;
            case WEEK -> 7 * 10;
            case MONTH -> 31 * 8;
            case QUARTER -> 92 * 6;
            case YEAR -> 366 * 4;
        };
        int firing = 0;
        for (long i = -span; i <= span; i++) {
            Instant other = ZonedDateTime.ofInstant(at, ZoneId.of("UTC")).plus(i, step).toInstant();
            boolean fires = timeline.firingDistance(ref, new TimeRef(other, precision)).isPresent();
            boolean inside = !other.isBefore(window[0]) && other.isBefore(window[1]);
            if (fires) {
                firing++;
                assertThat(inside).as("%s at %s fires but is outside [%s, %s)", precision, other, window[0], window[1])
                        .isTrue();
            }
        }
        assertThat(firing).isPositive();
    }
}
