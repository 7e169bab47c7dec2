package dev.brain.memory.synapse;

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
}
