package dev.brain.research.insight.analysis;

import static dev.brain.research.insight.Structs.obj;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.SuccessRate;
import dev.brain.grpc.v1.TrendDirection;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;

/**
 * Phase 1, trends (research.md §1.2): per project the errors of the last window vs the window before — change
 * ≤ −30 % → {@code trend} low "falling", confidence {@code min(0.9, 0.5 + |change|·0.5)}; ≥ +50 % → {@code trend}
 * high "rising", confidence {@code min(0.9, 0.5 + change·0.3)} — and the solution success rate of the last 14 days
 * more than 0.15 below the overall rate → {@code trend} medium, actionable.
 */
public final class TrendAnalysis {

    /** Differences below this are rounding noise of doubles, not a change. */
    static final double EPSILON = 1e-9;

    private TrendAnalysis() {
    }

    /** One project's two windows; {@code change} is null when the previous window had no occurrences. */
    public record ProjectChange(long projectId, long current, long previous, Double change, TrendDirection direction,
            long newErrors) {
    }

    /** Per project (by id) the occurrences of both windows (TOTAL buckets), the change and its direction. */
    public static List<ProjectChange> changes(ErrorCountsResponse current, ErrorCountsResponse previous,
            AnalysisSettings s) {
        Map<Long, long[]> byProject = new TreeMap<>(); // current, previous, new errors
        for (ErrorCountRow r : current.getRowsList()) {
            long[] v = byProject.computeIfAbsent(r.getProjectId(), p -> new long[3]);
            v[0] += r.getOccurrences();
            v[2] += r.getNewErrors();
        }
        for (ErrorCountRow r : previous.getRowsList()) {
            byProject.computeIfAbsent(r.getProjectId(), p -> new long[3])[1] += r.getOccurrences();
        }
        List<ProjectChange> changes = new ArrayList<>();
        byProject.forEach((project, v) -> {
            Double change = v[1] == 0 ? null : (double) (v[0] - v[1]) / v[1];
            changes.add(new ProjectChange(project, v[0], v[1], change, direction(change, s), v[2]));
        });
        return changes;
    }

    /** RISING at ≥ trendRising, FALLING at ≤ trendFalling, else (and without a previous window) STABLE. */
    public static TrendDirection direction(Double change, AnalysisSettings s) {
        if (change == null) {
            return TrendDirection.TREND_DIRECTION_STABLE;
        }
        if (change >= s.trendRising()) {
            return TrendDirection.TREND_DIRECTION_RISING;
        }
        return change <= s.trendFalling() ? TrendDirection.TREND_DIRECTION_FALLING : TrendDirection.TREND_DIRECTION_STABLE;
    }

    /** The error-rate trend insights of the changes; {@code names} labels projects (id → name), may be empty. */
    public static List<InsightDraft> errorTrends(List<ProjectChange> changes, Map<Long, String> names, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (ProjectChange c : changes) {
            if (c.change() == null || c.direction() == TrendDirection.TREND_DIRECTION_STABLE) {
                continue;
            }
            boolean rising = c.direction() == TrendDirection.TREND_DIRECTION_RISING;
            double change = c.change();
            double confidence = rising ? Math.min(0.9, 0.5 + change * 0.3) : Math.min(0.9, 0.5 + Math.abs(change) * 0.5);
            String name = names.getOrDefault(c.projectId(), "project " + c.projectId());
            long percent = Math.round(change * 100);
            drafts.add(new InsightDraft(InsightKind.TREND,
                    "trend:error-rate:project:" + c.projectId() + (rising ? ":up" : ":down"),
                    "Errors " + (rising ? "rising" : "falling") + " in " + name + " (" + (percent > 0 ? "+" : "")
                            + percent + " % in " + s.trendWindowDays() + " days)",
                    name + ": " + c.current() + " error occurrences in the last " + s.trendWindowDays() + " days vs "
                            + c.previous() + " in the " + s.trendWindowDays() + " days before.",
                    obj().put("project_id", c.projectId()).put("current", c.current()).put("previous", c.previous())
                            .put("change", change).put("new_errors", c.newErrors())
                            .put("window_days", s.trendWindowDays()).build(),
                    confidence, rising ? Priority.HIGH : Priority.LOW, false, null, List.of(c.projectId()),
                    List.of(Nodes.node(NodeType.NODE_TYPE_PROJECT, c.projectId())), List.of()));
        }
        return drafts;
    }

    /** Whether the recent rate (with outcomes) is more than successRateDrop below the overall rate. */
    public static boolean successRateDeclining(SuccessRate recent, SuccessRate overall, AnalysisSettings s) {
        long recentOutcomes = recent.getSuccess() + recent.getFailure() + recent.getPartial();
        // "more than": a difference within rounding noise of the threshold (0.75 − 0.6 vs 0.15) is not more
        return recentOutcomes > 0 && overall.getRate() - recent.getRate() > s.successRateDrop() + EPSILON;
    }

    /**
     * The declining-success-rate trend: medium, actionable, confidence {@code min(0.9, 0.5 + (overall − recent))}.
     */
    public static Optional<InsightDraft> successRate(SolutionSuccessRatesResponse recent,
            SolutionSuccessRatesResponse overall, AnalysisSettings s) {
        SuccessRate r = recent.getOverall();
        SuccessRate o = overall.getOverall();
        if (!successRateDeclining(r, o, s)) {
            return Optional.empty();
        }
        double drop = o.getRate() - r.getRate();
        String message = "Solutions of the last " + s.successRateWindowDays() + " days succeed less often ("
                + Math.round(r.getRate() * 100) + " % vs " + Math.round(o.getRate() * 100)
                + " % overall): review recent fixes before reusing them.";
        return Optional.of(new InsightDraft(InsightKind.TREND, "trend:success-rate:down",
                "Solution success rate falling (" + Math.round(r.getRate() * 100) + " % vs "
                        + Math.round(o.getRate() * 100) + " %)",
                message,
                obj().put("recent_rate", r.getRate()).put("overall_rate", o.getRate()).put("drop", drop)
                        .put("recent_success", r.getSuccess()).put("recent_failure", r.getFailure())
                        .put("recent_partial", r.getPartial()).put("window_days", s.successRateWindowDays()).build(),
                Math.min(0.9, 0.5 + drop), Priority.MEDIUM, true,
                obj().put("action", "review_recent_solutions").put("message", message).build(), List.of(), List.of(),
                List.of()));
    }
}
