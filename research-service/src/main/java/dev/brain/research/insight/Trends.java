package dev.brain.research.insight;

import static dev.brain.wire.ProtoTime.timestamp;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.SolutionSuccessRatesRequest;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.TimeBucket;
import dev.brain.research.clients.ErrorServices;
import dev.brain.research.insight.analysis.AnalysisSettings;
import dev.brain.research.insight.analysis.TrendAnalysis;
import dev.brain.research.insight.analysis.TrendAnalysis.ProjectChange;

/**
 * The numbers behind {@code trend} insights (research.md §1.2 phase 1, {@code Trends}): error occurrences per
 * project in the last window vs the window before (ErrorCounts, bucket TOTAL, windows [now−2w, now−w) and
 * [now−w, now)), and the solution success rate of the last successRateWindowDays (14) vs overall.
 */
@ApplicationScoped
public class Trends {

    /** Both windows' numbers. */
    public record Result(Instant windowStart, Instant windowEnd, List<ProjectChange> projects,
            SolutionSuccessRatesResponse recentRates, SolutionSuccessRatesResponse overallRates, boolean declining,
            Map<Long, String> names) {
    }

    private static final int PAGE = 1000;

    private final ErrorServices errors;
    private final Clock clock;

    public Trends(ErrorServices errors, Clock clock) {
        this.errors = errors;
        this.clock = clock;
    }

    /**
     * The tenant's trends over windows of {@code windowDays}; {@code projectIds} empty = every project; {@code names}
     * (project id → name) is passed through for labels.
     */
    public Result compute(String tenant, List<Long> projectIds, int windowDays, Map<Long, String> names,
            AnalysisSettings s) {
        Instant end = clock.instant();
        Instant start = end.minus(Duration.ofDays(windowDays));
        Instant before = start.minus(Duration.ofDays(windowDays));
        ErrorCountsResponse current = counts(tenant, projectIds, start, end);
        ErrorCountsResponse previous = counts(tenant, projectIds, before, start);
        var rates = errors.analytics(tenant);
        SolutionSuccessRatesResponse overall = rates.solutionSuccessRates(SolutionSuccessRatesRequest.newBuilder()
                .addAllProjectIds(projectIds).build());
        SolutionSuccessRatesResponse recent = errors.analytics(tenant).solutionSuccessRates(SolutionSuccessRatesRequest
                .newBuilder().addAllProjectIds(projectIds)
                .setFrom(timestamp(end.minus(Duration.ofDays(s.successRateWindowDays())))).setTo(timestamp(end)).build());
        return new Result(start, end, TrendAnalysis.changes(current, previous, s), recent, overall,
                TrendAnalysis.successRateDeclining(recent.getOverall(), overall.getOverall(), s), names);
    }

    private ErrorCountsResponse counts(String tenant, List<Long> projectIds, Instant from, Instant to) {
        ErrorCountsResponse.Builder all = ErrorCountsResponse.newBuilder();
        String token = "";
        do {
            ErrorCountsResponse page = errors.analytics(tenant).errorCounts(ErrorCountsRequest.newBuilder()
                    .addAllProjectIds(projectIds).setFrom(timestamp(from)).setTo(timestamp(to))
                    .setBucket(TimeBucket.TIME_BUCKET_TOTAL).setPageSize(PAGE).setPageToken(token).build());
            all.addAllRows(page.getRowsList());
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        return all.build();
    }
}
