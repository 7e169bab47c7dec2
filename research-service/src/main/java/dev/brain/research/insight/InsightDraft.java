package dev.brain.research.insight;

import java.util.List;

import com.google.protobuf.Struct;

import dev.brain.grpc.v1.NodeRef;

/**
 * What an analyzer found (research.md §1.2), before it is stored: the insight's content, its dedup key (type +
 * normalised subject), the nodes of its evidence ({@code derived_from} targets) and, for template candidates, the
 * modules it generalizes.
 */
public record InsightDraft(InsightKind kind, String dedupKey, String title, String description, Struct evidence,
        double confidence, Priority priority, boolean actionable, Struct suggestedAction, List<Long> affectedProjects,
        List<NodeRef> evidenceNodes, List<NodeRef> generalizes) {

    public static final int MAX_TITLE = 200;

    public InsightDraft {
        title = title.length() > MAX_TITLE ? title.substring(0, MAX_TITLE - 1) + "…" : title;
        confidence = Math.max(0, Math.min(1, confidence));
        affectedProjects = List.copyOf(affectedProjects);
        evidenceNodes = List.copyOf(evidenceNodes);
        generalizes = List.copyOf(generalizes);
        if (evidence.getFieldsCount() == 0) {
            throw new IllegalArgumentException("insight " + dedupKey + ": evidence must not be empty");
        }
    }

    /** The same draft with other evidence (e.g. the gap's weeks_seen added). */
    public InsightDraft withEvidence(Struct newEvidence) {
        return new InsightDraft(kind, dedupKey, title, description, newEvidence, confidence, priority, actionable,
                suggestedAction, affectedProjects, evidenceNodes, generalizes);
    }
}
