package dev.brain.gateway.memory;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the memory tools return as structured content (gateway.md §1, "Arguments and structured results"). */
public final class MemoryViews {

    private MemoryViews() {
    }

    /**
     * A remembered short-term entry; {@code stored = false} with {@code reason} in words when the salience is below
     * the short-term minimum. {@code promotion_state} is {@code pending} (queued for long-term memory) or
     * {@code not_eligible}.
     */
    @RegisterForReflection
    public record Remembered(Long entry_id, boolean stored, boolean created, String reason, double salience,
            String promotion_state, String expires_at, String agent, String observer) {
    }

    /** One step of a memory's path: the edge from the node before, and why it links them. */
    @RegisterForReflection
    public record PathStep(long from_node_id, long to_node_id, long edge_id, double edge_weight, List<String> reasons,
            List<Long> shared_entity_ids, List<String> shared_topics) {
    }

    /** A recalled long-term memory; shell 0 = came to mind directly, 1..3 = reached over that many edges. */
    @RegisterForReflection
    public record RecalledMemory(int rank, long node_id, int shell, double sort_weight, String content,
            String observer, String emotion, List<String> topics, double decay_weight, List<PathStep> path) {
    }

    /** A short-term entry close to a query that found nothing: remembered, but not in long-term memory yet. */
    @RegisterForReflection
    public record PendingEntry(long entry_id, double cosine, String promotion_state, String content) {
    }

    /**
     * A recall: {@code turn_id} goes to memory_feedback; {@code block} is the rendered prompt block (weakest
     * first); {@code searched} says what was searched when nothing came to mind.
     */
    @RegisterForReflection
    public record Recall(String turn_id, String query, String agent, int hops, int anchors_found, int pool_size,
            List<RecalledMemory> memories, String block, String searched, List<PendingEntry> pending) {
    }

    /** A usage decision: {@code outcome} as memory-service names it (COMPUTED, NO_CANDIDATE, …). */
    @RegisterForReflection
    public record Feedback(String turn_id, String agent, String outcome, List<Long> reinforced, boolean replayed,
            int candidates, double threshold, Double closest_rejected) {
    }
}
