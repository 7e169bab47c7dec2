package dev.brain.memory.longterm.weights;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.Optional;

import dev.brain.memory.config.MemoryConfig;

/**
 * Timeline distance and tolerance (memory.md §5.2): distance in the precision's own unit, day boundaries in
 * {@code edge.timezone}. The layer fires only for identical precisions and {@code dist ≤ tol}.
 */
public final class Timeline {

    private final MemoryConfig.Edge.Tolerance tolerance;
    private final ZoneId zone;

    public Timeline(MemoryConfig.Edge edge) {
        this.tolerance = edge.tolerance();
        this.zone = ZoneId.of(edge.timezone());
    }

    public double tolerance(Precision precision) {
        return switch (precision) {
            case MINUTE -> tolerance.minute();
            case HOUR -> tolerance.hour();
            case DAY -> tolerance.day();
            case WEEK -> tolerance.week();
            case MONTH -> tolerance.month();
            case QUARTER -> tolerance.quarter();
            case YEAR -> tolerance.year();
        };
    }

    /** Distance of two references of the same precision, in that precision's unit. */
    public double distance(TimeRef a, TimeRef b) {
        if (a.precision() != b.precision()) {
            throw new IllegalArgumentException("timeline distance needs one precision, got " + a.precision() + " and "
                    + b.precision());
        }
        LocalDate x = LocalDate.ofInstant(a.at(), zone);
        LocalDate y = LocalDate.ofInstant(b.at(), zone);
        return switch (a.precision()) {
            case MINUTE, HOUR -> Math.abs(Duration.between(a.at(), b.at()).toMillis()) / 86_400_000.0;
            case DAY -> Math.abs(ChronoUnit.DAYS.between(x, y));
            case WEEK -> Math.abs(ChronoUnit.WEEKS.between(weekStart(x), weekStart(y)));
            case MONTH -> Math.abs((x.getYear() * 12L + x.getMonthValue()) - (y.getYear() * 12L + y.getMonthValue()));
            case QUARTER -> Math.abs((x.getYear() * 4L + x.get(IsoFields.QUARTER_OF_YEAR))
                    - (y.getYear() * 4L + y.get(IsoFields.QUARTER_OF_YEAR)));
            case YEAR -> Math.abs(x.getYear() - y.getYear());
        };
    }

    /** The distance when the timeline layer fires for the two references (identical precision, dist ≤ tol). */
    public Optional<Double> firingDistance(TimeRef a, TimeRef b) {
        if (a == null || b == null || a.precision() != b.precision()) {
            return Optional.empty();
        }
        double distance = distance(a, b);
        return distance <= tolerance(a.precision()) ? Optional.of(distance) : Optional.empty();
    }

    private static LocalDate weekStart(LocalDate date) {
        return date.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    }
}
