package dev.brain.research.insight.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.SuccessRate;
import dev.brain.grpc.v1.TrendDirection;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.analysis.TrendAnalysis.ProjectChange;

/** Phase 1: +50 % fires (high), +49 % not; −30 % fires (low), −29 % not; the confidence formulas; success rate drop. */
class TrendAnalysisTest {

    static final AnalysisSettings S = AnalysisSettings.defaults();

    static ErrorCountsResponse counts(long project, long occurrences) {
        return ErrorCountsResponse.newBuilder().addRows(ErrorCountRow.newBuilder().setProjectId(project)
                .setOccurrences(occurrences).setNewErrors(1)).build();
    }

    static List<InsightDraft> trends(long current, long previous) {
        return TrendAnalysis.errorTrends(TrendAnalysis.changes(counts(42, current), counts(42, previous), S),
                Map.of(42L, "shop"), S);
    }

    @Test
    void aRiseOfFiftyPercentIsAHighTrendWithConfidenceHalfPlusChangeTimesPointThree() {
        List<InsightDraft> drafts = trends(150, 100);
        assertThat(drafts).hasSize(1);
        InsightDraft d = drafts.get(0);
        assertThat(d.kind()).isEqualTo(InsightKind.TREND);
        assertThat(d.priority()).isEqualTo(Priority.HIGH);
        assertThat(d.dedupKey()).isEqualTo("trend:error-rate:project:42:up");
        assertThat(d.confidence()).isEqualTo(Math.min(0.9, 0.5 + 0.5 * 0.3));
        assertThat(d.confidence()).isEqualTo(0.65);
        assertThat(d.affectedProjects()).containsExactly(42L);
        assertThat(d.evidenceNodes()).extracting(n -> n.getType()).containsExactly(NodeType.NODE_TYPE_PROJECT);
        assertThat(d.title()).contains("shop").contains("+50 %");
    }

    @Test
    void aRiseOfFortyNinePercentIsNothing() {
        assertThat(trends(149, 100)).isEmpty();
    }

    @Test
    void aRiseConfidenceIsCappedAtPointNine() {
        // +300 %: 0.5 + 3·0.3 = 1.4 → 0.9
        assertThat(trends(400, 100).get(0).confidence()).isEqualTo(0.9);
        // +100 %: 0.5 + 0.3 = 0.8
        assertThat(trends(200, 100).get(0).confidence()).isEqualTo(0.5 + 1.0 * 0.3);
    }

    @Test
    void aFallOfThirtyPercentIsALowTrendWithConfidenceHalfPlusAbsChangeTimesHalf() {
        List<InsightDraft> drafts = trends(70, 100);
        assertThat(drafts).hasSize(1);
        InsightDraft d = drafts.get(0);
        assertThat(d.priority()).isEqualTo(Priority.LOW);
        assertThat(d.dedupKey()).isEqualTo("trend:error-rate:project:42:down");
        assertThat(d.confidence()).isEqualTo(Math.min(0.9, 0.5 + Math.abs(-0.3) * 0.5));
        // −60 %: 0.5 + 0.6·0.5 = 0.8; −100 %: 1.0 → 0.9
        assertThat(trends(40, 100).get(0).confidence()).isEqualTo(0.5 + 0.6 * 0.5);
        assertThat(trends(0, 100).get(0).confidence()).isEqualTo(0.9);
    }

    @Test
    void aFallOfTwentyNinePercentIsNothing() {
        assertThat(trends(71, 100)).isEmpty();
    }

    @Test
    void withoutAPreviousWindowThereIsNoChangeAndNoTrend() {
        List<ProjectChange> changes = TrendAnalysis.changes(counts(7, 30), ErrorCountsResponse.getDefaultInstance(), S);
        assertThat(changes).containsExactly(new ProjectChange(7, 30, 0, null, TrendDirection.TREND_DIRECTION_STABLE, 1));
        assertThat(TrendAnalysis.errorTrends(changes, Map.of(), S)).isEmpty();
    }

    @Test
    void changesAreComputedPerProject() {
        ErrorCountsResponse current = ErrorCountsResponse.newBuilder()
                .addRows(ErrorCountRow.newBuilder().setProjectId(1).setOccurrences(30).setNewErrors(2))
                .addRows(ErrorCountRow.newBuilder().setProjectId(2).setOccurrences(5)).build();
        ErrorCountsResponse previous = ErrorCountsResponse.newBuilder()
                .addRows(ErrorCountRow.newBuilder().setProjectId(1).setOccurrences(20))
                .addRows(ErrorCountRow.newBuilder().setProjectId(2).setOccurrences(10)).build();
        assertThat(TrendAnalysis.changes(current, previous, S)).containsExactly(
                new ProjectChange(1, 30, 20, 0.5, TrendDirection.TREND_DIRECTION_RISING, 2),
                new ProjectChange(2, 5, 10, -0.5, TrendDirection.TREND_DIRECTION_FALLING, 0));
    }

    static SolutionSuccessRatesResponse rates(long s, long f, long p) {
        double rate = s + f + p == 0 ? 0 : (s + 0.5 * p) / (s + f + p);
        return SolutionSuccessRatesResponse.newBuilder().setOverall(SuccessRate.newBuilder().setSuccess(s).setFailure(f)
                .setPartial(p).setRate(rate)).build();
    }

    @Test
    void aRecentSuccessRateMoreThanPointFifteenBelowOverallIsAMediumActionableTrend() {
        // overall 0.8, recent 0.6: drop 0.2 > 0.15
        var d = TrendAnalysis.successRate(rates(3, 2, 0), rates(8, 2, 0), S).orElseThrow();
        assertThat(d.priority()).isEqualTo(Priority.MEDIUM);
        assertThat(d.actionable()).isTrue();
        assertThat(d.dedupKey()).isEqualTo("trend:success-rate:down");
        assertThat(d.confidence()).isEqualTo(Math.min(0.9, 0.5 + (0.8 - 0.6)));
        assertThat(d.suggestedAction().getFieldsOrThrow("action").getStringValue()).isEqualTo("review_recent_solutions");
    }

    @Test
    void aDropOfExactlyPointFifteenOrARecentWindowWithoutOutcomesIsNothing() {
        // overall 0.75 (3 of 4), recent 0.6 (3 of 5): drop 0.15 — not "more than"
        assertThat(TrendAnalysis.successRate(rates(3, 2, 0), rates(3, 1, 0), S)).isEmpty();
        // no outcomes in the last 14 days: rate 0 means nothing
        assertThat(TrendAnalysis.successRate(rates(0, 0, 0), rates(8, 2, 0), S)).isEmpty();
    }
}
