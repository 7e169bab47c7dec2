package dev.brain.error.analytics.repository;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.error.db.repository.Columns;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.grpc.v1.ChainSequence;
import dev.brain.grpc.v1.ErrorCountRow;
import dev.brain.grpc.v1.FingerprintProject;
import dev.brain.grpc.v1.RecurringError;
import dev.brain.grpc.v1.TenantDataPoints;
import dev.brain.grpc.v1.TimeBucket;

/**
 * The aggregates research-service reads over errors, solutions and chains (error-code.md §14), each one statement
 * over one tenant: reads of tables {@code error}, {@code error_occurrence}, {@code error_chain},
 * {@code error_chain_entry}, {@code error_solution}, {@code solution}, {@code solution_attempt},
 * {@code solution_outcome} and {@code project}; it writes nothing. What each aggregate means is documented on its
 * query class in {@code dev.brain.error.analytics}.
 */
@ApplicationScoped
public class ErrorAnalyticsRepository {

    private final Jdbc jdbc;

    public ErrorAnalyticsRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * {@code ErrorCounts}: occurrences, distinct errors and first sightings per project and bucket in [from, to)
     * ({@code from} null = unbounded), {@link Page#fetch()} rows from the page's offset.
     */
    public List<ErrorCountRow> errorCounts(String tenant, Long[] ids, Instant from, Instant to, TimeBucket bucket,
            Page page) {
        Object[] params = { tenant, ids, ids, from, to, tenant, ids, ids, from, to, from, page.fetch(),
                page.offset() };
        return jdbc.list("""
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
                limit ? offset ?""".formatted(bucket(bucket, "o.occurred_at"), bucket(bucket, "e.first_seen_at")),
                rs -> ErrorCountRow.newBuilder()
                        .setProjectId(rs.getLong("project_id"))
                        .setBucketStart(Columns.timestamp(rs, "bucket_start"))
                        .setOccurrences(rs.getLong("occurrences"))
                        .setDistinctErrors(rs.getLong("distinct_errors"))
                        .setNewErrors(rs.getLong("new_errors")).build(),
                params);
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

    /**
     * {@code UnresolvedRecurring}: unresolved errors with at least {@code minOccurrences} occurrences and their failed
     * attempts, {@link Page#fetch()} rows from the page's offset.
     */
    public List<RecurringError> unresolvedRecurring(String tenant, int minOccurrences, Long[] projectIds, Page page) {
        return jdbc.list("""
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
                tenant, minOccurrences, projectIds, projectIds, page.fetch(), page.offset(), tenant, tenant, tenant);
    }

    /** A fingerprint's error in one project; type and template are the fingerprint's first reported error's. */
    public record FingerprintRow(String fingerprint, String type, String template, FingerprintProject project) {
    }

    /**
     * {@code CrossProjectFingerprints}: the page of fingerprints with an error in at least {@code minProjects}
     * projects ({@link Page#fetch()} fingerprints from the page's offset), one row per project of each, in order.
     */
    public List<FingerprintRow> crossProjectFingerprints(String tenant, int minProjects, Page page) {
        return jdbc.list("""
                with fingerprints as (
                    select fingerprint, count(*) as projects, sum(occurrence_count) as occurrences, min(id) as first_id
                    from error where tenant = ?
                    group by fingerprint having count(*) >= ?
                    order by projects desc, occurrences desc, fingerprint
                    limit ? offset ?)
                select fp.fingerprint, earliest.error_type, earliest.message_template, e.project_id, p.name as project,
                       e.id as error_id, e.resolved, e.occurrence_count, best.solution_id, best.confidence
                from fingerprints fp
                join error earliest on earliest.id = fp.first_id
                join error e on e.tenant = ? and e.fingerprint = fp.fingerprint
                join project p on p.id = e.project_id
                left join lateral (
                    select es.solution_id, es.confidence from error_solution es
                    where es.error_id = e.id and es.tenant = ?
                    order by es.confidence desc, es.solution_id limit 1) best on true
                order by fp.projects desc, fp.occurrences desc, fp.fingerprint, e.project_id""",
                rs -> new FingerprintRow(rs.getString("fingerprint"), rs.getString("error_type"),
                        rs.getString("message_template"),
                        FingerprintProject.newBuilder()
                                .setProjectId(rs.getLong("project_id"))
                                .setProject(rs.getString("project"))
                                .setErrorId(rs.getLong("error_id"))
                                .setResolved(rs.getBoolean("resolved"))
                                .setBestSolutionId(rs.getLong("solution_id"))
                                .setBestConfidence(rs.getDouble("confidence"))
                                .setOccurrenceCount(rs.getInt("occurrence_count")).build()),
                tenant, minProjects, page.fetch(), page.offset(), tenant, tenant);
    }

    /** Outcome counts of a project of the errors ({@code projectId} 0 = all projects together). */
    public record OutcomeCounts(long projectId, long success, long failure, long partial) {
    }

    /**
     * {@code SolutionSuccessRates}: the outcome counts applied within [from, to) (either end null = unbounded), the
     * overall row first (it exists even without outcomes), then per project of the error by id.
     */
    public List<OutcomeCounts> outcomeCounts(String tenant, Long[] projectIds, Instant from, Instant to) {
        return jdbc.list("""
                select case when grouping(o.project_id) = 1 then 0 else o.project_id end as project_id,
                       count(*) filter (where o.outcome = 'success') as success,
                       count(*) filter (where o.outcome = 'failure') as failure,
                       count(*) filter (where o.outcome = 'partial') as partial
                from solution_outcome o
                where o.tenant = ? and (cast(? as bigint[]) is null or o.project_id = any(cast(? as bigint[])))
                  and (cast(? as timestamptz) is null or o.applied_at >= cast(? as timestamptz))
                  and (cast(? as timestamptz) is null or o.applied_at < cast(? as timestamptz))
                group by grouping sets ((o.project_id), ())
                order by grouping(o.project_id) desc, o.project_id""",
                rs -> new OutcomeCounts(rs.getLong("project_id"), rs.getLong("success"), rs.getLong("failure"),
                        rs.getLong("partial")),
                tenant, projectIds, projectIds, from, from, to, to);
    }

    /**
     * {@code ChainSequences}: the fingerprint sequences of length 2..{@code maxLength} in chains of at least
     * {@code minSessions} sessions, {@link Page#fetch()} rows from the page's offset.
     */
    public List<ChainSequence> chainSequences(String tenant, int maxLength, int minSessions, Page page) {
        return jdbc.list("""
                with chains as (
                    select c.id, coalesce(c.session_id, -c.id) as chain_session, c.project_id,
                           array_agg(ce.position order by ce.position) as positions,
                           array_agg(cast(e.fingerprint as text) order by ce.position) as fingerprints,
                           array_agg(e.error_type order by ce.position) as types,
                           array_agg(e.id order by ce.position) as error_ids
                    from error_chain c
                    join error_chain_entry ce on ce.chain_id = c.id
                    join error e on e.id = ce.error_id and e.tenant = c.tenant
                    where c.tenant = ?
                    group by c.id),
                runs as (
                    select ch.id as chain_id, ch.chain_session, ch.project_id,
                           ch.fingerprints[i:i + n - 1] as fingerprints, ch.types[i:i + n - 1] as types,
                           ch.error_ids[i:i + n - 1] as error_ids
                    from chains ch
                    cross join generate_series(2, ?) as n
                    cross join lateral generate_series(1, cardinality(ch.positions) - n + 1) as i
                    where ch.positions[i + n - 1] - ch.positions[i] = n - 1),
                recurring as (
                    select fingerprints, count(distinct chain_session) as sessions,
                           array_agg(distinct project_id order by project_id) as project_ids,
                           max(chain_id) as latest_chain
                    from runs group by fingerprints having count(distinct chain_session) >= ?),
                sequences as (
                    select distinct on (r.fingerprints) r.fingerprints, r.sessions, r.project_ids, x.types, x.error_ids,
                           array_to_string(r.fingerprints, ',') as joined
                    from recurring r join runs x on x.chain_id = r.latest_chain and x.fingerprints = r.fingerprints
                    order by r.fingerprints, x.error_ids)
                select s.fingerprints, s.types, s.sessions, s.error_ids, s.project_ids
                from sequences s
                where not exists (select 1 from sequences l
                                  where cardinality(l.fingerprints) > cardinality(s.fingerprints)
                                    and l.sessions = s.sessions and strpos(l.joined, s.joined) > 0)
                order by s.sessions desc, cardinality(s.fingerprints) desc, s.fingerprints
                limit ? offset ?""",
                rs -> ChainSequence.newBuilder()
                        .addAllFingerprints(Jdbc.strings(rs, "fingerprints"))
                        .addAllErrorTypes(Jdbc.strings(rs, "types"))
                        .setSessionCount(rs.getLong("sessions"))
                        .addAllErrorIds(Jdbc.longs(rs, "error_ids"))
                        .addAllProjectIds(Jdbc.longs(rs, "project_ids")).build(),
                tenant, maxLength, minSessions, page.fetch(), page.offset());
    }

    /** {@code ResearchTenants}: every tenant with errors or solutions and both counts, by tenant (across tenants). */
    public List<TenantDataPoints> researchTenants() {
        return jdbc.list("""
                select tenant, sum(errors) as errors, sum(solutions) as solutions
                from (select tenant, count(*) as errors, 0 as solutions from error group by tenant
                      union all
                      select tenant, 0, count(*) from solution group by tenant) counts
                group by tenant order by tenant""",
                rs -> TenantDataPoints.newBuilder().setTenant(rs.getString("tenant")).setErrors(rs.getLong("errors"))
                        .setSolutions(rs.getLong("solutions")).build());
    }
}
