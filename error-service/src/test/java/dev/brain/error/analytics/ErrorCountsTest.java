package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.TimeBucket;
import dev.brain.wire.ProtoTime;
import io.quarkus.test.junit.QuarkusTest;

/** {@code ErrorCounts}: occurrences, distinct and new errors per project and UTC day / ISO week / window. */
@QuarkusTest
class ErrorCountsTest extends AnalyticsTestBase {

    static final Instant MONDAY = Instant.parse("2024-03-04T10:00:00Z");
    static final String A = undefinedRead("map", "a.js");
    static final String B = undefinedRead("filter", "b.js");
    static final String C = undefinedRead("reduce", "c.js");

    long shop;
    long blog;
    long foreignShop;

    /**
     * shop: Mon 03-04 A, B (both new); Tue 03-05 A again, C (new). blog: Mon 03-11 A (new in blog).
     * The other tenant reports into its own "shop" on both days. Now = 03-11 13:00.
     */
    @BeforeEach
    void seed() {
        clock.set(MONDAY);
        shop = report("shop", A).getError().getProjectId();
        foreignShop = reportAs(otherTenant, "shop", null, A).getError().getProjectId();
        clock.advance(Duration.ofMinutes(30));
        report("shop", B);
        clock.set(Instant.parse("2024-03-05T09:00:00Z"));
        report("shop", A);
        reportAs(otherTenant, "shop", null, C);
        clock.advance(Duration.ofHours(14)); // 23:00, still Tuesday in UTC
        report("shop", C);
        clock.set(Instant.parse("2024-03-11T12:00:00Z"));
        blog = report("blog", A).getError().getProjectId();
        clock.set(Instant.parse("2024-03-11T13:00:00Z"));
    }

    private static Timestamp at(String instant) {
        return ProtoTime.timestamp(Instant.parse(instant));
    }

    private static ErrorCountRow row(long project, String bucket, long occurrences, long distinct, long fresh) {
        return ErrorCountRow.newBuilder().setProjectId(project).setBucketStart(at(bucket)).setOccurrences(occurrences)
                .setDistinctErrors(distinct).setNewErrors(fresh).build();
    }

    private ErrorCountsResponse counts(ErrorCountsRequest.Builder r) {
        return analytics().errorCounts(r.build());
    }

    @Test
    void dayBucketsPerProject() {
        assertThat(counts(ErrorCountsRequest.newBuilder().setBucket(TimeBucket.TIME_BUCKET_DAY)).getRowsList())
                .containsExactly(
                        row(shop, "2024-03-04T00:00:00Z", 2, 2, 2),
                        row(shop, "2024-03-05T00:00:00Z", 2, 2, 1),
                        row(blog, "2024-03-11T00:00:00Z", 1, 1, 1));
    }

    @Test
    void isoWeekBucketsStartOnMonday() {
        assertThat(counts(ErrorCountsRequest.newBuilder().setBucket(TimeBucket.TIME_BUCKET_WEEK)).getRowsList())
                .containsExactly(
                        row(shop, "2024-03-04T00:00:00Z", 4, 3, 3),
                        row(blog, "2024-03-11T00:00:00Z", 1, 1, 1));
    }

    @Test
    void totalOverAWindowStartsAtTheWindowAndUnboundedAtTheFirstOccurrence() {
        assertThat(counts(ErrorCountsRequest.newBuilder().setBucket(TimeBucket.TIME_BUCKET_TOTAL)
                .setFrom(at("2024-03-05T00:00:00Z")).setTo(at("2024-03-12T00:00:00Z"))).getRowsList())
                .containsExactly(
                        row(shop, "2024-03-05T00:00:00Z", 2, 2, 1),
                        row(blog, "2024-03-05T00:00:00Z", 1, 1, 1));
        // unspecified = TOTAL; unbounded start, end = now
        assertThat(counts(ErrorCountsRequest.newBuilder()).getRowsList()).containsExactly(
                row(shop, "2024-03-04T10:00:00Z", 4, 3, 3),
                row(blog, "2024-03-11T12:00:00Z", 1, 1, 1));
        // the end is exclusive: the window [03-04, 03-05 09:00) misses Tuesday's reports
        assertThat(counts(ErrorCountsRequest.newBuilder().setTo(at("2024-03-05T09:00:00Z"))).getRowsList())
                .containsExactly(row(shop, "2024-03-04T10:00:00Z", 2, 2, 2));
    }

    @Test
    void projectIdsNarrowAndAnotherTenantsProjectsMatchNothing() {
        assertThat(counts(ErrorCountsRequest.newBuilder().addProjectIds(blog)).getRowsList())
                .containsExactly(row(blog, "2024-03-11T12:00:00Z", 1, 1, 1));
        long foreign = reportAs(otherTenant, "blog", null, B).getError().getProjectId();
        clock.advance(Duration.ofMinutes(1));
        assertThat(counts(ErrorCountsRequest.newBuilder().addProjectIds(foreign).addProjectIds(foreignShop))
                .getRowsList()).isEmpty();
        // the other tenant sees only its own rows
        assertThat(analytics(otherTenant).errorCounts(ErrorCountsRequest.getDefaultInstance()).getRowsList())
                .extracting(ErrorCountRow::getProjectId).containsExactly(foreignShop, foreign);
    }

    @Test
    void pagesByPageToken() {
        ErrorCountsRequest.Builder r = ErrorCountsRequest.newBuilder().setBucket(TimeBucket.TIME_BUCKET_DAY).setPageSize(2);
        ErrorCountsResponse first = counts(r);
        assertThat(first.getRowsList()).extracting(x -> x.getBucketStart().getSeconds()).containsExactly(
                at("2024-03-04T00:00:00Z").getSeconds(), at("2024-03-05T00:00:00Z").getSeconds());
        assertThat(first.getNextPageToken()).isNotEmpty();
        ErrorCountsResponse second = counts(r.setPageToken(first.getNextPageToken()));
        assertThat(second.getRowsList()).containsExactly(row(blog, "2024-03-11T00:00:00Z", 1, 1, 1));
        assertThat(second.getNextPageToken()).isEmpty();
    }

    @Test
    void badArgumentsNameTheField() {
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().setPageSize(1001)), "page_size");
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().setPageSize(-1)), "page_size");
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().setPageToken("next")), "page_token");
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().setBucketValue(42)), "bucket");
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().addProjectIds(0)), "project_ids");
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().setFrom(at("2024-03-05T00:00:00Z"))
                .setTo(at("2024-03-05T00:00:00Z"))), "from");
        assertInvalid(() -> counts(ErrorCountsRequest.newBuilder().setTo(Timestamp.newBuilder().setNanos(-1))), "to");
    }
}
