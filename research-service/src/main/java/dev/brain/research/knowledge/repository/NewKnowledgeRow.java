package dev.brain.research.knowledge.repository;

import java.time.Instant;

/** The values of a row to insert (weights computed by the caller from the initial salience). */
public record NewKnowledgeRow(String userId, String agentId, String observer, String path, String topic, String slug,
        String summary, float[] embedding, String type, String mode, String status, String[] keywords, long[] entityIds,
        double initialSalience, double weightRaw, double weightAbsolute, double weightDecay, int frequency,
        Instant reinforcedAt, Instant createdAt, String version) {
}
