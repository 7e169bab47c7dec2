package dev.brain.memory.shortterm;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A short-term entry as stored (memory.md §4.2); {@code embedding} is null unless it was asked for,
 * {@code timeAt}/{@code timePrecision} both null without a time reference, {@code hitNodeId} null without a hit.
 */
public record EntryRow(long id, String userId, String agentId, String observer, String entryKey, String content,
        float[] embedding, double salience, List<String> topics, List<String> topicKeys, List<Long> entityIds,
        OffsetDateTime timeAt, String timePrecision, String timelineRef, String emotion, double arousal,
        String metadataJson, String turnId, OffsetDateTime createdAt, OffsetDateTime expiresAt, String promotionState,
        Long hitNodeId, int attempts, String lastError) {
}
