package dev.brain.memory.longterm.repository;

import java.time.OffsetDateTime;
import java.util.List;

/** One directed row of {@code long_term_edge} (memory.md §5.5) with its frozen character fields. */
public record EdgeRow(long id, long fromNodeId, long toNodeId, double rawWeight, double absoluteWeight,
        OffsetDateTime createdAt, OffsetDateTime recomputedAt, List<String> reasons, List<Long> sharedEntityIds,
        List<String> sharedTopics, Double timelineDistance, String timelinePrecision, double embeddingCosineInitial,
        int layerCount) {
}
