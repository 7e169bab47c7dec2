package dev.brain.memory.longterm.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The seven timeline precisions of memory.md §5.2 with their units and tolerances. */
class TimelineTest {

    private final Timeline timeline = new Timeline(Configs.defaults().edge());

    @Test
    void minuteAndHourAreFractionalDaysWithTolerance7() {
        assertEquals(1.5, distance("2026-01-01T00:00:00Z", "2026-01-02T12:00:00Z", Precision.MINUTE), 1e-12);
        assertEquals(0.25, distance("2026-01-01T06:00:00Z", "2026-01-01T12:00:00Z", Precision.HOUR), 1e-12);
        assertEquals(7.0, timeline.tolerance(Precision.MINUTE));
        assertEquals(7.0, timeline.tolerance(Precision.HOUR));
        assertTrue(fires("2026-01-01T00:00:00Z", "2026-01-08T00:00:00Z", Precision.MINUTE)); // dist = tol fires
        assertTrue(!fires("2026-01-01T00:00:00Z", "2026-01-08T00:00:01Z", Precision.MINUTE));
    }

    @Test
    void dayCountsCalendarDaysWithTolerance21() {
        assertEquals(1.0, distance("2026-01-01T23:59:00Z", "2026-01-02T00:01:00Z", Precision.DAY));
        assertEquals(21.0, timeline.tolerance(Precision.DAY));
        assertTrue(fires("2026-01-01T12:00:00Z", "2026-01-22T01:00:00Z", Precision.DAY));
        assertTrue(!fires("2026-01-01T12:00:00Z", "2026-01-23T01:00:00Z", Precision.DAY));
        // the same birthday a year apart does not fire
        assertTrue(!fires("2025-05-04T12:00:00Z", "2026-05-04T12:00:00Z", Precision.DAY));
    }

    @Test
    void weekCountsIsoWeekStartsWithTolerance8() {
        // Sunday 2026-01-04 and Monday 2026-01-05 are in consecutive ISO weeks
        assertEquals(1.0, distance("2026-01-04T10:00:00Z", "2026-01-05T10:00:00Z", Precision.WEEK));
        assertEquals(0.0, distance("2026-01-05T00:00:00Z", "2026-01-11T23:00:00Z", Precision.WEEK));
        assertEquals(8.0, timeline.tolerance(Precision.WEEK));
    }

    @Test
    void monthQuarterYearCountCalendarUnits() {
        assertEquals(1.0, distance("2025-12-31T12:00:00Z", "2026-01-01T12:00:00Z", Precision.MONTH));
        assertEquals(14.0, distance("2025-01-15T12:00:00Z", "2026-03-15T12:00:00Z", Precision.MONTH));
        assertEquals(1.0, distance("2026-03-31T12:00:00Z", "2026-04-01T12:00:00Z", Precision.QUARTER));
        assertEquals(5.0, distance("2025-01-01T12:00:00Z", "2026-06-01T12:00:00Z", Precision.QUARTER));
        assertEquals(1.0, distance("2025-12-31T12:00:00Z", "2026-01-01T12:00:00Z", Precision.YEAR));
        assertEquals(6.0, timeline.tolerance(Precision.MONTH));
        assertEquals(4.0, timeline.tolerance(Precision.QUARTER));
        assertEquals(2.0, timeline.tolerance(Precision.YEAR));
    }

    /** §5.2: a distance equal to the tolerance fires, one unit more does not — for every precision. */
    @ParameterizedTest
    @CsvSource({
            "MINUTE,  2026-01-01T00:00:00Z, 2026-01-08T00:00:00Z, 2026-01-08T00:01:00Z, 7",
            "HOUR,    2026-01-01T00:00:00Z, 2026-01-08T00:00:00Z, 2026-01-08T01:00:00Z, 7",
            "DAY,     2026-01-01T12:00:00Z, 2026-01-22T12:00:00Z, 2026-01-23T12:00:00Z, 21",
            "WEEK,    2026-01-05T12:00:00Z, 2026-03-02T12:00:00Z, 2026-03-09T12:00:00Z, 8",
            "MONTH,   2026-01-15T12:00:00Z, 2026-07-15T12:00:00Z, 2026-08-15T12:00:00Z, 6",
            "QUARTER, 2026-01-15T12:00:00Z, 2027-01-15T12:00:00Z, 2027-04-15T12:00:00Z, 4",
            "YEAR,    2026-06-01T12:00:00Z, 2028-06-01T12:00:00Z, 2029-06-01T12:00:00Z, 2" })
    void aDistanceEqualToTheToleranceFiresAndOneUnitMoreDoesNot(Precision precision, String from, String atTolerance,
            String beyond, double tolerance) {
        assertEquals(tolerance, timeline.tolerance(precision));
        TimeRef a = new TimeRef(Instant.parse(from), precision);
        assertEquals(Optional.of(tolerance), timeline.firingDistance(a, new TimeRef(Instant.parse(atTolerance), precision)));
        assertEquals(Optional.empty(), timeline.firingDistance(a, new TimeRef(Instant.parse(beyond), precision)));
    }

    @Test
    void differentPrecisionsNeverFire() {
        TimeRef day = new TimeRef(Instant.parse("2026-01-01T00:00:00Z"), Precision.DAY);
        TimeRef month = new TimeRef(Instant.parse("2026-01-01T00:00:00Z"), Precision.MONTH);
        assertEquals(Optional.empty(), timeline.firingDistance(day, month));
        assertEquals(Optional.empty(), timeline.firingDistance(day, null));
    }

    @Test
    void dayBoundariesFollowTheConfiguredTimezone() {
        Timeline berlin = new Timeline(Configs.longTerm(Map.of("brain.memory.edge.timezone", "Europe/Berlin")).edge());
        TimeRef a = new TimeRef(Instant.parse("2026-01-01T22:30:00Z"), Precision.DAY); // 23:30 in Berlin
        TimeRef b = new TimeRef(Instant.parse("2026-01-01T23:30:00Z"), Precision.DAY); // 00:30 next day in Berlin
        assertEquals(0.0, timeline.distance(a, b));
        assertEquals(1.0, berlin.distance(a, b));
    }

    private double distance(String a, String b, Precision precision) {
        return timeline.distance(new TimeRef(Instant.parse(a), precision), new TimeRef(Instant.parse(b), precision));
    }

    private boolean fires(String a, String b, Precision precision) {
        return timeline.firingDistance(new TimeRef(Instant.parse(a), precision), new TimeRef(Instant.parse(b), precision))
                .isPresent();
    }
}
