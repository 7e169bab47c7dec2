package dev.brain.error.analytics;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Page;
import dev.brain.error.analytics.repository.ErrorAnalyticsRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.TimeBucket;
import dev.brain.tenancy.BadInput;

/**
 * {@code ErrorCounts} (error-code.md §14): per project and time bucket (UTC day, ISO week from Monday 00:00 UTC,
 * or the whole window) the occurrences reported, the distinct errors that occurred and the errors first seen.
 * One statement: occurrences and first sightings are grouped apart and joined on (project, bucket), so a bucket
 * appears when it has either; buckets with neither are absent (sparse). Ordered by project and bucket.
 */
@ApplicationScoped
public class ErrorCountsQuery {

    /** A validated request; {@code from} null = unbounded, {@code to} null = now. */
    public record Args(Long[] projectIds, Instant from, Instant to, TimeBucket bucket, Page page) {

        public static Args of(ErrorCountsRequest r) {
            Instant from = Arguments.instant(r.hasFrom(), r.getFrom(), "from");
            Instant to = Arguments.instant(r.hasTo(), r.getTo(), "to");
            Arguments.window(from, to);
            TimeBucket bucket = switch (r.getBucket()) {
                case TIME_BUCKET_UNSPECIFIED, TIME_BUCKET_TOTAL -> TimeBucket.TIME_BUCKET_TOTAL;
                case TIME_BUCKET_DAY, TIME_BUCKET_WEEK -> r.getBucket();
                default -> throw BadInput.invalid("bucket", "DAY, WEEK or TOTAL");
            };
            return new Args(Arguments.projectIds(r.getProjectIdsList()), from, to, bucket,
                    Arguments.page(r.getPageSize(), r.getPageToken(), "page_size"));
        }
    }

    private final ErrorAnalyticsRepository analytics;
    private final Scopes scopes;

    public ErrorCountsQuery(ErrorAnalyticsRepository analytics, Scopes scopes) {
        this.analytics = analytics;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public ErrorCountsResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        OffsetDateTime now = scope.now();
        Instant to = a.to() != null ? a.to() : now.toInstant();
        if (a.from() != null && !a.from().isBefore(to)) {
            return ErrorCountsResponse.getDefaultInstance(); // from is not before "now": an empty window
        }
        List<ErrorCountRow> fetched = analytics.errorCounts(tenant, a.projectIds(), a.from(), to, a.bucket(), a.page());
        return ErrorCountsResponse.newBuilder().addAllRows(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
