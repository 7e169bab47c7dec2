package dev.brain.memory.synapse;

/** One hop of a walk: the synapse and whether it was traversed source → target. */
public record Hop(SynapseRow synapse, boolean forward) {

    public NodeKey to() {
        return forward ? synapse.target() : synapse.source();
    }
}
