package dev.brain.memory.longterm.weights;

import java.time.Instant;
import java.util.Objects;

/** A node's time reference: a moment and its precision (both or neither, memory.md §4.2). */
public record TimeRef(Instant at, Precision precision) {

    public TimeRef {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(precision, "precision");
    }
}
