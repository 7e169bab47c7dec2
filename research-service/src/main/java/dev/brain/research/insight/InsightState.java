package dev.brain.research.insight;

import java.util.Locale;

/**
 * Lifecycle of an insight (research.md §1.1): {@code active → acknowledged → acted_upon}; {@code active} or
 * {@code acknowledged → dismissed}; {@code expired} is set by the cycle only. Changes are forward only.
 */
public enum InsightState {
    ACTIVE,
    ACKNOWLEDGED,
    ACTED_UPON,
    DISMISSED,
    EXPIRED;

    public String db() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static InsightState ofDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** Whether a caller may move an insight from this state to {@code target} (the same state is a no-op). */
    public boolean mayMoveTo(InsightState target) {
        if (target == this) {
            return true;
        }
        return switch (this) {
            case ACTIVE -> target == ACKNOWLEDGED || target == ACTED_UPON || target == DISMISSED;
            case ACKNOWLEDGED -> target == ACTED_UPON || target == DISMISSED;
            default -> false;
        };
    }
}
