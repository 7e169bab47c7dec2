package dev.brain.error.analytics;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.error.db.Protos;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ErrorCountsResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.TimeBucket;

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
                default -> throw Arguments.invalid("bucket", "DAY, WEEK or TOTAL");
            };
            return new Args(Arguments.projectIds(r.getProjectIdsList()), from, to, bucket,
                    Arguments.page(r.getPageSize(), r.getPageToken(), "page_size"));
        }
    }

    private final Jdbc jdbc;
    private final Scopes scopes;

    public ErrorCountsQuery(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
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
        Long[] ids = a.projectIds();
        Object[] params = { tenant, ids, ids, a.from(), to, tenant, ids, ids, a.from(), to, a.from(), a.page().fetch(),
                a.page().offset() };
        List<ErrorCountRow> fetched = jdbc.list("""
                with occurred as (
                    select o.project_id, %s as bucket, count(*) as occurrences,
                           count(distinct o.error_id) as distinct_errors, min(o.occurred_at) as first_at
                    from error_occurrence o
                    where o.tenant = ? and (cast(? as bigint[]) is null or o.project_id = any(cast(? as bigint[])))
                      and o.occurred_at >= coalesce(cast(? as timestamptz), '-infinity')
                      and o.occurred_at < cast(? as timestamptz)
                    group by 1, 2),
                first_seen as (
                    select e.project_id, %s as bucket, count(*) as new_errors, min(e.first_seen_at) as first_at
                    from error e
                    where e.tenant = ? and (cast(? as bigint[]) is null or e.project_id = any(cast(? as bigint[])))
                      and e.first_seen_at >= coalesce(cast(? as timestamptz), '-infinity')
                      and e.first_seen_at < cast(? as timestamptz)
                    group by 1, 2)
                select project_id,
                       case when bucket = '-infinity'
                            then coalesce(cast(? as timestamptz), least(o.first_at, f.first_at))
                            else bucket end as bucket_start,
                       coalesce(o.occurrences, 0) as occurrences, coalesce(o.distinct_errors, 0) as distinct_errors,
                       coalesce(f.new_errors, 0) as new_errors
                from occurred o full join first_seen f using (project_id, bucket)
                order by project_id, bucket_start
                limit ? offset ?""".formatted(bucket(a.bucket(), "o.occurred_at"), bucket(a.bucket(), "e.first_seen_at")),
                rs -> ErrorCountRow.newBuilder()
                        .setProjectId(rs.getLong("project_id"))
                        .setBucketStart(Protos.timestamp(rs, "bucket_start"))
                        .setOccurrences(rs.getLong("occurrences"))
                        .setDistinctErrors(rs.getLong("distinct_errors"))
                        .setNewErrors(rs.getLong("new_errors")).build(),
                params);
        return ErrorCountsResponse.newBuilder().addAllRows(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }

    /**
     * The bucket of {@code column}: fixed strings only (no request text reaches the SQL). The whole window is one
     * bucket, marked -infinity and answered as the window start, or the project's first occurrence when unbounded.
     */
    private static String bucket(TimeBucket bucket, String column) {
        return switch (bucket) {
            case TIME_BUCKET_DAY -> "date_trunc('day', " + column + ", 'UTC')";
            case TIME_BUCKET_WEEK -> "date_trunc('week', " + column + ", 'UTC')";
            default -> "cast('-infinity' as timestamptz)";
        };
    }
}
