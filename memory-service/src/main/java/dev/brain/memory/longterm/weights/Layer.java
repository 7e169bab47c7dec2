package dev.brain.memory.longterm.weights;

import java.util.Locale;

/**
 * The four edge layers (memory.md §5.1) in the order of their factors: the firing layer that comes first
 * is the winner. {@link #dbName()} is the value stored in {@code long_term_edge.reasons}.
 */
public enum Layer {
    ENTITY,
    EMBEDDING,
    TOPICS,
    TIMELINE;

    public String dbName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Layer ofDb(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
