package dev.brain.research.knowledge.repository;

import java.time.Instant;
import java.util.List;

import dev.brain.research.knowledge.KnowledgePair;

/** One {@code knowledge_entry} row (research.md §2.2; V3 adds slug and version), without its embedding. */
public record KnowledgeRow(long id, String userId, String agentId, String observer, String path, String topic,
        String slug, String summary, String type, String mode, String status, List<String> keywords,
        List<Long> entityIds, double initialSalience, double weightRaw, double weightAbsolute, double weightDecay,
        int frequency, Instant reinforcedAt, Instant decayedAt, boolean active, Instant createdAt, Instant updatedAt,
        String version) {

    public static final String KNOWLEDGE = "knowledge";
    public static final String REPORT = "report";

    public KnowledgePair pair() {
        return new KnowledgePair(userId, agentId);
    }

    public boolean isKnowledge() {
        return KNOWLEDGE.equals(type);
    }
}
