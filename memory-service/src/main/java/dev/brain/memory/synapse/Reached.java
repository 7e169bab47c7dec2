package dev.brain.memory.synapse;

import java.util.List;

/** A node reached by a walk: the best product of weights, the hops of that walk, and the walk itself. */
public record Reached(NodeKey node, String label, double activation, int depth, List<Hop> path) {
}
