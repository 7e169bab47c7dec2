package dev.brain.research.insight;

import java.util.Locale;

/** The type of an insight (research.md §1.1); {@link #db()} is the {@code insight.type} value. */
public enum InsightKind {
    TREND,
    PATTERN,
    GAP,
    SYNERGY,
    OPTIMIZATION,
    TEMPLATE_CANDIDATE,
    PROJECT_SUGGESTION,
    WARNING;

    public String db() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static InsightKind ofDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
