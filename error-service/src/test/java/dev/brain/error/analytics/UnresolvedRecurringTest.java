package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.RecurringError;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.grpc.v1.UnresolvedRecurringRequest;
import dev.brain.grpc.v1.UnresolvedRecurringResponse;
import dev.brain.wire.ProtoTime;
import io.quarkus.test.junit.QuarkusTest;

/** {@code UnresolvedRecurring}: unresolved errors by occurrences, with attempts + failure outcomes. */
@QuarkusTest
class UnresolvedRecurringTest extends AnalyticsTestBase {

    static final Instant START = Instant.parse("2024-05-01T08:00:00Z");

    long a; // shop, 6 occurrences, 2 attempts + 1 failure outcome
    long b; // shop, 5 occurrences
    long c; // shop, 4 occurrences
    long d; // shop, 7 occurrences, resolved
    long e; // blog, 6 occurrences, seen last
    long blog;

    @BeforeEach
    void seed() {
        clock.set(START);
        a = reportTimes("shop", undefinedRead("map", "a.js"), 6).getError().getId();
        clock.advance(Duration.ofMinutes(1));
        b = reportTimes("shop", undefinedRead("filter", "b.js"), 5).getError().getId();
        clock.advance(Duration.ofMinutes(1));
        c = reportTimes("shop", undefinedRead("reduce", "c.js"), 4).getError().getId();
        d = reportTimes("shop", undefinedRead("find", "d.js"), 7).getError().getId();
        long fix = solve("shop", d, "Guard the lookup").getSolution().getId();
        clock.advance(Duration.ofMinutes(1));
        var last = reportTimes("blog", undefinedRead("some", "e.js"), 6);
        e = last.getError().getId();
        blog = last.getError().getProjectId();
        // the other tenant: a frequent unresolved error of its own
        for (int i = 0; i < 9; i++) {
            reportAs(otherTenant, "shop", null, undefinedRead("map", "a.js"));
        }
        // a: two attempts (failure, partial) and one failure outcome of d's solution applied to a
        errors().reportAttempt(ReportAttemptRequest.newBuilder().setErrorId(a).setDescription("Bumped node").build());
        errors().reportAttempt(ReportAttemptRequest.newBuilder().setErrorId(a).setDescription("Cleared cache")
                .setOutcome(SolutionOutcome.SOLUTION_OUTCOME_PARTIAL).build());
        rate(a, fix, SolutionOutcome.SOLUTION_OUTCOME_FAILURE);
    }

    private UnresolvedRecurringResponse recurring(UnresolvedRecurringRequest.Builder r) {
        return analytics().unresolvedRecurring(r.build());
    }

    private static String summary(RecurringError r) {
        return r.getError().getId() + ":" + r.getError().getOccurrenceCount() + ":" + r.getFailedAttempts();
    }

    @Test
    void unresolvedErrorsWithAtLeastFiveOccurrencesMostFrequentFirst() {
        UnresolvedRecurringResponse response = recurring(UnresolvedRecurringRequest.newBuilder());
        // e has 6 occurrences and was seen last, so it ties with a on count and wins on last_seen_at
        assertThat(response.getErrorsList()).extracting(UnresolvedRecurringTest::summary)
                .containsExactly(e + ":6:0", a + ":6:3", b + ":5:0");
        assertThat(response.getNextPageToken()).isEmpty();
        RecurringError first = response.getErrors(1);
        assertThat(first.getError().getProject()).isEqualTo("shop");
        assertThat(first.getError().getFirstSeenAt()).isEqualTo(ProtoTime.timestamp(START));
        assertThat(first.getError().getLastSeenAt()).isEqualTo(ProtoTime.timestamp(START));
        assertThat(first.getError().getResolved()).isFalse();
        assertThat(response.getErrors(0).getError().getProjectId()).isEqualTo(blog);
    }

    @Test
    void minOccurrencesAndProjectIdsNarrow() {
        assertThat(recurring(UnresolvedRecurringRequest.newBuilder().setMinOccurrences(4)).getErrorsList())
                .extracting(r -> r.getError().getId()).containsExactly(e, a, b, c);
        assertThat(recurring(UnresolvedRecurringRequest.newBuilder().setMinOccurrences(7)).getErrorsList()).isEmpty();
        assertThat(recurring(UnresolvedRecurringRequest.newBuilder().addProjectIds(blog)).getErrorsList())
                .extracting(r -> r.getError().getId()).containsExactly(e);
    }

    @Test
    void anotherTenantsErrorsAndProjectsNeverAppear() {
        long foreignProject = jdbc.one("select id from project where tenant = ? and name = 'shop'", rs -> rs.getLong(1),
                otherTenant).orElseThrow();
        assertThat(recurring(UnresolvedRecurringRequest.newBuilder().addProjectIds(foreignProject)).getErrorsList())
                .isEmpty();
        assertThat(analytics(otherTenant).unresolvedRecurring(UnresolvedRecurringRequest.getDefaultInstance())
                .getErrorsList()).extracting(UnresolvedRecurringTest::summary)
                .containsExactly(jdbc.one("select id from error where tenant = ?", rs -> rs.getLong(1), otherTenant)
                        .orElseThrow() + ":9:0");
    }

    @Test
    void pagesByPageToken() {
        UnresolvedRecurringRequest.Builder r = UnresolvedRecurringRequest.newBuilder().setLimit(2);
        UnresolvedRecurringResponse first = recurring(r);
        assertThat(first.getErrorsList()).extracting(x -> x.getError().getId()).containsExactly(e, a);
        UnresolvedRecurringResponse second = recurring(r.setPageToken(first.getNextPageToken()));
        assertThat(second.getErrorsList()).extracting(x -> x.getError().getId()).containsExactly(b);
        assertThat(second.getNextPageToken()).isEmpty();
    }

    @Test
    void badArgumentsNameTheField() {
        assertInvalid(() -> recurring(UnresolvedRecurringRequest.newBuilder().setLimit(1001)), "limit");
        assertInvalid(() -> recurring(UnresolvedRecurringRequest.newBuilder().setLimit(-3)), "limit");
        assertInvalid(() -> recurring(UnresolvedRecurringRequest.newBuilder().setMinOccurrences(-1)), "min_occurrences");
        assertInvalid(() -> recurring(UnresolvedRecurringRequest.newBuilder().addProjectIds(-5)), "project_ids");
        assertInvalid(() -> recurring(UnresolvedRecurringRequest.newBuilder().setPageToken("-1")), "page_token");
    }
}
