package dev.brain.error.report.repository;

import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * What a person corrects in the record, always tenant-scoped: the listing order of errors (table
 * {@code error_recency}), the marks of table {@code error} (resolved, not an error) and the antipatterns they
 * retire, and the deletes of an error, a solution or an attempt with what hangs only on it (tables {@code error},
 * {@code solution}, {@code solution_attempt}, {@code error_solution}, {@code rule}; the foreign keys cascade the
 * rest).
 */
@ApplicationScoped
public class CorrectionRepository {

    /** The tables a deleted error takes rows of with it (ON DELETE CASCADE), each with its column naming the error. */
    private static final String[][] CASCADED = { { "error_occurrence", "error_id" }, { "stack_frame", "error_id" },
            { "solution_attempt", "error_id" }, { "error_solution", "error_id" }, { "error_match", "error_id" },
            { "error_chain_entry", "error_id" }, { "antipattern", "source_error_id" } };

    private final Jdbc jdbc;

    public CorrectionRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** A filter of {@link #listedIds}: which errors are listed and in which order. */
    public enum Listing {
        /** Unresolved and seen more than once, most occurrences first. */
        RECURRING("r.open and r.occurrence_count > 1 order by r.occurrence_count desc, r.last_seen_at desc"),
        /** Every listed error, most recently seen first. */
        RECENT("r.listed order by r.last_seen_at desc"),
        /** Unresolved, most occurrences first. */
        UNRESOLVED("r.open order by r.occurrence_count desc, r.last_seen_at desc");

        private final String where;

        Listing(String where) {
            this.where = where;
        }
    }

    /**
     * The ids of the tenant's (or project's, when {@code projectId} is not null) errors the listing names, at most
     * {@code rows}; errors marked not an error are never listed. The narrow {@code error_recency} table orders and
     * filters (V9); only the listed rows are read from {@code error}.
     */
    public List<Long> listedIds(String tenant, Long projectId, Listing listing, int rows) {
        // two statements rather than "(? is null or project_id = ?)", whose generic plan could not use the index
        return projectId == null
                ? jdbc.list("select r.error_id from error_recency r where r.tenant = ? and " + listing.where
                        + ", r.error_id desc limit ?", rs -> rs.getLong(1), tenant, rows)
                : jdbc.list("select r.error_id from error_recency r where r.tenant = ? and r.project_id = ? and "
                        + listing.where + ", r.error_id desc limit ?", rs -> rs.getLong(1), tenant, projectId, rows);
    }

    /** Marks the error; {@code resolved_at} is kept while resolved, set when newly resolved, cleared otherwise. */
    public void mark(String tenant, long errorId, boolean resolved, boolean notAnError, OffsetDateTime now) {
        jdbc.update("""
                update error set resolved = ?, not_an_error = ?,
                    resolved_at = case when ? then coalesce(resolved_at, ?) end
                where tenant = ? and id = ?""", resolved, notAnError, resolved, now, tenant, errorId);
    }

    /** The antipatterns learned from the error switched off. */
    public void deactivateAntipatternsOf(String tenant, long errorId, OffsetDateTime now) {
        jdbc.update("update antipattern set active = false, updated_at = ? where tenant = ? and source_error_id = ?",
                now, tenant, errorId);
    }

    /** Deletes the attempt; the count of rows deleted (0 when the tenant has no such attempt). */
    public long deleteAttempt(String tenant, long id) {
        return jdbc.update("delete from solution_attempt where tenant = ? and id = ?", tenant, id);
    }

    /**
     * The solutions linked to this error alone that no active rule offers (as retention keeps those): the ones a
     * deleted error takes with it.
     */
    public List<Long> solutionsOnlyOf(String tenant, long errorId) {
        return jdbc.list("""
                select es.solution_id from error_solution es where es.tenant = ? and es.error_id = ?
                  and not exists (select 1 from error_solution o where o.solution_id = es.solution_id and o.error_id <> ?)
                  and not exists (select 1 from rule r where r.tenant = es.tenant and r.active
                                    and r.action -> 'solution_ids' @> to_jsonb(es.solution_id))""",
                rs -> rs.getLong(1), tenant, errorId, errorId);
    }

    /**
     * Deletes the tenant's error; returns the rows deleted per table, those the delete takes with it counted first
     * (the foreign keys cascade), then {@code error}.
     */
    public Map<String, Long> deleteError(String tenant, long errorId) {
        Map<String, Long> deleted = new LinkedHashMap<>();
        for (String[] table : CASCADED) {
            deleted.put(table[0], jdbc.count("select count(*) from " + table[0] + " where " + table[1] + " = ?",
                    errorId));
        }
        deleted.put("error", (long) jdbc.update("delete from error where tenant = ? and id = ?", tenant, errorId));
        return deleted;
    }

    /** Rules keep their evidence, without the deleted error. */
    public void removeFromRuleEvidence(String tenant, long errorId) {
        jdbc.update("update rule set source_error_ids = array_remove(source_error_ids, ?) where tenant = ?"
                + " and source_error_ids @> array[?]::bigint[]", errorId, tenant, errorId);
    }

    /** The errors the solution is linked to. */
    public List<Long> errorsOfSolution(String tenant, long solutionId) {
        return jdbc.list("select error_id from error_solution where tenant = ? and solution_id = ?",
                rs -> rs.getLong(1), tenant, solutionId);
    }

    public boolean solutionExists(String tenant, long solutionId) {
        return jdbc.count("select count(*) from solution where tenant = ? and id = ?", tenant, solutionId) != 0;
    }

    /** Those of the errors that are resolved and have no solution left open again. */
    public void reopenUnsolved(String tenant, Long[] errorIds) {
        jdbc.update("""
                update error e set resolved = false, resolved_at = null where e.tenant = ? and e.id = any(?)
                  and e.resolved and not exists (select 1 from error_solution es where es.error_id = e.id)""",
                tenant, errorIds);
    }

    /** A solution's id and title. */
    public record Titled(long id, String title) {
    }

    /** The titles of the tenant's solutions among {@code ids}. */
    public List<Titled> solutionTitles(String tenant, Long[] ids) {
        return jdbc.list("select id::text, title from solution where tenant = ? and id = any(?)",
                rs -> new Titled(Long.parseLong(rs.getString(1)), rs.getString(2)), tenant, ids);
    }

    /** Deletes the tenant's solutions among {@code ids}; the count deleted. */
    public long deleteSolutions(String tenant, Long[] ids) {
        return jdbc.update("delete from solution where tenant = ? and id = any(?)", tenant, ids);
    }
}
