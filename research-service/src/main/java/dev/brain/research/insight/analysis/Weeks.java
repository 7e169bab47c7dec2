package dev.brain.research.insight.analysis;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import java.util.List;
import java.util.TreeSet;

import com.google.protobuf.Struct;

import dev.brain.research.insight.Structs;

/**
 * The weeks a gap was seen in ({@code evidence.weeks_seen}, ISO weeks like {@code 2026-W49}), carried over from the
 * stored insight and extended by every cycle that finds the gap again; the tool-idea check counts them.
 */
public final class Weeks {

    public static final String FIELD = "weeks_seen";

    private Weeks() {
    }

    public static String isoWeek(Instant at) {
        var date = at.atZone(ZoneOffset.UTC).toLocalDate();
        return String.format("%d-W%02d", date.get(IsoFields.WEEK_BASED_YEAR), date.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    /** {@code evidence} with weeks_seen = the stored weeks (from {@code stored}, may be null) ∪ {@code week}. */
    public static Struct withWeek(Struct evidence, Struct stored, String week) {
        TreeSet<String> weeks = new TreeSet<>(stored == null ? List.of() : Structs.strings(stored, FIELD));
        weeks.add(week);
        Struct.Builder b = evidence.toBuilder();
        b.putFields(FIELD, Structs.obj().putStrings(FIELD, weeks).build().getFieldsOrThrow(FIELD));
        return b.build();
    }
}
