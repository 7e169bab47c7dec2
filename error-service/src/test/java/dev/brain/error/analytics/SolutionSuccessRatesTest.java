package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.RateSolutionRequest;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.grpc.v1.SolutionSuccessRatesRequest;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.SuccessRate;
import dev.brain.wire.ProtoTime;
import io.quarkus.test.junit.QuarkusTest;

/** {@code SolutionSuccessRates}: outcome counts and (S + 0.5·P) / (S + F + P) per project and overall. */
@QuarkusTest
class SolutionSuccessRatesTest extends AnalyticsTestBase {

    static final Instant DAY0 = Instant.parse("2024-06-10T12:00:00Z");

    long shop;
    long blog;

    /**
     * shop: success (ReportSolution) on day 0, failure day 1, partial day 2. blog: success day 1 (ReportSolution),
     * success day 3. The other tenant: two failures on day 1.
     */
    @BeforeEach
    void seed() {
        clock.set(DAY0);
        var a = report("shop", undefinedRead("map", "a.js")).getError();
        shop = a.getProjectId();
        long fixA = solve("shop", a.getId(), "Default the list").getSolution().getId();
        var foreign = reportAs(otherTenant, "shop", null, undefinedRead("map", "a.js")).getError();
        clock.set(DAY0.plus(Duration.ofDays(1)));
        rate(a.getId(), fixA, SolutionOutcome.SOLUTION_OUTCOME_FAILURE);
        var b = report("blog", undefinedRead("filter", "b.js")).getError();
        blog = b.getProjectId();
        long fixB = solve("blog", b.getId(), "Filter first").getSolution().getId();
        long foreignFix = errors(otherTenant).reportSolution(ReportSolutionRequest.newBuilder()
                .setScope(scope("shop")).setErrorId(foreign.getId()).setTitle("Nope").build()).getSolution().getId();
        for (int i = 0; i < 2; i++) {
            errors(otherTenant).rateSolution(RateSolutionRequest.newBuilder().setErrorId(foreign.getId())
                    .setSolutionId(foreignFix).setOutcome(SolutionOutcome.SOLUTION_OUTCOME_FAILURE).build());
        }
        clock.set(DAY0.plus(Duration.ofDays(2)));
        rate(a.getId(), fixA, SolutionOutcome.SOLUTION_OUTCOME_PARTIAL);
        clock.set(DAY0.plus(Duration.ofDays(3)));
        rate(b.getId(), fixB, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
    }

    private SolutionSuccessRatesResponse rates(SolutionSuccessRatesRequest.Builder r) {
        return analytics().solutionSuccessRates(r.build());
    }

    private static SuccessRate rate(long project, long success, long failure, long partial, double rate) {
        return SuccessRate.newBuilder().setProjectId(project).setSuccess(success).setFailure(failure)
                .setPartial(partial).setRate(rate).build();
    }

    private static Timestamp day(int n) {
        return ProtoTime.timestamp(DAY0.plus(Duration.ofDays(n)));
    }

    @Test
    void perProjectAndOverallWithoutAWindow() {
        SolutionSuccessRatesResponse r = rates(SolutionSuccessRatesRequest.newBuilder());
        assertThat(r.getProjectsList()).containsExactly(rate(shop, 1, 1, 1, 0.5), rate(blog, 2, 0, 0, 1.0));
        assertThat(r.getOverall()).isEqualTo(rate(0, 3, 1, 1, 0.7));
    }

    @Test
    void theWindowIsFromInclusiveToExclusive() {
        SolutionSuccessRatesResponse r = rates(SolutionSuccessRatesRequest.newBuilder().setFrom(day(1)).setTo(day(3)));
        assertThat(r.getProjectsList()).containsExactly(rate(shop, 0, 1, 1, 0.25), rate(blog, 1, 0, 0, 1.0));
        assertThat(r.getOverall()).isEqualTo(rate(0, 1, 1, 1, 0.5));
        assertThat(rates(SolutionSuccessRatesRequest.newBuilder().setFrom(day(3))).getProjectsList())
                .containsExactly(rate(blog, 1, 0, 0, 1.0));
        SolutionSuccessRatesResponse none = rates(SolutionSuccessRatesRequest.newBuilder().setFrom(day(4)));
        assertThat(none.getProjectsList()).isEmpty();
        assertThat(none.getOverall()).isEqualTo(rate(0, 0, 0, 0, 0));
    }

    @Test
    void projectIdsNarrowTheProjectsAndTheOverallRow() {
        SolutionSuccessRatesResponse r = rates(SolutionSuccessRatesRequest.newBuilder().addProjectIds(blog));
        assertThat(r.getProjectsList()).containsExactly(rate(blog, 2, 0, 0, 1.0));
        assertThat(r.getOverall()).isEqualTo(rate(0, 2, 0, 0, 1.0));
    }

    @Test
    void anotherTenantsOutcomesNeverCount() {
        long foreignShop = jdbc.one("select id from project where tenant = ? and name = 'shop'", rs -> rs.getLong(1),
                otherTenant).orElseThrow();
        SolutionSuccessRatesResponse r = rates(SolutionSuccessRatesRequest.newBuilder().addProjectIds(foreignShop));
        assertThat(r.getProjectsList()).isEmpty();
        assertThat(r.getOverall()).isEqualTo(rate(0, 0, 0, 0, 0));
        SolutionSuccessRatesResponse foreign = analytics(otherTenant)
                .solutionSuccessRates(SolutionSuccessRatesRequest.getDefaultInstance());
        assertThat(foreign.getProjectsList()).containsExactly(rate(foreignShop, 1, 2, 0, 1.0 / 3));
        assertThat(foreign.getOverall()).isEqualTo(rate(0, 1, 2, 0, 1.0 / 3));
    }

    @Test
    void badArgumentsNameTheField() {
        assertInvalid(() -> rates(SolutionSuccessRatesRequest.newBuilder().setFrom(day(2)).setTo(day(1))), "from");
        assertInvalid(() -> rates(SolutionSuccessRatesRequest.newBuilder().addProjectIds(0)), "project_ids");
        assertInvalid(() -> rates(SolutionSuccessRatesRequest.newBuilder()
                .setFrom(Timestamp.newBuilder().setSeconds(Long.MAX_VALUE))), "from");
        assertInvalid(() -> rates(SolutionSuccessRatesRequest.newBuilder()
                .setTo(Timestamp.newBuilder().setNanos(1_000_000_000))), "to");
    }
}
