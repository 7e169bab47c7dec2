package dev.brain.research.insight;

import java.time.Instant;
import java.util.List;

import com.google.protobuf.Struct;

/** A stored insight (table {@code insight}, research.md §1.1). */
public record Insight(long id, String tenant, InsightKind kind, String title, String description, Struct evidence,
        double confidence, boolean actionable, Struct suggestedAction, Boolean actionTaken, String actionOutcome,
        List<Long> affectedProjects, Priority priority, Priority basePriority, InsightState state, String dedupKey,
        Instant expiresAt, Instant createdAt, Instant updatedAt) {
}
