package dev.brain.error.prevention.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.grpc.v1.Antipattern;
import dev.brain.grpc.v1.Rule;

/**
 * Tables {@code rule} and {@code antipattern} (error-code.md §7), always tenant-scoped: the candidates a check reads,
 * the counts and feedback it writes, the lists; and the solutions whose removed lines a code check looks up
 * ({@code solution}, {@code error_solution}).
 */
@ApplicationScoped
public class PreventionRepository {

    private final Jdbc jdbc;

    public PreventionRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The candidates an error output is checked against (§7.1): the active rules of its error type and the active
     * antipatterns of its fingerprint or error type, of the project ({@code ?} 2, or the expression
     * {@code projectExpression} names) or the whole tenant, each antipattern with its message's trigram similarity.
     * Parameters: template, tenant, project, fingerprint, error type for antipatterns; tenant, project, error type
     * for rules.
     */
    public static String outputRules(String projectExpression) {
        return "select " + PreventionRows.RULE_COLUMNS + PreventionRows.RULE_FROM
                + "where r.tenant = ? and r.active and (r.project_id is null or r.project_id = " + projectExpression
                + ") and r.error_type = ?";
    }

    /** See {@link #outputRules(String)}. */
    public static String outputAntipatterns(String projectExpression) {
        return "select " + PreventionRows.ANTIPATTERN_COLUMNS + ", similarity(a.message_template, ?) as trigram"
                + PreventionRows.ANTIPATTERN_FROM + "where a.tenant = ? and a.active"
                + " and (a.project_id is null or a.project_id = " + projectExpression + ")"
                + " and (a.fingerprint = ? or a.error_type = ?)";
    }

    /** An antipattern a output may trigger, with its message's trigram similarity to the output's. */
    public record Candidate(Antipattern antipattern, double trigram) {

        /** A row of {@link #outputAntipatterns(String)}. */
        public static Candidate map(ResultSet rs) throws SQLException {
            return new Candidate(PreventionRows.antipattern(rs), rs.getDouble("trigram"));
        }
    }

    /** The rules an output of {@code errorType} is checked against ({@link #outputRules(String)}). */
    public List<Rule> rulesForOutput(String tenant, Long projectId, String errorType) {
        return jdbc.list(outputRules("?"), PreventionRows::rule, tenant, projectId, errorType);
    }

    /** The antipatterns an output is checked against ({@link #outputAntipatterns(String)}). */
    public List<Candidate> antipatternsForOutput(String template, String tenant, Long projectId, String fingerprint,
            String errorType) {
        return jdbc.list(outputAntipatterns("?"), Candidate::map, template, tenant, projectId, fingerprint, errorType);
    }

    /** The active rules of the project or the whole tenant that name commands. */
    public List<Rule> commandRules(String tenant, Long projectId) {
        return jdbc.list("select " + PreventionRows.RULE_COLUMNS + PreventionRows.RULE_FROM
                + "where r.tenant = ? and r.active and (r.project_id is null or r.project_id = ?) and "
                + "r.commands <> '{}'", PreventionRows::rule, tenant, projectId);
    }

    /** The active antipatterns of the project or the whole tenant that name commands. */
    public List<Antipattern> commandAntipatterns(String tenant, Long projectId) {
        return jdbc.list("select " + PreventionRows.ANTIPATTERN_COLUMNS
                + PreventionRows.ANTIPATTERN_FROM + "where a.tenant = ? and a.active"
                + " and (a.project_id is null or a.project_id = ?) and a.commands <> '{}'",
                PreventionRows::antipattern, tenant, projectId);
    }

    /** A solution that removed a line, with its confidence and the errors it is linked to (by id). */
    public record RemovedBy(long solutionId, double confidence, List<Long> errorIds) {
    }

    /**
     * The tenant's solutions of at least {@code minConfidence} that removed the line of {@code lineHash}, most
     * confident first.
     */
    public List<RemovedBy> solutionsThatRemoved(String tenant, String lineHash, double minConfidence) {
        return jdbc.list("""
                select s.id, s.confidence, array_agg(es.error_id order by es.error_id) as errors
                from solution s join error_solution es on es.solution_id = s.id
                where s.tenant = ? and s.removed_line_hashes && ? and s.confidence >= ?
                group by s.id, s.confidence order by s.confidence desc""",
                rs -> new RemovedBy(rs.getLong(1), rs.getDouble(2), Jdbc.longs(rs, "errors")), tenant,
                new String[] { lineHash }, minConfidence);
    }

    /** One more trigger of each of the rules. */
    public void countRuleTriggers(String tenant, Long[] ruleIds) {
        jdbc.update("update rule set trigger_count = trigger_count + 1 where tenant = ? and id = any(?)", tenant,
                ruleIds);
    }

    /** One more trigger of each of the antipatterns. */
    public void countAntipatternTriggers(String tenant, Long[] antipatternIds) {
        jdbc.update("update antipattern set trigger_count = trigger_count + 1 where tenant = ? and id = any(?)",
                tenant, antipatternIds);
    }

    public Optional<Rule> rule(String tenant, long id) {
        return jdbc.one("select " + PreventionRows.RULE_COLUMNS + PreventionRows.RULE_FROM
                + "where r.tenant = ? and r.id = ?", PreventionRows::rule, tenant, id);
    }

    public Optional<Antipattern> antipattern(String tenant, long id) {
        return jdbc.one("select " + PreventionRows.ANTIPATTERN_COLUMNS + PreventionRows.ANTIPATTERN_FROM
                + "where a.tenant = ? and a.id = ?", PreventionRows::antipattern, tenant, id);
    }

    public void setBlocking(String tenant, long id, boolean blocking, OffsetDateTime now) {
        jdbc.update("update rule set blocking = ?, updated_at = ? where tenant = ? and id = ?", blocking, now, tenant,
                id);
    }

    /** A rule's feedback counts and the confidence they give. */
    public void setRuleEvidence(String tenant, long id, int success, int rejection, double confidence,
            OffsetDateTime now) {
        jdbc.update("""
                update rule set success_count = ?, rejection_count = ?, confidence = ?, last_evidence_at = ?,
                                updated_at = ? where tenant = ? and id = ?""", success, rejection, confidence, now,
                now, tenant, id);
    }

    /** "type: template" of the tenant's error, for a synapse node's label. */
    public Optional<String> errorLabel(String tenant, long errorId) {
        return jdbc.one("select error_type || ': ' || message_template from error"
                + " where tenant = ? and id = ?", rs -> rs.getString(1), tenant, errorId);
    }

    /**
     * Feedback on an antipattern: one more prevented or rejected; it is switched off at its third rejection when
     * rejections then outnumber preventions.
     */
    public void countAntipatternFeedback(String tenant, long id, boolean prevented, OffsetDateTime now) {
        jdbc.update("""
                update antipattern set prevented_count = prevented_count + ?, rejected_count = rejected_count + ?,
                    active = active and not (rejected_count + ? >= 3 and rejected_count + ? > prevented_count + ?),
                    updated_at = ?
                where tenant = ? and id = ?""", prevented ? 1 : 0, prevented ? 0 : 1, prevented ? 0 : 1,
                prevented ? 0 : 1, prevented ? 1 : 0, now, tenant, id);
    }

    /**
     * Rules by confidence desc, id asc. {@code projectId} null: no project named (every rule of the tenant); else the
     * project's rules and the tenant-wide ones (-1 for a project the tenant never used) — with
     * {@code aboutProjectOnly}, a tenant-wide rule only when it was learned from an error of the project (its source
     * errors, by primary key).
     */
    public List<Rule> listRules(String tenant, boolean activeOnly, Long projectId, boolean aboutProjectOnly, int limit,
            int offset) {
        String project = projectId == null ? ""
                : aboutProjectOnly ? """
                        and (r.project_id = ? or (r.project_id is null and exists (
                              select 1 from error e where e.id = any(r.source_error_ids) and e.tenant = r.tenant
                                and e.project_id = ?)))"""
                        : " and (r.project_id is null or r.project_id = ?)";
        List<Object> params = new ArrayList<>(List.of(tenant, activeOnly));
        if (projectId != null) {
            params.add(projectId);
            if (aboutProjectOnly) {
                params.add(projectId);
            }
        }
        params.addAll(List.of(limit, offset));
        return jdbc.list("select " + PreventionRows.RULE_COLUMNS + PreventionRows.RULE_FROM
                + "where r.tenant = ? and (r.active or not ?)" + project
                + " order by r.confidence desc, r.id limit ? offset ?", PreventionRows::rule, params.toArray());
    }

    /** Antipatterns by severity, confidence desc, id asc. */
    public List<Antipattern> listAntipatterns(String tenant, boolean activeOnly, int limit, int offset) {
        return jdbc.list("select " + PreventionRows.ANTIPATTERN_COLUMNS + PreventionRows.ANTIPATTERN_FROM
                + "where a.tenant = ? and (a.active or not ?) order by case a.severity when 'critical' then 3"
                + " when 'warning' then 2 else 1 end desc, a.confidence desc, a.id limit ? offset ?",
                PreventionRows::antipattern, tenant, activeOnly, limit, offset);
    }

    /** The rule switched on or off (on clears its prune reason). */
    public void setActive(String tenant, long id, boolean active, OffsetDateTime now) {
        jdbc.update("update rule set active = ?, prune_reason = case when ? then null else prune_reason end,"
                + " updated_at = ? where tenant = ? and id = ?", active, active, now, tenant, id);
    }
}
