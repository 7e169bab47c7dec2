package dev.brain.memory.longterm.weights;

import java.util.List;

/**
 * What the edge layers read of a node (memory.md §5.1): entity ids, topic keys with their display forms
 * (same order), and the time reference (null when the node has none). The embedding cosine is per pair.
 */
public record LayerData(List<Long> entityIds, List<String> topicKeys, List<String> topics, TimeRef time) {

    public LayerData {
        entityIds = List.copyOf(entityIds);
        topicKeys = List.copyOf(topicKeys);
        topics = List.copyOf(topics);
        if (topics.size() != topicKeys.size()) {
            throw new IllegalArgumentException("topics and topic keys differ in length");
        }
    }
}
