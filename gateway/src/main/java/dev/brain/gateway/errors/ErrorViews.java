package dev.brain.gateway.errors;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the error tools return as structured content (gateway.md §1, "Arguments and structured results"). */
public final class ErrorViews {

    private ErrorViews() {
    }

    /**
     * A solution as seen from one error; {@code confidence} is the error–solution link's confidence; {@code diff}
     * is cut to 2 KiB with a marker; {@code source} is {@code reported} or {@code observed} (learned from a session);
     * {@code observed_successes} are the successes seen in sessions on this error (so in its project).
     */
    @RegisterForReflection
    public record SolutionView(long solution_id, String title, String description, List<String> steps, String diff,
            double confidence, double solution_confidence, int successes, int failures, int partials, String source,
            int observed_successes) {
    }

    /** A stored error that matched, with its solutions by confidence. */
    @RegisterForReflection
    public record MatchView(long error_id, double score, boolean strong, String error_type, String message,
            String project, int occurrences, boolean resolved, List<SolutionView> solutions, List<AttemptView> attempts) {
    }

    /** A prevention warning; {@code kind} is rule, antipattern or solution_code. */
    @RegisterForReflection
    public record WarningView(String kind, long id, String severity, String message, double confidence,
            List<Long> solution_ids, List<Long> error_ids, String matched_on, String line, boolean blocking) {
    }

    @RegisterForReflection
    public record ErrorReport(long error_id, boolean is_new, String fingerprint, String error_type, String message,
            String language, String project, int occurrences, boolean reopened, boolean not_an_error,
            List<SolutionView> solutions, List<AttemptView> attempts, List<MatchView> matches,
            List<WarningView> warnings, boolean truncated, long truncated_bytes, String searched) {
    }

    @RegisterForReflection
    public record QueryResult(long error_id, double score, Double match_score, String error_type, String message,
            String project, int occurrences, boolean resolved, List<SolutionView> solutions, List<AttemptView> attempts) {
    }

    @RegisterForReflection
    public record ErrorQuery(String query, boolean project_only, List<QueryResult> results, String searched,
            boolean semantic_skipped) {
    }

    /** A fix that did not work; {@code source} is {@code reported} or {@code observed} (seen in a session). */
    @RegisterForReflection
    public record AttemptView(long attempt_id, String description, String reason, String outcome, String source) {
    }

    @RegisterForReflection
    public record ErrorDetail(long error_id, String fingerprint, String error_type, String message, String language,
            String project, int occurrences, boolean resolved, boolean not_an_error, String first_seen_at,
            String last_seen_at, String command, String working_directory, String raw_output,
            List<SolutionView> solutions, List<AttemptView> attempts, Chain chain) {
    }

    /** Errors that came before and after this one in the sessions' error chains (error-code.md §5.10). */
    @RegisterForReflection
    public record Chain(List<ChainStep> before, List<ChainStep> after) {
    }

    @RegisterForReflection
    public record ChainStep(long error_id, String error_type, String message_template) {
    }

    /** One line of brain_list_errors. */
    @RegisterForReflection
    public record ListedError(long error_id, String error_type, String message, String project, int occurrences,
            String last_seen, boolean resolved, SolutionView best_solution) {
    }

    @RegisterForReflection
    public record ErrorList(String filter, String project, List<ListedError> errors) {
    }

    /** A prevention rule with its record; {@code false_alarms} are the rejections. */
    @RegisterForReflection
    public record RuleView(long rule_id, String kind, String name, String pattern, List<String> commands,
            String action, double confidence, int triggered, int prevented, int false_alarms, boolean blocking,
            boolean active, String project) {
    }

    @RegisterForReflection
    public record RuleList(String project, List<RuleView> rules) {
    }

    @RegisterForReflection
    public record Forgotten(String kind, long id, java.util.Map<String, Long> deleted) {
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
