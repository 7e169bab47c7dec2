package dev.brain.gateway.hooks;

import java.util.Locale;

import dev.brain.gateway.errors.ErrorRenderer;
import dev.brain.gateway.errors.ErrorViews.ErrorReport;
import dev.brain.gateway.errors.ErrorViews.MatchView;
import dev.brain.gateway.errors.ErrorViews.SolutionView;
import dev.brain.gateway.errors.ErrorViews.WarningView;

/** The one line a hook puts into Claude's context, or null when there is nothing worth saying. */
public final class HookHints {

    private static final int HEADLINE = 80;

    private HookHints() {
    }

    public static String of(ErrorReport report) {
        if (!report.solutions().isEmpty()) {
            return "Brain: known error #" + report.error_id() + " (" + headline(report.error_type(), report.message())
                    + ") — " + solution(report.solutions().get(0)) + "; see brain_query_error";
        }
        for (MatchView match : report.matches()) {
            if (!match.solutions().isEmpty()) {
                return "Brain: similar to error #" + match.error_id() + " (" + headline(match.error_type(), match.message())
                        + String.format(Locale.ROOT, ", score %.2f", match.score()) + ") — "
                        + solution(match.solutions().get(0)) + "; see brain_query_error";
            }
        }
        if (!report.warnings().isEmpty()) {
            WarningView w = report.warnings().get(0);
            return "Brain " + w.severity() + " (" + w.kind().replace('_', ' ') + " #" + w.id() + "): "
                    + w.message().replaceAll("\\s+", " ").trim();
        }
        return null;
    }

    private static String solution(SolutionView s) {
        return "solution #" + s.solution_id() + " '" + s.title().replaceAll("\\s+", " ").trim() + "'"
                + String.format(Locale.ROOT, " (confidence %.2f)", s.confidence());
    }

    private static String headline(String type, String message) {
        String text = ErrorRenderer.headline(type, message);
        return text.length() <= HEADLINE ? text : text.substring(0, HEADLINE - 1) + "…";
    }
}
