package dev.brain.error.transfer.repository;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Export's statements (error-code.md §14) on tables {@code project}, {@code error}, {@code stack_frame},
 * {@code solution}, {@code error_solution}, {@code solution_outcome}, {@code solution_attempt}, {@code error_chain},
 * {@code error_chain_entry}, {@code rule} and {@code antipattern}: per kind of record, a page of export lines after a
 * key (keyset paging) and whether any record follows a key. The lines are built by PostgreSQL
 * ({@code json_build_object}), so doubles keep their shortest exact text and timestamps their microseconds. Every
 * statement filters on the tenant, and on the project when one is given.
 */
@ApplicationScoped
public class ExportRepository {

    /**
     * One kind of record: its key columns (one, or two for the link table), its tables, the tenant condition, the
     * project condition (every {@code ?} is the project id) and the JSON line.
     */
    private record Kind(String name, String key1, String key2, String from, String tenant, String project,
            String json) {
        boolean composite() {
            return key2 != null;
        }
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("project", "p.id", null, "project p", "p.tenant = ?", "p.id = ?", """
                    json_build_object('kind', 'project', 'id', p.id, 'name', p.name, 'root_path', p.root_path,
                      'languages', p.languages, 'frameworks', p.frameworks, 'description', p.description,
                      'created_at', p.created_at, 'updated_at', p.updated_at)"""),
            new Kind("error", "e.id", null, "error e", "e.tenant = ?", "e.project_id = ?", """
                    json_build_object('kind', 'error', 'id', e.id, 'project_id', e.project_id,
                      'fingerprint', e.fingerprint, 'error_type', e.error_type, 'message', e.message,
                      'message_template', e.message_template, 'language', e.language, 'parser', e.parser,
                      'source_file', e.source_file, 'source_line', e.source_line, 'stack_text', e.stack_text,
                      'raw_output', e.raw_output, 'raw_truncated_bytes', e.raw_truncated_bytes, 'command', e.command,
                      'working_directory', e.working_directory, 'task_context', e.task_context, 'labels', e.labels,
                      'occurrence_count', e.occurrence_count, 'first_seen_at', e.first_seen_at,
                      'last_seen_at', e.last_seen_at, 'resolved', e.resolved, 'resolved_at', e.resolved_at,
                      'frames', coalesce((select json_agg(json_build_object('position', f.position,
                          'function_name', f.function_name, 'file_path', f.file_path, 'line_number', f.line_number,
                          'column_number', f.column_number, 'context_line', f.context_line, 'in_app', f.in_app,
                          'normalized', f.normalized) order by f.position)
                        from stack_frame f where f.error_id = e.id), '[]'::json))"""),
            // a project's solutions: first reported there, or linked to one of its errors
            new Kind("solution", "s.id", null, "solution s", "s.tenant = ?", """
                    (s.project_id = ? or exists (select 1 from error_solution l join error le on le.id = l.error_id
                                                 where l.solution_id = s.id and le.project_id = ?))""", """
                    json_build_object('kind', 'solution', 'id', s.id, 'project_id', s.project_id, 'title', s.title,
                      'description', s.description, 'steps', s.steps, 'code_before', s.code_before,
                      'code_after', s.code_after, 'diff', s.diff, 'labels', s.labels,
                      'success_count', s.success_count, 'failure_count', s.failure_count,
                      'partial_count', s.partial_count, 'confidence', s.confidence, 'last_used_at', s.last_used_at,
                      'created_at', s.created_at, 'updated_at', s.updated_at, 'source', s.source,
                      'observed_success_count', s.observed_success_count)"""),
            new Kind("error_solution", "es.error_id", "es.solution_id",
                    "error_solution es join error e on e.id = es.error_id", "es.tenant = ? and e.tenant = es.tenant",
                    "e.project_id = ?", """
                            json_build_object('kind', 'error_solution', 'error_id', es.error_id, 'solution_id', es.solution_id,
                              'success_count', es.success_count, 'failure_count', es.failure_count,
                              'partial_count', es.partial_count, 'confidence', es.confidence, 'last_outcome', es.last_outcome,
                              'last_applied_at', es.last_applied_at, 'created_at', es.created_at,
                              'observed_success_count', es.observed_success_count)"""),
            new Kind("outcome", "o.id", null, "solution_outcome o join error e on e.id = o.error_id",
                    "o.tenant = ? and e.tenant = o.tenant", "e.project_id = ?",
                    """
                            json_build_object('kind', 'outcome', 'id', o.id, 'error_id', o.error_id,
                              'solution_id', o.solution_id, 'outcome', o.outcome, 'notes', o.notes, 'applied_at', o.applied_at)"""),
            new Kind("attempt", "a.id", null, "solution_attempt a join error e on e.id = a.error_id",
                    "a.tenant = ? and e.tenant = a.tenant", "e.project_id = ?", """
                            json_build_object('kind', 'attempt', 'id', a.id, 'error_id', a.error_id,
                              'description', a.description, 'outcome', a.outcome, 'reason', a.reason,
                              'attempted_at', a.attempted_at, 'source', a.source)"""),
            // a project's chains: those whose errors all belong to it (an import resolves every entry)
            new Kind("chain", "c.id", null, "error_chain c", "c.tenant = ?", """
                    c.project_id = ? and not exists (select 1 from error_chain_entry x join error xe on xe.id = x.error_id
                                                     where x.chain_id = c.id and xe.project_id <> ?)""", """
                    json_build_object('kind', 'chain', 'id', c.id, 'project_id', c.project_id,
                      'started_at', c.started_at, 'last_at', c.last_at, 'length', c.length,
                      'entries', coalesce((select json_agg(json_build_object('position', ce.position,
                          'error_id', ce.error_id, 'time_delta_ms', ce.time_delta_ms) order by ce.position)
                        from error_chain_entry ce where ce.chain_id = c.id), '[]'::json))"""),
            new Kind("rule", "r.id", null, "rule r", "r.tenant = ?", "r.project_id = ?", """
                    json_build_object('kind', 'rule', 'id', r.id, 'project_id', r.project_id, 'dedup_key', r.dedup_key,
                      'name', r.name, 'description', r.description, 'error_type', r.error_type,
                      'required_tokens', r.required_tokens, 'file_extensions', r.file_extensions,
                      'commands', r.commands, 'action', r.action, 'rule_type', r.rule_type,
                      'base_successes', r.base_successes, 'base_total', r.base_total, 'confidence', r.confidence,
                      'trigger_count', r.trigger_count, 'success_count', r.success_count,
                      'rejection_count', r.rejection_count, 'active', r.active, 'prune_reason', r.prune_reason,
                      'source_error_ids', r.source_error_ids, 'last_evidence_at', r.last_evidence_at,
                      'created_at', r.created_at, 'updated_at', r.updated_at)"""),
            new Kind("antipattern", "a.id", null, "antipattern a join error e on e.id = a.source_error_id",
                    "a.tenant = ? and e.tenant = a.tenant", "e.project_id = ?", """
                            json_build_object('kind', 'antipattern', 'id', a.id, 'project_id', a.project_id,
                              'source_error_id', a.source_error_id, 'description', a.description, 'error_type', a.error_type,
                              'fingerprint', a.fingerprint, 'message_template', a.message_template, 'commands', a.commands,
                              'severity', a.severity, 'failed_attempts', a.failed_attempts, 'confidence', a.confidence,
                              'trigger_count', a.trigger_count, 'prevented_count', a.prevented_count,
                              'rejected_count', a.rejected_count, 'active', a.active, 'created_at', a.created_at,
                              'updated_at', a.updated_at)"""));

    /** The kinds an export runs through, numbered from 0 in export order: what a record references comes earlier. */
    public static final int KIND_COUNT = KINDS.size();

    /** One export line and the key of its record (the second part 0 unless the key has two columns). */
    public record Line(long key1, long key2, String json) {
    }

    private final Jdbc jdbc;

    public ExportRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The next {@code limit} lines of kind number {@code index} after key ({@code key1}, {@code key2}), in key order;
     * of the tenant's project {@code projectId}, or of the whole tenant when it is null.
     */
    public List<Line> linesAfter(int index, String tenant, Long projectId, long key1, long key2, int limit) {
        Kind kind = KINDS.get(index);
        List<Object> params = new ArrayList<>();
        String sql = "select " + kind.key1() + ", " + (kind.composite() ? kind.key2() : "0") + ", (" + kind.json()
                + ")::text from " + kind.from() + where(kind, tenant, projectId, key1, key2, params) + " order by "
                + kind.key1() + (kind.composite() ? ", " + kind.key2() : "") + " limit ?";
        params.add(limit);
        return jdbc.list(sql, rs -> new Line(rs.getLong(1), rs.getLong(2), rs.getString(3)), params.toArray());
    }

    /**
     * Whether a record of kind number {@code index} follows key ({@code key1}, {@code key2}); of the tenant's project
     * {@code projectId}, or of the whole tenant when it is null.
     */
    public boolean anyAfter(int index, String tenant, Long projectId, long key1, long key2) {
        List<Object> params = new ArrayList<>();
        Kind next = KINDS.get(index);
        String sql = "select exists (select 1 from " + next.from()
                + where(next, tenant, projectId, key1, key2, params) + ")";
        return jdbc.one(sql, rs -> rs.getBoolean(1), params.toArray()).orElse(false);
    }

    private static String where(Kind kind, String tenant, Long projectId, long key1, long key2, List<Object> params) {
        StringBuilder where = new StringBuilder(" where ").append(kind.tenant());
        params.add(tenant);
        if (projectId != null) {
            where.append(" and ").append(kind.project());
            for (int i = 0; i < kind.project().length(); i++) {
                if (kind.project().charAt(i) == '?') {
                    params.add(projectId);
                }
            }
        }
        if (kind.composite()) {
            where.append(" and (").append(kind.key1()).append(", ").append(kind.key2()).append(") > (?, ?)");
            params.add(key1);
            params.add(key2);
        } else {
            where.append(" and ").append(kind.key1()).append(" > ?");
            params.add(key1);
        }
        return where.toString();
    }
}
