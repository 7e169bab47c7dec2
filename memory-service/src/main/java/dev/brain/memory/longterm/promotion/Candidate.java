package dev.brain.memory.longterm.promotion;

import dev.brain.memory.longterm.weights.LayerData;

/** A promotion candidate (memory.md §6 step 3): an existing node of the pair with its cosine to the entry. */
public record Candidate(long id, boolean active, double absoluteWeight, double cosine, LayerData data) {
}
