package dev.brain.memory.longterm.weights;

import java.util.Locale;

/** Precision of a time reference (memory.md §5.2); stored as the lower-case name. */
public enum Precision {
    MINUTE,
    HOUR,
    DAY,
    WEEK,
    MONTH,
    QUARTER,
    YEAR;

    public String dbName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Precision ofDb(String name) {
        return name == null ? null : valueOf(name.toUpperCase(Locale.ROOT));
    }
}
