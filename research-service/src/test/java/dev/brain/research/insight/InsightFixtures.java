package dev.brain.research.insight;

import java.util.List;

import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;

/** Drafts for tests that need stored insights without a cycle. */
public final class InsightFixtures {

    private InsightFixtures() {
    }

    public static InsightDraft draft(InsightKind kind, String key, String title, Priority priority, double confidence,
            List<Long> projects) {
        return new InsightDraft(kind, key, title, "Description of " + title,
                Structs.obj().put("source", "test").put("key", key).build(), confidence, priority, true,
                Structs.obj().put("action", "look").put("message", "look at it").build(), projects,
                List.of(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(1).build()), List.of());
    }

    public static InsightDraft draft(String key, Priority priority, double confidence) {
        return draft(InsightKind.GAP, key, "Insight " + key, priority, confidence, List.of());
    }
}
