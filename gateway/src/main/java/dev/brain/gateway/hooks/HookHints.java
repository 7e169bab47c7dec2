package dev.brain.gateway.hooks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.brain.gateway.errors.ErrorRenderer;
import dev.brain.gateway.errors.ErrorViews.AttemptView;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.MatchView;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.SolutionView;
import dev.brain.gateway.errors.ErrorViews.WarningView;
import dev.brain.grpc.v1.ObservedLearning;

/** The text a hook puts into Claude's context (gateway.md §3), or null when there is nothing worth saying. */
public final class HookHints {

    /** The SessionStart digest's limit. */
    static final int DIGEST_CHARS = 600;
    /** The digest names at most this many unresolved errors, the most frequent first. */
    static final int DIGEST_ERRORS = 5;
    static final int HEADLINE = 80;
    static final int STEP = 200;
    static final int ATTEMPTS = 2;

    private HookHints() {
    }

    /**
     * After a failed command: the known error with its best solution (title, confidence, first step) and the
     * attempts that failed; else a similar error's solution; else an antipattern or rule; else null.
     */
    public static String failure(ErrorReport report) {
        if (report.not_an_error()) {
            return null;
        }
        String known = "Brain: " + (report.reopened() ? "error #" + report.error_id() + " was resolved and is back ("
                : "known error #" + report.error_id() + " (") + headline(report.error_type(), report.message())
                + ", seen " + report.occurrences() + "×)";
        StringBuilder out = new StringBuilder();
        if (!report.solutions().isEmpty()) {
            out.append(known).append(" — ").append(solution(report.solutions().get(0), "this project"));
        } else {
            MatchView match = report.matches().stream().filter(m -> !m.solutions().isEmpty()).findFirst().orElse(null);
            if (match != null) {
                out.append("Brain: similar to error #").append(match.error_id()).append(" (")
                        .append(headline(match.error_type(), match.message()))
                        .append(match.project() == null || match.project().equals(report.project()) ? ""
                                : ", project " + match.project())
                        .append(String.format(Locale.ROOT, ", score %.2f", match.score())).append(") — ")
                        .append(solution(match.solutions().get(0), match.project() == null
                                || match.project().equals(report.project()) ? "this project" : "project " + match.project()));
                attempts(out, match.attempts());
            } else if (!report.attempts().isEmpty() || report.reopened()) {
                out.append(known).append(" — no known solution yet");
            }
        }
        if (!out.isEmpty()) {
            attempts(out, report.attempts());
            return out.append(". More: brain_get_error ").append(report.error_id()).append('.').toString();
        }
        return report.warnings().isEmpty() ? null : "Brain " + warning(report.warnings().get(0)) + '.';
    }

    /** Before a command: the warnings of rules and antipatterns that match it, or null. */
    public static String beforeCommand(List<WarningView> warnings) {
        if (warnings.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder("Brain ").append(warning(warnings.get(0)));
        for (WarningView w : warnings.subList(1, Math.min(3, warnings.size()))) {
            out.append("; ").append(warning(w));
        }
        WarningView first = warnings.get(0);
        if (first.kind().equals("rule")) {
            out.append(". If it does not apply: brain_rule_feedback rule_id=").append(first.id())
                    .append(" outcome=false_alarm");
        }
        return out.append('.').toString();
    }

    /** After code was written: lines that earlier fixes removed, and matching rules; or null. */
    public static String afterCode(List<WarningView> warnings) {
        if (warnings.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (WarningView w : warnings.subList(0, Math.min(3, warnings.size()))) {
            parts.add(w.line() == null ? warning(w) : "`" + cut(w.line(), HEADLINE) + "`: " + one(w.message()));
        }
        return "Brain: " + String.join("; ", parts) + '.';
    }

    /**
     * At session start: the project's unresolved errors (recurring first, with the best solution where there is
     * one), the active rules, and the pending notifications; at most {@link #DIGEST_CHARS}; null when empty.
     */
    public static String digest(String project, ErrorList unresolved, RuleList rules, Notifications notifications) {
        return digest(project, unresolved, rules, notifications, null);
    }

    /**
     * The digest, led by the count of the project's findings when it has any (first, so the cut to
     * {@link #DIGEST_CHARS} never drops it); {@code findings} null when unknown.
     */
    public static String digest(String project, ErrorList unresolved, RuleList rules, Notifications notifications,
            Integer findings) {
        List<String> parts = new ArrayList<>();
        boolean hasFindings = findings != null && findings > 0;
        if (hasFindings) {
            parts.add(findings + (findings == 1 ? " finding" : " findings")
                    + " of this project: read .brain/INDEX.md or findings_index before exploring");
        }
        if (unresolved != null && !unresolved.errors().isEmpty()) {
            List<String> errors = new ArrayList<>();
            for (ListedError e : unresolved.errors()) {
                SolutionView best = e.best_solution();
                String line = "#" + e.error_id() + " " + headline(e.error_type(), e.message()) + " (" + e.occurrences()
                        + "×" + (best == null ? ""
                                : "; try \"" + cut(one(best.title()), 60) + "\""
                                        + (best.observed_successes() > 0 ? ", worked " + best.observed_successes() + "×" : ""))
                        + ")";
                errors.add(line);
            }
            int n = unresolved.errors().size();
            parts.add((n >= DIGEST_ERRORS ? "the " + n + " most frequent unresolved errors"
                    : n + " unresolved error" + (n == 1 ? "" : "s")) + ": " + String.join("; ", errors));
        }
        if (rules != null && !rules.rules().isEmpty()) {
            parts.add(rules.rules().size() + " active rule" + (rules.rules().size() == 1 ? "" : "s") + ": "
                    + String.join("; ", rules.rules().stream().limit(3)
                            .map(r -> "#" + r.rule_id() + " " + cut(one(r.name()), 60)).toList()));
        }
        if (notifications != null && !notifications.notifications().isEmpty()) {
            int n = notifications.notifications().size();
            parts.add(n + " notification" + (n == 1 ? "" : "s") + " (" + cut(one(notifications.notifications().get(0)
                    .summary()), 80) + (n > 1 ? ", …" : "") + "; brain_notifications)");
        }
        if (parts.isEmpty()) {
            return null;
        }
        String details = parts.size() > (hasFindings ? 1 : 0) ? " Details: brain_get_error ID." : "";
        String text = "Brain, project " + project + ": " + String.join(". ", parts) + "." + details;
        return cut(text, DIGEST_CHARS);
    }

    /** Failed attempts: a reported one says why it failed; one seen in a session says what it left ("still failing: …"). */
    private static void attempts(StringBuilder out, List<AttemptView> attempts) {
        for (AttemptView a : attempts.subList(0, Math.min(ATTEMPTS, attempts.size()))) {
            out.append("; tried: ").append(cut(one(a.description()), STEP));
            if (a.reason() != null) {
                out.append(" — ").append("observed".equals(a.source()) ? "" : "failed because ")
                        .append(cut(one(a.reason()), STEP));
            }
        }
    }

    /**
     * A solution with its confidence; one seen to work in sessions says so ("worked 3× in this project", where
     * {@code where} names the project of the error it worked on).
     */
    private static String solution(SolutionView s, String where) {
        String text = "solution #" + s.solution_id() + " \"" + cut(one(s.title()), STEP) + "\""
                + String.format(Locale.ROOT, " (confidence %.2f", s.confidence())
                + (s.observed_successes() > 0 ? "; worked " + s.observed_successes() + "× in " + where : "") + ")";
        return s.steps().isEmpty() ? text : text + ", first step: " + cut(one(s.steps().get(0)), STEP);
    }

    /**
     * After a command succeeded: what the session taught Brain — a new solution, or a known one that worked again —
     * so the agent knows it need not report it; null for anything else.
     */
    public static String learned(ObservedLearning learned) {
        if (learned == null) {
            return null;
        }
        return switch (learned.getKind()) {
            case OBSERVED_KIND_NEW_SOLUTION -> "Brain: learned the fix of error #" + learned.getErrorId()
                    + " from this session and saved it as solution #" + learned.getSolutionId() + " \""
                    + cut(one(learned.getTitle()), STEP) + "\" (no need to report it).";
            case OBSERVED_KIND_SOLUTION_SUCCEEDED -> "Brain: solution #" + learned.getSolutionId()
                    + " fixed error #" + learned.getErrorId() + " again; its confidence went up.";
            default -> null;
        };
    }

    private static String warning(WarningView w) {
        return (w.severity().equals("info") ? "note" : "warning") + " (" + w.kind().replace('_', ' ') + " #" + w.id()
                + String.format(Locale.ROOT, ", confidence %.2f", w.confidence()) + (w.blocking() ? ", blocking" : "")
                + "): " + cut(one(w.message()), STEP);
    }

    private static String headline(String type, String message) {
        return cut(ErrorRenderer.headline(type, message), HEADLINE);
    }

    private static String one(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").trim();
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
