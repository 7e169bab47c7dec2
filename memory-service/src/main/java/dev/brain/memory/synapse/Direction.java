package dev.brain.memory.synapse;

import java.util.List;

/** Which way a walk may traverse a synapse (memory.md §2.4, Decision "direction"). */
public enum Direction {
    /** source → target only. */
    OUT,
    /** target → source only. */
    IN,
    /** both ways (the default). */
    BOTH;

    public boolean forward() {
        return this != IN;
    }

    public boolean backward() {
        return this != OUT;
    }

    /**
     * The ends a walk leaves a node by, in the order the synapse pages answer them: true = the node is the source
     * (forward first).
     */
    public List<Boolean> sides() {
        return switch (this) {
            case OUT -> List.of(true);
            case IN -> List.of(false);
            case BOTH -> List.of(true, false);
        };
    }
}
