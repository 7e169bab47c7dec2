package dev.brain.memory.synapse;

import java.time.OffsetDateTime;

/** One stored synapse (table {@code synapse}). {@code contextJson} is the JSON object text or null. */
public record SynapseRow(long id, String tenant, NodeKey source, String sourceLabel, NodeKey target,
        String targetLabel, String type, double weight, double baseWeight, int activationCount,
        OffsetDateTime lastActivatedAt, OffsetDateTime createdAt, String contextJson) {

    /** The other end when walking from {@code from}. */
    public NodeKey other(NodeKey from) {
        return from.equals(source) ? target : source;
    }

    public String labelOf(NodeKey node) {
        return node.equals(source) ? sourceLabel : targetLabel;
    }
}
