package dev.brain.gateway.errors;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the error tools return as structured content (gateway.md §1, "Arguments and structured results"). */
public final class ErrorViews {

    private ErrorViews() {
    }

    /** A solution as seen from one error; {@code confidence} is the error–solution link's confidence. */
    @RegisterForReflection
    public record SolutionView(long solution_id, String title, double confidence, double solution_confidence,
            int successes, int failures, int partials) {
    }

    /** A stored error that matched, with its solutions by confidence. */
    @RegisterForReflection
    public record MatchView(long error_id, double score, boolean strong, String error_type, String message,
            String project, int occurrences, boolean resolved, List<SolutionView> solutions) {
    }

    /** A prevention warning; {@code kind} is rule, antipattern or solution_code. */
    @RegisterForReflection
    public record WarningView(String kind, long id, String severity, String message, double confidence,
            List<Long> solution_ids, List<Long> error_ids, String matched_on, String line) {
    }

    @RegisterForReflection
    public record ErrorReport(long error_id, boolean is_new, String fingerprint, String error_type, String message,
            String language, String project, int occurrences, List<SolutionView> solutions, List<MatchView> matches,
            List<WarningView> warnings, boolean truncated, long truncated_bytes, String searched) {
    }

    @RegisterForReflection
    public record QueryResult(long error_id, double score, Double match_score, String error_type, String message,
            String project, int occurrences, boolean resolved, List<SolutionView> solutions) {
    }

    @RegisterForReflection
    public record ErrorQuery(String query, boolean project_only, List<QueryResult> results, String searched,
            boolean semantic_skipped) {
    }

    @RegisterForReflection
    public record AttemptView(long attempt_id, String description, String reason, String outcome) {
    }

    @RegisterForReflection
    public record ErrorDetail(long error_id, String fingerprint, String error_type, String message, String language,
            String project, int occurrences, boolean resolved, String command, String working_directory,
            String raw_output, List<SolutionView> solutions, List<AttemptView> attempts) {
    }

    @RegisterForReflection
    public record SolutionReport(long solution_id, long error_id, String title, double confidence,
            List<Long> cross_project_error_ids) {
    }

    @RegisterForReflection
    public record AttemptReport(long attempt_id, long error_id, int failed_total) {
    }

    @RegisterForReflection
    public record Rating(long solution_id, long error_id, String outcome, double confidence,
            double solution_confidence, boolean error_resolved) {
    }

    @RegisterForReflection
    public record PreventionCheck(List<WarningView> rules, List<WarningView> antipatterns,
            List<WarningView> solution_code, String checked) {
    }

    @RegisterForReflection
    public record NotificationView(long notification_id, String type, String summary, String project,
            String reference_type, long reference_id, String created_at) {
    }

    @RegisterForReflection
    public record Notifications(List<NotificationView> notifications, boolean acknowledged) {
    }
}
