package dev.brain.error.jobs.repository;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The retention job's statements: old rows of {@code error} (and what references them without cascading:
 * {@code solution_outcome}, {@code cross_project_link}), orphaned {@code solution} rows (no {@code error_solution},
 * no active {@code rule} naming them), acknowledged {@code notification}s, delivered {@code outbox} rows and old
 * {@code job_run} rows.
 */
@ApplicationScoped
public class RetentionRepository {

    private final Jdbc jdbc;

    public RetentionRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** An error past its retention: what its {@code node_deleted} event names. */
    public record Old(long id, String tenant, String type, String template) {
    }

    /**
     * Up to {@code limit} errors, in id order, unresolved and last seen before {@code unresolvedBefore} or resolved
     * and last seen before {@code resolvedBefore}.
     */
    public List<Old> oldErrors(OffsetDateTime unresolvedBefore, OffsetDateTime resolvedBefore, int limit) {
        return jdbc.list("""
                select id, tenant, error_type, message_template from error
                where (not resolved and last_seen_at < ?) or (resolved and last_seen_at < ?)
                order by id limit ?""", rs -> new Old(rs.getLong(1), rs.getString(2), rs.getString(3),
                rs.getString(4)), unresolvedBefore, resolvedBefore, limit);
    }

    /**
     * Deletes the errors and first what references them without cascading in every path (outcomes, cross-project
     * links); the count of errors deleted.
     */
    public int deleteErrors(Long[] ids) {
        jdbc.update("delete from solution_outcome where error_id = any(?)", (Object) ids);
        jdbc.update("delete from cross_project_link where error_a = any(?) or error_b = any(?)", ids, ids);
        return jdbc.update("delete from error where id = any(?)", (Object) ids);
    }

    /** Deletes the solutions no error links and no active rule names; the count deleted. */
    public int deleteOrphanedSolutions() {
        return jdbc.update("""
                delete from solution s where not exists (select 1 from error_solution es where es.solution_id = s.id)
                  and not exists (select 1 from rule r where r.active and r.tenant = s.tenant
                                  and r.action -> 'solution_ids' @> to_jsonb(s.id))""");
    }

    /** Deletes the notifications acknowledged before {@code before}; the count deleted. */
    public int deleteAcknowledgedNotifications(OffsetDateTime before) {
        return jdbc.update("delete from notification where acknowledged_at < ?", before);
    }

    /** Deletes the outbox rows delivered before {@code before}; the count deleted. */
    public int deleteDeliveredOutbox(OffsetDateTime before) {
        return jdbc.update("delete from outbox where delivered_at < ?", before);
    }

    /** Deletes the job runs started before {@code before}; the count deleted. */
    public int deleteJobRuns(OffsetDateTime before) {
        return jdbc.update("delete from job_run where started_at < ?", before);
    }
}
