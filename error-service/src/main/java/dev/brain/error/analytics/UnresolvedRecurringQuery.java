package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.error.report.ErrorRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.RecurringError;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.UnresolvedRecurringRequest;
import dev.brain.grpc.v1.UnresolvedRecurringResponse;

/**
 * {@code UnresolvedRecurring} (error-code.md §14): unresolved errors with at least {@code min_occurrences}
 * occurrences, most frequent first (ties: last seen first, then higher id), each with its failed attempts =
 * recorded attempts + {@code failure} outcomes (the count ReportAttempt and the antipattern phase use).
 * One statement: the page of errors first, then the two counts grouped for that page only.
 */
@ApplicationScoped
public class UnresolvedRecurringQuery {

    public record Args(int minOccurrences, Long[] projectIds, Page page) {

        public static Args of(UnresolvedRecurringRequest r) {
            return new Args(Arguments.atLeast(r.getMinOccurrences(), 5, 1, "min_occurrences"),
                    Arguments.projectIds(r.getProjectIdsList()), Arguments.page(r.getLimit(), r.getPageToken(), "limit"));
        }
    }

    private final Jdbc jdbc;
    private final Scopes scopes;

    public UnresolvedRecurringQuery(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public UnresolvedRecurringResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<RecurringError> fetched = jdbc.list("""
                with page as (
                    select e.id from error e
                    where e.tenant = ? and not e.resolved and e.occurrence_count >= ?
                      and (cast(? as bigint[]) is null or e.project_id = any(cast(? as bigint[])))
                    order by e.occurrence_count desc, e.last_seen_at desc, e.id desc
                    limit ? offset ?),
                attempts as (
                    select a.error_id, count(*) as n from solution_attempt a
                    where a.tenant = ? and a.error_id in (select id from page) group by a.error_id),
                failures as (
                    select o.error_id, count(*) as n from solution_outcome o
                    where o.tenant = ? and o.outcome = 'failure' and o.error_id in (select id from page)
                    group by o.error_id)
                select %s, coalesce(att.n, 0) + coalesce(f.n, 0) as failed_attempts
                %s join page on page.id = e.id
                left join attempts att on att.error_id = e.id
                left join failures f on f.error_id = e.id
                where e.tenant = ?
                order by e.occurrence_count desc, e.last_seen_at desc, e.id desc""".formatted(ErrorRows.COLUMNS,
                ErrorRows.FROM),
                rs -> RecurringError.newBuilder().setError(ErrorRows.map(rs))
                        .setFailedAttempts(rs.getInt("failed_attempts")).build(),
                tenant, a.minOccurrences(), a.projectIds(), a.projectIds(), a.page().fetch(), a.page().offset(), tenant,
                tenant, tenant);
        return UnresolvedRecurringResponse.newBuilder().addAllErrors(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
