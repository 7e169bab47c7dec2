package dev.brain.research.insight;

import java.util.Locale;

/** Priority of an insight, ordered {@code low < medium < high < critical}; {@link #rank()} is 1..4. */
public enum Priority {
    LOW,
    MEDIUM,
    HIGH,
    CRITICAL;

    public String db() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** 1 (low) .. 4 (critical), the {@code insight.priority_rank} value. */
    public int rank() {
        return ordinal() + 1;
    }

    /** {@code steps} levels lower, never below LOW. */
    public Priority lower(int steps) {
        return values()[Math.max(0, ordinal() - steps)];
    }

    public static Priority ofDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
