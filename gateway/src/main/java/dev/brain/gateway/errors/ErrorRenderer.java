package dev.brain.gateway.errors;

import java.util.List;
import java.util.Locale;

import dev.brain.gateway.errors.ErrorViews.AttemptReport;
import dev.brain.gateway.errors.ErrorViews.AttemptView;
import dev.brain.gateway.errors.ErrorViews.ErrorDetail;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.ErrorQuery;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.Forgotten;
import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.MatchView;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.PreventionCheck;
import dev.brain.gateway.errors.ErrorViews.QueryResult;
import dev.brain.gateway.errors.ErrorViews.Rating;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.RuleView;
import dev.brain.gateway.errors.ErrorViews.SolutionReport;
import dev.brain.gateway.errors.ErrorViews.SolutionView;
import dev.brain.gateway.errors.ErrorViews.WarningView;

/** The concise markdown a model (MCP text) or a person (REST {@code text/plain}) reads. */
public final class ErrorRenderer {

    private static final int MESSAGE_CHARS = 160;

    private ErrorRenderer() {
    }

    static String two(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /** "TypeError: Cannot read …" cut to one short line. */
    public static String headline(String type, String message) {
        String text = (type == null || type.isBlank() ? "" : type + ": ") + (message == null ? "" : message);
        text = text.replaceAll("\\s+", " ").trim();
        return text.length() <= MESSAGE_CHARS ? text : text.substring(0, MESSAGE_CHARS - 1) + "…";
    }

    private static void solutions(StringBuilder out, List<SolutionView> solutions, String indent) {
        for (SolutionView s : solutions) {
            out.append(indent).append("- solution #").append(s.solution_id()).append(" \"").append(s.title())
                    .append("\" — confidence ").append(two(s.confidence()))
                    .append(" (").append(s.successes()).append("✓ ").append(s.failures()).append("✗");
            if (s.partials() > 0) {
                out.append(' ').append(s.partials()).append("~");
            }
            out.append(")");
            if ("observed".equals(s.source()) || s.observed_successes() > 0) {
                out.append(" — ").append("observed".equals(s.source()) ? "learned from a session" : "")
                        .append("observed".equals(s.source()) && s.observed_successes() > 0 ? ", " : "")
                        .append(s.observed_successes() > 0 ? "seen to work " + s.observed_successes() + "×" : "");
            }
            out.append("\n");
            for (int i = 0; i < s.steps().size(); i++) {
                out.append(indent).append("  ").append(i + 1).append(". ").append(s.steps().get(i)).append('\n');
            }
        }
    }

    private static void attempts(StringBuilder out, List<AttemptView> attempts, String indent) {
        for (AttemptView a : attempts) {
            out.append(indent).append("- tried: ").append(a.description()).append(reason(a)).append('\n');
        }
    }

    /** " — failed because …" of a reported attempt; " — still failing: … (seen in a session)" of an observed one. */
    private static String reason(AttemptView a) {
        if (a.reason() == null || a.reason().isBlank()) {
            return "";
        }
        return "observed".equals(a.source()) ? " — " + a.reason() + " (seen in a session)" : " — failed because " + a.reason();
    }

    private static void warnings(StringBuilder out, List<WarningView> warnings) {
        for (WarningView w : warnings) {
            out.append("- [").append(w.severity()).append("] ").append(w.kind().replace('_', ' ')).append(" #")
                    .append(w.id()).append(": ").append(w.message()).append(" (confidence ").append(two(w.confidence()))
                    .append(")\n");
        }
    }

    public static String report(ErrorReport r) {
        StringBuilder out = new StringBuilder();
        out.append("**Error #").append(r.error_id()).append("** ").append(headline(r.error_type(), r.message()))
                .append('\n');
        out.append(r.is_new() ? "New error" : "Known error, seen " + r.occurrences() + " times");
        if (r.project() != null && !r.project().isBlank()) {
            out.append(" in project ").append(r.project());
        }
        if (r.language() != null && !r.language().isBlank()) {
            out.append(" · ").append(r.language());
        }
        out.append(" · fingerprint ")
                .append(r.fingerprint().length() > 12 ? r.fingerprint().substring(0, 12) : r.fingerprint());
        if (r.truncated()) {
            out.append(String.format(Locale.ROOT, " · output truncated by %,d bytes", r.truncated_bytes()));
        }
        out.append('\n');
        if (r.reopened()) {
            out.append("It was resolved before and occurred again: it is unresolved now.\n");
        }
        if (!r.solutions().isEmpty()) {
            out.append("\nSolutions of this error:\n");
            solutions(out, r.solutions(), "");
        }
        if (!r.attempts().isEmpty()) {
            out.append("\nAttempts that did not work:\n");
            attempts(out, r.attempts(), "");
        }
        if (!r.matches().isEmpty()) {
            out.append("\nSimilar errors:\n");
            for (MatchView m : r.matches()) {
                out.append("- #").append(m.error_id()).append(" (score ").append(two(m.score()))
                        .append(m.project() == null || m.project().isBlank() ? "" : ", project " + m.project())
                        .append(m.resolved() ? ", resolved" : "").append(") ").append(headline(m.error_type(), m.message()))
                        .append('\n');
                solutions(out, m.solutions(), "  ");
                attempts(out, m.attempts(), "  ");
            }
        } else if (r.searched() != null) {
            out.append("\nNo similar error: ").append(r.searched()).append(".\n");
        }
        if (!r.warnings().isEmpty()) {
            out.append("\nWarnings:\n");
            warnings(out, r.warnings());
        }
        if (r.solutions().isEmpty() && r.matches().stream().allMatch(m -> m.solutions().isEmpty())) {
            out.append("\nNo known solution yet: when you fix it, call brain_report_solution with error_id ")
                    .append(r.error_id()).append(".\n");
        } else {
            out.append("\nAfter applying a solution, call brain_rate_solution with the outcome.\n");
        }
        return out.toString().trim();
    }

    public static String query(ErrorQuery q) {
        StringBuilder out = new StringBuilder();
        if (q.results().isEmpty()) {
            out.append("No error matches \"").append(headline(null, q.query())).append("\"");
            if (q.searched() != null) {
                out.append(": ").append(q.searched());
            }
            out.append(q.semantic_skipped() ? " (semantic search skipped)." : ".");
            return out.toString();
        }
        out.append(q.results().size()).append(q.results().size() == 1 ? " error matches" : " errors match")
                .append(q.project_only() ? " in this project" : "").append(":\n");
        int rank = 1;
        for (QueryResult hit : q.results()) {
            out.append(rank++).append(". **#").append(hit.error_id()).append("** ")
                    .append(headline(hit.error_type(), hit.message())).append(" (");
            if (hit.project() != null && !hit.project().isBlank()) {
                out.append("project ").append(hit.project()).append(", ");
            }
            out.append("seen ").append(hit.occurrences()).append("×").append(hit.resolved() ? ", resolved" : "");
            if (hit.match_score() != null) {
                out.append(", match ").append(two(hit.match_score()));
            }
            out.append(")\n");
            solutions(out, hit.solutions(), "   ");
            attempts(out, hit.attempts(), "   ");
        }
        if (q.semantic_skipped()) {
            out.append("(semantic search skipped)\n");
        }
        return out.toString().trim();
    }

    public static String detail(ErrorDetail d) {
        StringBuilder out = new StringBuilder();
        out.append("**Error #").append(d.error_id()).append("** ").append(headline(d.error_type(), d.message())).append('\n');
        out.append("project ").append(d.project()).append(" · seen ").append(d.occurrences()).append("×")
                .append(d.resolved() ? " · resolved" : " · unresolved").append('\n');
        if (d.command() != null && !d.command().isBlank()) {
            out.append("command: `").append(d.command()).append("`\n");
        }
        if (d.not_an_error()) {
            out.append("marked not an error: never matched, listed or hinted\n");
        }
        if (!d.solutions().isEmpty()) {
            out.append("\nSolutions:\n");
            solutions(out, d.solutions(), "");
            d.solutions().stream().filter(s -> s.diff() != null).forEach(s -> out.append("\nDiff of solution #")
                    .append(s.solution_id()).append(":\n```diff\n").append(s.diff()).append("\n```\n"));
        }
        if (!d.chain().before().isEmpty() || !d.chain().after().isEmpty()) {
            out.append("\nChain: ");
            for (int i = d.chain().before().size() - 1; i >= 0; i--) { // nearest last
                out.append("#").append(d.chain().before().get(i).error_id()).append(' ')
                        .append(d.chain().before().get(i).error_type()).append(" → ");
            }
            out.append("this");
            d.chain().after().forEach(s -> out.append(" → #").append(s.error_id()).append(' ').append(s.error_type()));
            out.append('\n');
        }
        if (!d.attempts().isEmpty()) {
            out.append("\nAttempts that did not work:\n");
            d.attempts().forEach(a -> out.append("- #").append(a.attempt_id()).append(' ').append(a.description())
                    .append(reason(a)).append('\n'));
        }
        return out.toString().trim();
    }

    public static String list(ErrorList l) {
        String where = l.project() == null ? "the tenant" : "project " + l.project();
        if (l.errors().isEmpty()) {
            return "No " + l.filter() + " errors in " + where + ".";
        }
        StringBuilder out = new StringBuilder().append(l.errors().size()).append(' ').append(l.filter())
                .append(l.errors().size() == 1 ? " error" : " errors").append(" in ").append(where).append(":\n");
        for (ListedError e : l.errors()) {
            out.append("- **#").append(e.error_id()).append("** ").append(headline(e.error_type(), e.message()))
                    .append(" (seen ").append(e.occurrences()).append("×, last ").append(e.last_seen())
                    .append(e.resolved() ? ", resolved" : "").append(")");
            if (e.best_solution() != null) {
                out.append(" — solution #").append(e.best_solution().solution_id()).append(" \"")
                        .append(e.best_solution().title()).append("\" (").append(two(e.best_solution().confidence()))
                        .append(")");
            }
            out.append('\n');
        }
        return out.toString().trim();
    }

    public static String rule(RuleView r) {
        StringBuilder out = new StringBuilder("rule #").append(r.rule_id()).append(" [").append(r.kind()).append("] ")
                .append(r.name()).append(" — confidence ").append(two(r.confidence())).append(", prevented ")
                .append(r.prevented()).append(", false alarms ").append(r.false_alarms())
                .append(r.blocking() ? ", blocking" : "").append(r.active() ? "" : ", inactive");
        if (!r.commands().isEmpty()) {
            out.append("; commands: ").append(String.join(", ", r.commands()));
        }
        return out.toString();
    }

    public static String rules(RuleList l) {
        if (l.rules().isEmpty()) {
            return "No prevention rules apply in " + (l.project() == null ? "the tenant" : "project " + l.project()) + ".";
        }
        StringBuilder out = new StringBuilder().append(l.rules().size()).append(" rule")
                .append(l.rules().size() == 1 ? "" : "s").append(":\n");
        l.rules().forEach(r -> out.append("- ").append(rule(r)).append('\n'));
        return out.toString().trim();
    }

    public static String forgotten(Forgotten f) {
        return "Forgot " + f.kind() + " #" + f.id() + "; deleted " + f.deleted().entrySet().stream()
                .filter(e -> e.getValue() > 0).map(e -> e.getValue() + " " + e.getKey()).reduce((a, b) -> a + ", " + b)
                .orElse("nothing else") + ".";
    }

    public static String solution(SolutionReport s) {
        String text = "Solution #" + s.solution_id() + " \"" + s.title() + "\" recorded for error #" + s.error_id()
                + " (confidence " + two(s.confidence()) + "); the error is marked resolved.";
        if (!s.cross_project_error_ids().isEmpty()) {
            text += " The same error exists in other projects: " + s.cross_project_error_ids().stream()
                    .map(id -> "#" + id).reduce((a, b) -> a + ", " + b).orElse("") + ".";
        }
        return text;
    }

    public static String attempt(AttemptReport a) {
        return "Attempt #" + a.attempt_id() + " recorded for error #" + a.error_id() + " (" + a.failed_total()
                + " failed " + (a.failed_total() == 1 ? "try" : "tries") + " so far).";
    }

    public static String rating(Rating r) {
        return "Outcome " + r.outcome() + " recorded for solution #" + r.solution_id() + " on error #" + r.error_id()
                + ": confidence now " + two(r.confidence()) + " for this error (" + two(r.solution_confidence())
                + " overall)" + (r.error_resolved() ? "; the error is resolved." : ".");
    }

    public static String prevention(PreventionCheck p) {
        if (p.rules().isEmpty() && p.antipatterns().isEmpty() && p.solution_code().isEmpty()) {
            return "No warning: checked " + p.checked() + ".";
        }
        StringBuilder out = new StringBuilder("Warnings (checked ").append(p.checked()).append("):\n");
        warnings(out, p.rules());
        warnings(out, p.antipatterns());
        warnings(out, p.solution_code());
        return out.toString().trim();
    }

    public static String notifications(Notifications n) {
        if (n.notifications().isEmpty()) {
            return "No pending notifications for this session, its project or the tenant.";
        }
        StringBuilder out = new StringBuilder().append(n.notifications().size()).append(" pending notification")
                .append(n.notifications().size() == 1 ? "" : "s").append(n.acknowledged() ? " (now acknowledged)" : "")
                .append(":\n");
        n.notifications().forEach(x -> out.append("- #").append(x.notification_id()).append(" [")
                .append(x.type()).append("] ").append(x.summary())
                .append(x.reference_type() == null ? "" : " (" + x.reference_type() + " #" + x.reference_id() + ")")
                .append('\n'));
        return out.toString().trim();
    }
}
