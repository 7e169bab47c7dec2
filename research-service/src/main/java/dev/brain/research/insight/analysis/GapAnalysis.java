package dev.brain.research.insight.analysis;

import static dev.brain.research.insight.Structs.obj;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.FingerprintProject;
import dev.brain.grpc.v1.NodeDegree;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.RecurringError;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;

/**
 * Phase 2, gaps (research.md §1.2): unresolved errors with ≥ gapMinOccurrences (5) occurrences → {@code gap},
 * critical at ≥ 10 else high, confidence {@code min(0.95, 0.5 + n·0.1)}; the same fingerprint unresolved in ≥ 2
 * projects → {@code gap} medium "shared problem without shared solution"; more than isolatedErrorsMax (5) errors
 * without any synapse → {@code gap} low.
 */
public final class GapAnalysis {

    /** Error ids listed in the evidence of the isolated-errors gap (and linked), at most. */
    static final int MAX_LISTED = 50;

    private GapAnalysis() {
    }

    /** A gap per unresolved error with at least gapMinOccurrences occurrences. */
    public static List<InsightDraft> recurring(List<RecurringError> errors, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (RecurringError r : errors) {
            ErrorRecord e = r.getError();
            int n = e.getOccurrenceCount();
            if (e.getResolved() || n < s.gapMinOccurrences()) {
                continue;
            }
            String what = e.getErrorType().isEmpty() ? "Error" : e.getErrorType();
            String message = "Unresolved " + what + " seen " + n + " times" + (e.getProject().isEmpty() ? ""
                    : " in " + e.getProject()) + ": find and report a solution.";
            drafts.add(new InsightDraft(InsightKind.GAP, "gap:error:" + e.getId(),
                    what + " unresolved after " + n + " occurrences: " + oneLine(e.getMessageTemplate().isEmpty()
                            ? e.getMessage()
                            : e.getMessageTemplate()),
                    message,
                    obj().put("error_id", e.getId()).put("fingerprint", e.getFingerprint())
                            .put("occurrences", n).put("failed_attempts", r.getFailedAttempts())
                            .put("project_id", e.getProjectId()).build(),
                    Math.min(0.95, 0.5 + n * 0.1), n >= s.gapCriticalOccurrences() ? Priority.CRITICAL : Priority.HIGH,
                    true, obj().put("action", "find_solution").put("message", message).put("error_id", e.getId()).build(),
                    e.getProjectId() > 0 ? List.of(e.getProjectId()) : List.of(),
                    List.of(Nodes.node(NodeType.NODE_TYPE_ERROR, e.getId())), List.of()));
        }
        return drafts;
    }

    /**
     * A medium gap per fingerprint unresolved in at least 2 projects ("shared problem without shared solution"),
     * confidence {@code min(0.9, 0.5 + 0.1·projects)}.
     */
    public static List<InsightDraft> sharedFingerprints(List<CrossProjectFingerprint> fingerprints, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (CrossProjectFingerprint f : fingerprints) {
            List<FingerprintProject> unresolved = f.getProjectsList().stream().filter(p -> !p.getResolved()).toList();
            List<Long> projects = unresolved.stream().map(FingerprintProject::getProjectId).distinct().toList();
            if (projects.size() < 2) {
                continue;
            }
            List<Long> errorIds = unresolved.stream().map(FingerprintProject::getErrorId).toList();
            List<String> names = unresolved.stream().map(FingerprintProject::getProject).distinct().toList();
            String message = "The same " + (f.getErrorType().isEmpty() ? "error" : f.getErrorType()) + " is unresolved in "
                    + projects.size() + " projects (" + String.join(", ", names) + "): solve it once for all.";
            drafts.add(new InsightDraft(InsightKind.GAP, "gap:shared-fingerprint:" + f.getFingerprint(),
                    "Shared problem without shared solution in " + projects.size() + " projects: "
                            + oneLine(f.getMessageTemplate().isEmpty() ? f.getErrorType() : f.getMessageTemplate()),
                    message,
                    obj().put("fingerprint", f.getFingerprint()).put("error_type", f.getErrorType())
                            .putNumbers("project_ids", projects).putNumbers("error_ids", errorIds)
                            .put("projects", projects.size()).build(),
                    Math.min(0.9, 0.5 + 0.1 * projects.size()), Priority.MEDIUM, true,
                    obj().put("action", "find_shared_solution").put("message", message)
                            .putNumbers("error_ids", errorIds).build(),
                    projects, Nodes.nodes(NodeType.NODE_TYPE_ERROR, errorIds), List.of()));
        }
        return drafts;
    }

    /**
     * A low gap when more than isolatedErrorsMax of the given error nodes have no synapse at all (in and out 0),
     * confidence {@code min(0.9, 0.5 + 0.02·count)}; the first 50 are listed and linked.
     */
    public static Optional<InsightDraft> isolated(List<NodeDegree> errorDegrees, AnalysisSettings s) {
        List<Long> isolated = errorDegrees.stream().filter(d -> d.getInCount() + d.getOutCount() == 0)
                .map(d -> d.getNode().getId()).distinct().toList();
        if (isolated.size() <= s.isolatedErrorsMax()) {
            return Optional.empty();
        }
        List<Long> listed = isolated.subList(0, Math.min(MAX_LISTED, isolated.size()));
        String message = isolated.size() + " errors have no link to any solution, module, project or other error:"
                + " report solutions or context for them.";
        return Optional.of(new InsightDraft(InsightKind.GAP, "gap:isolated-errors",
                isolated.size() + " errors without any synapse", message,
                obj().put("isolated_errors", isolated.size()).put("checked_errors", errorDegrees.size())
                        .putNumbers("error_ids", listed).build(),
                Math.min(0.9, 0.5 + 0.02 * isolated.size()), Priority.LOW, false, null, List.of(),
                Nodes.nodes(NodeType.NODE_TYPE_ERROR, listed), List.of()));
    }

    static String oneLine(String text) {
        String line = text.lines().findFirst().orElse("").strip();
        return line.length() > 120 ? line.substring(0, 119) + "…" : line;
    }
}
