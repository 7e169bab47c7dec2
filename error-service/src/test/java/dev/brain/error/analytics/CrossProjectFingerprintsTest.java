package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.CrossProjectFingerprintsRequest;
import dev.brain.grpc.v1.CrossProjectFingerprintsResponse;
import dev.brain.grpc.v1.FingerprintProject;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.SolutionOutcome;
import io.quarkus.test.junit.QuarkusTest;

/** {@code CrossProjectFingerprints}: one fingerprint's errors across projects, resolution and best solution. */
@QuarkusTest
class CrossProjectFingerprintsTest extends AnalyticsTestBase {

    static final String X = undefinedRead("map", "list.js");
    static final String Y = undefinedRead("filter", "grid.js");
    static final String Z = undefinedRead("reduce", "sum.js");

    ReportErrorResponse xShop;
    ReportErrorResponse xBlog;
    ReportErrorResponse xApi;
    ReportErrorResponse yShop;
    ReportErrorResponse yBlog;
    long weakFix;
    long strongFix;

    /**
     * X in shop (resolved by two solutions, the second rated higher), blog (2 occurrences) and api; Y in shop and
     * blog (unresolved); Z only in shop. The other tenant has X in two projects of its own.
     */
    @BeforeEach
    void seed() {
        xShop = report("shop", X);
        xBlog = reportTimes("blog", X, 2);
        xApi = report("api", X);
        yShop = report("shop", Y);
        yBlog = report("blog", Y);
        report("shop", Z);
        weakFix = solve("shop", xShop.getError().getId(), "Default the list").getSolution().getId();
        strongFix = solve("shop", xShop.getError().getId(), "Load the list first").getSolution().getId();
        rate(xShop.getError().getId(), strongFix, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        rate(xShop.getError().getId(), strongFix, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        reportAs(otherTenant, "shop", null, X);
        reportAs(otherTenant, "blog", null, X);
        reportAs(otherTenant, "api", null, Y);
    }

    private CrossProjectFingerprintsResponse fingerprints(CrossProjectFingerprintsRequest.Builder r) {
        return analytics().crossProjectFingerprints(r.build());
    }

    private double linkConfidence(long errorId, long solutionId) {
        return jdbc.one("select confidence from error_solution where error_id = ? and solution_id = ?",
                rs -> rs.getDouble(1), errorId, solutionId).orElseThrow();
    }

    private static FingerprintProject project(ReportErrorResponse r, boolean resolved, long bestSolution,
            double bestConfidence) {
        return FingerprintProject.newBuilder().setProjectId(r.getError().getProjectId())
                .setProject(r.getError().getProject()).setErrorId(r.getError().getId()).setResolved(resolved)
                .setBestSolutionId(bestSolution).setBestConfidence(bestConfidence)
                .setOccurrenceCount(r.getError().getOccurrenceCount()).build();
    }

    @Test
    void fingerprintsInTwoOrMoreProjectsMostProjectsFirst() {
        assertThat(xShop.getError().getFingerprint()).isEqualTo(xBlog.getError().getFingerprint());
        double strong = linkConfidence(xShop.getError().getId(), strongFix);
        assertThat(strong).isGreaterThan(linkConfidence(xShop.getError().getId(), weakFix));

        CrossProjectFingerprintsResponse response = fingerprints(CrossProjectFingerprintsRequest.newBuilder());
        assertThat(response.getFingerprintsList()).containsExactly(
                CrossProjectFingerprint.newBuilder().setFingerprint(xShop.getError().getFingerprint())
                        .setErrorType("TypeError").setMessageTemplate(xShop.getError().getMessageTemplate())
                        .addAllProjects(List.of(project(xShop, true, strongFix, strong), project(xBlog, false, 0, 0),
                                project(xApi, false, 0, 0)))
                        .build(),
                CrossProjectFingerprint.newBuilder().setFingerprint(yShop.getError().getFingerprint())
                        .setErrorType("TypeError").setMessageTemplate(yShop.getError().getMessageTemplate())
                        .addAllProjects(List.of(project(yShop, false, 0, 0), project(yBlog, false, 0, 0))).build());
        assertThat(response.getFingerprints(0).getProjects(1).getOccurrenceCount()).isEqualTo(2);
        assertThat(response.getNextPageToken()).isEmpty();
    }

    @Test
    void minProjectsNarrows() {
        assertThat(fingerprints(CrossProjectFingerprintsRequest.newBuilder().setMinProjects(3)).getFingerprintsList())
                .extracting(CrossProjectFingerprint::getFingerprint).containsExactly(xShop.getError().getFingerprint());
        assertThat(fingerprints(CrossProjectFingerprintsRequest.newBuilder().setMinProjects(4)).getFingerprintsList())
                .isEmpty();
    }

    @Test
    void anotherTenantsProjectsNeverAppear() {
        List<Long> own = List.of(xShop.getError().getProjectId(), xBlog.getError().getProjectId(),
                xApi.getError().getProjectId());
        assertThat(fingerprints(CrossProjectFingerprintsRequest.newBuilder()).getFingerprintsList())
                .flatExtracting(CrossProjectFingerprint::getProjectsList)
                .allSatisfy(p -> assertThat(own).contains(p.getProjectId()));
        // the other tenant sees X in its two projects only; its Y is in one project
        CrossProjectFingerprintsResponse foreign = analytics(otherTenant)
                .crossProjectFingerprints(CrossProjectFingerprintsRequest.getDefaultInstance());
        assertThat(foreign.getFingerprintsList()).singleElement().satisfies(f -> {
            assertThat(f.getFingerprint()).isEqualTo(xShop.getError().getFingerprint());
            assertThat(f.getProjectsList()).extracting(FingerprintProject::getProject).containsExactly("shop", "blog");
            assertThat(f.getProjectsList()).allSatisfy(p -> {
                assertThat(own).doesNotContain(p.getProjectId());
                assertThat(p.getBestSolutionId()).isZero();
                assertThat(p.getResolved()).isFalse();
            });
        });
    }

    @Test
    void pagesByPageToken() {
        CrossProjectFingerprintsRequest.Builder r = CrossProjectFingerprintsRequest.newBuilder().setLimit(1);
        CrossProjectFingerprintsResponse first = fingerprints(r);
        assertThat(first.getFingerprintsList()).extracting(CrossProjectFingerprint::getFingerprint)
                .containsExactly(xShop.getError().getFingerprint());
        assertThat(first.getFingerprints(0).getProjectsCount()).isEqualTo(3);
        CrossProjectFingerprintsResponse second = fingerprints(r.setPageToken(first.getNextPageToken()));
        assertThat(second.getFingerprintsList()).extracting(CrossProjectFingerprint::getFingerprint)
                .containsExactly(yShop.getError().getFingerprint());
        assertThat(second.getFingerprints(0).getProjectsCount()).isEqualTo(2);
        assertThat(second.getNextPageToken()).isEmpty();
    }

    @Test
    void badArgumentsNameTheField() {
        assertInvalid(() -> fingerprints(CrossProjectFingerprintsRequest.newBuilder().setMinProjects(1)), "min_projects");
        assertInvalid(() -> fingerprints(CrossProjectFingerprintsRequest.newBuilder().setMinProjects(-2)), "min_projects");
        assertInvalid(() -> fingerprints(CrossProjectFingerprintsRequest.newBuilder().setLimit(1001)), "limit");
        assertInvalid(() -> fingerprints(CrossProjectFingerprintsRequest.newBuilder().setPageToken("abc")), "page_token");
    }
}
