package dev.brain.memory.shortterm;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A validated WriteEntry (memory.md §4.2, §14): content NUL-stripped, topics trimmed and de-duplicated with
 * their keys, entity ids de-duplicated, names still to be resolved; {@code entryKey} and {@code ttl} null when
 * absent; {@code embedding} null when it is to be computed from the content.
 */
public record NewEntry(String observer, String entryKey, String content, float[] embedding, double salience,
        List<String> topics, List<String> topicKeys, List<Long> entityIds, List<String> entityNames, Instant timeAt,
        String timePrecision, String timelineRef, String emotion, double arousal, String metadataJson, String turnId,
        Duration ttl) {

    public NewEntry withEmbedding(float[] vector) {
        return new NewEntry(observer, entryKey, content, vector, salience, topics, topicKeys, entityIds, entityNames,
                timeAt, timePrecision, timelineRef, emotion, arousal, metadataJson, turnId, ttl);
    }
}
