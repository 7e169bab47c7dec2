package dev.brain.memory.synapse.path;

import java.util.List;

import dev.brain.memory.synapse.Hop;

/**
 * The strongest walk between two nodes, if any (memory.md §2.5); {@code partial}: the strongest one seen when the
 * search reached its limit, not proven the strongest.
 */
public record Path(double totalWeight, List<Hop> hops, boolean partial) {
}
