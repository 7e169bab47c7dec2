package dev.brain.memory.synapse.path;

import java.util.List;

import dev.brain.memory.synapse.Direction;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.SynapseRow;

/**
 * The reads a {@link PathSearch} makes, over one tenant's synapses (the implementation holds the tenant). A side of a
 * node is its synapses that leave it ({@code leaving}: the node is their source) or arrive at it, in page order:
 * highest base weight first, then by id — base_weight ≥ weight, so the rows not read yet weigh at most the last base
 * weight read. {@code types}: only synapses of these types; empty: any.
 */
public interface SynapsePages {

    /**
     * The first page of every node's synapses on each side of {@code direction}: at most {@code limit} per node and
     * side, in page order. Result: per side (leaving, then arriving, as {@code direction} has them), per node in the
     * order given.
     */
    List<List<List<SynapseRow>>> firstPages(List<NodeKey> nodes, Direction direction, List<String> types, int limit);

    /**
     * The next page of a node's synapses on one side: at most {@code limit} after the row ({@code afterBase},
     * {@code afterId}) in page order; fewer only when the side has no more.
     */
    List<SynapseRow> pageAfter(NodeKey node, boolean leaving, List<String> types, double afterBase, long afterId,
            int limit);
}
