package dev.brain.memory.longterm.repository;

import java.time.OffsetDateTime;
import java.util.List;

/** One row of {@code long_term_node} (memory.md §4.3); {@code embedding} is null unless it was asked for. */
public record NodeRow(long id, String userId, String agentId, String observer, String sourceKey, String content,
        float[] embedding, List<String> topics, List<String> topicKeys, List<Long> entityIds, OffsetDateTime timeAt,
        String timePrecision, String timelineRef, String emotion, double arousal, String metadataJson,
        OffsetDateTime entryCreatedAt, double rawWeight, double absoluteWeight, double decayWeight, double decayBase,
        OffsetDateTime decayBaseAt, int frequency, boolean active, OffsetDateTime createdAt,
        OffsetDateTime reinforcedAt, OffsetDateTime decayedAt, OffsetDateTime reactivatedAt) {
}
