package dev.brain.error.learning.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.solution.repository.SolutionRepository;

/**
 * What the learning cycle reads and writes (error-code.md §8): the error–solution pairs with outcomes, the
 * confidences it refreshes, the rules and antipatterns it learns and prunes; and what learning produced, counted per
 * tenant. Every write compares with what is stored, so a second run on unchanged data changes no row.
 */
@ApplicationScoped
public class LearningRepository {

    private final Jdbc jdbc;

    public LearningRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The tenant's counts, in one statement: {@code rules_active}, {@code rules_inactive}, {@code antipatterns_active},
     * {@code antipatterns_inactive}, {@code cross_project_links} and {@code error_solution_pairs}.
     */
    public Map<String, Long> counts(String tenant) {
        return jdbc.one("""
                select (select count(*) from rule where tenant = ? and active),
                       (select count(*) from rule where tenant = ? and not active),
                       (select count(*) from antipattern where tenant = ? and active),
                       (select count(*) from antipattern where tenant = ? and not active),
                       (select count(*) from cross_project_link where tenant = ?),
                       (select count(*) from error_solution where tenant = ?)""", rs -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("rules_active", rs.getLong(1));
            counts.put("rules_inactive", rs.getLong(2));
            counts.put("antipatterns_active", rs.getLong(3));
            counts.put("antipatterns_inactive", rs.getLong(4));
            counts.put("cross_project_links", rs.getLong(5));
            counts.put("error_solution_pairs", rs.getLong(6));
            return counts;
        }, tenant, tenant, tenant, tenant, tenant, tenant).orElseThrow();
    }

    /** Tenants with an error, outcome or attempt newer than their last finished learning run. */
    public List<String> tenantsWithNewEvidence() {
        return jdbc.list("""
                select t.tenant from (select distinct tenant from error
                                      union select distinct tenant from solution_outcome
                                      union select distinct tenant from solution_attempt) t
                where exists (select 1 from error e where e.tenant = t.tenant and e.last_seen_at >
                                coalesce((select max(started_at) from job_run j where j.job = 'learning'
                                          and j.tenant = t.tenant and j.status = 'done'), '-infinity'))
                   or exists (select 1 from solution_outcome o where o.tenant = t.tenant and o.applied_at >
                                coalesce((select max(started_at) from job_run j where j.job = 'learning'
                                          and j.tenant = t.tenant and j.status = 'done'), '-infinity'))
                   or exists (select 1 from solution_attempt a where a.tenant = t.tenant and a.attempted_at >
                                coalesce((select max(started_at) from job_run j where j.job = 'learning'
                                          and j.tenant = t.tenant and j.status = 'done'), '-infinity'))""",
                rs -> rs.getString(1));
    }

    /** An error–solution pair with ≥ 1 outcome. */
    public record Pair(long errorId, long solutionId, long projectId, String type, String template, String sourceFile,
            int success, int failure, int partial, double confidence, Instant lastApplied, Instant createdAt,
            String title) {
    }

    /** The tenant's pairs with ≥ 1 outcome, oldest error first (phase 1). */
    public List<Pair> pairs(String tenant) {
        return jdbc.list("""
                select es.error_id, es.solution_id, e.project_id, e.error_type, e.message_template, e.source_file,
                       es.success_count, es.failure_count, es.partial_count, es.confidence, es.last_applied_at,
                       es.created_at, s.title
                from error_solution es join error e on e.id = es.error_id join solution s on s.id = es.solution_id
                where es.tenant = ? and es.success_count + es.failure_count + es.partial_count > 0
                order by e.first_seen_at, es.error_id, es.solution_id""", rs -> new Pair(rs.getLong(1), rs.getLong(2),
                rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getInt(7), rs.getInt(8),
                rs.getInt(9), rs.getDouble(10), Jdbc.instant(rs, "last_applied_at"), Jdbc.instant(rs, "created_at"),
                rs.getString(13)), tenant);
    }

    /** Ages the confidence of the tenant's pairs and solutions to {@code now} (phase 2); the rows changed. */
    public long refreshConfidences(String tenant, OffsetDateTime now, double halfLifeDays) {
        String link = SolutionRepository.confidenceSql("success_count", "failure_count", "partial_count",
                "last_applied_at");
        String solution = SolutionRepository.confidenceSql("success_count", "failure_count", "partial_count",
                "last_used_at");
        long n = jdbc.update("update error_solution set confidence = " + link + " where tenant = ? and confidence is"
                + " distinct from " + link, now, halfLifeDays, tenant, now, halfLifeDays);
        n += jdbc.update("update solution set confidence = " + solution + " where tenant = ? and confidence is"
                + " distinct from " + solution, now, halfLifeDays, tenant, now, halfLifeDays);
        return n;
    }

    /** The commands of the errors' occurrences, in the order they happened (nulls left out). */
    public List<String> occurrenceCommands(String tenant, Long[] errorIds) {
        return jdbc.list("select command from error_occurrence where tenant = ? and error_id = any(?) and command is not"
                + " null order by id", rs -> rs.getString(1), tenant, errorIds);
    }

    /** A learned rule as stored: what its feedback adds to the evidence of its pattern. */
    public record StoredRule(long id, int successCount, int rejectionCount, Instant lastEvidenceAt) {
    }

    /** The rule the pattern {@code dedupKey} learned before, if any. */
    public Optional<StoredRule> rule(String tenant, String dedupKey) {
        return jdbc.one("select id, success_count, rejection_count, last_evidence_at from rule"
                + " where tenant = ? and dedup_key = ?",
                rs -> new StoredRule(rs.getLong(1), rs.getInt(2), rs.getInt(3), Jdbc.instant(rs, "last_evidence_at")),
                tenant, dedupKey);
    }

    /** A rule as a pattern makes it (phase 4). */
    public record RuleDraft(Long projectId, String dedupKey, String name, String description, String errorType,
            String[] requiredTokens, String[] fileExtensions, String[] commands, String actionJson, String ruleType,
            double baseSuccesses, double baseTotal, double confidence, Long[] sourceErrorIds,
            Instant lastEvidenceAt) {
    }

    /** Stores a new rule; its id. */
    public long insertRule(String tenant, RuleDraft r, OffsetDateTime now) {
        return jdbc.one("""
                insert into rule (tenant, project_id, dedup_key, name, description, error_type, required_tokens,
                                  file_extensions, commands, action, rule_type, base_successes, base_total,
                                  confidence, source_error_ids, last_evidence_at, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?) returning id""",
                rs -> rs.getLong(1), tenant, r.projectId(), r.dedupKey(), r.name(), r.description(), r.errorType(),
                r.requiredTokens(), r.fileExtensions(), r.commands(), r.actionJson(), r.ruleType(), r.baseSuccesses(),
                r.baseTotal(), r.confidence(), r.sourceErrorIds(), r.lastEvidenceAt(), now, now).orElseThrow();
    }

    /**
     * Rewrites rule {@code id} from the draft when anything differs, and re-activates it when it was pruned for low
     * confidence and its confidence reached {@code minConfidence} again; the rows changed (0 or 1).
     */
    public int updateRule(long id, RuleDraft r, OffsetDateTime now, double minConfidence) {
        return jdbc.update(
                """
                        update rule set project_id = ?, name = ?, required_tokens = ?, file_extensions = ?, commands = ?,
                            action = ?::jsonb, rule_type = ?, base_successes = ?, base_total = ?, confidence = ?,
                            source_error_ids = ?, last_evidence_at = ?, updated_at = ?,
                            active = case when not active and prune_reason = 'low_confidence' and ? >= ? then true else active end,
                            prune_reason = case when not active and prune_reason = 'low_confidence' and ? >= ? then null
                                                else prune_reason end
                        where id = ? and (project_id is distinct from ? or name <> ? or required_tokens <> ?
                              or file_extensions <> ? or commands <> ? or action <> ?::jsonb or rule_type <> ?
                              or base_successes <> ? or base_total <> ? or abs(confidence - ?) > 1e-12 or source_error_ids <> ?
                              or last_evidence_at <> ?
                              or (not active and prune_reason = 'low_confidence' and ? >= ?))""",
                r.projectId(), r.name(), r.requiredTokens(), r.fileExtensions(), r.commands(), r.actionJson(),
                r.ruleType(), r.baseSuccesses(), r.baseTotal(), r.confidence(), r.sourceErrorIds(),
                r.lastEvidenceAt(), now, r.confidence(), minConfidence, r.confidence(), minConfidence, id,
                r.projectId(), r.name(), r.requiredTokens(), r.fileExtensions(), r.commands(), r.actionJson(),
                r.ruleType(), r.baseSuccesses(), r.baseTotal(), r.confidence(), r.sourceErrorIds(),
                r.lastEvidenceAt(), r.confidence(), minConfidence);
    }

    /** Ages the confidence of the tenant's active rules to {@code now} (§7.3, by {@code last_evidence_at}). */
    public void refreshRuleConfidences(String tenant, OffsetDateTime now, double halfLifeDays) {
        String confidence = SolutionRepository.confidenceSql("(base_successes + success_count)",
                "(base_total - base_successes + rejection_count)", "0", "last_evidence_at");
        // (Java and SQL may differ in the last bit: a tolerance keeps a second run from rewriting the row)
        jdbc.update("update rule set confidence = " + confidence + " where tenant = ? and active and abs(confidence - "
                + confidence + ") > 1e-12", now, halfLifeDays, tenant, now, halfLifeDays);
    }

    /** Deactivates the tenant's active rules below {@code threshold}; how many. */
    public long pruneLowConfidenceRules(String tenant, OffsetDateTime now, double threshold) {
        return jdbc.update("update rule set active = false, prune_reason = 'low_confidence', updated_at = ?"
                + " where tenant = ? and active and confidence < ?", now, tenant, threshold);
    }

    /** Deactivates the tenant's active rules with ≥ {@code minFeedback} votes rejected above {@code maxRate}. */
    public long pruneRejectedRules(String tenant, OffsetDateTime now, int minFeedback, double maxRate) {
        return jdbc.update("""
                update rule set active = false, prune_reason = 'rejections', updated_at = ?
                where tenant = ? and active and success_count + rejection_count >= ?
                  and rejection_count::float8 / (success_count + rejection_count) > ?""", now, tenant,
                minFeedback, maxRate);
    }

    /** An open error seen ≥ 3 times, with its failed attempts and outcomes counted (phase 6). */
    public record AntipatternCandidate(long errorId, Long projectId, String type, String fingerprint, String template,
            long failed) {
    }

    /** The tenant's open errors seen ≥ 3 times, by id. */
    public List<AntipatternCandidate> antipatternCandidates(String tenant) {
        return jdbc.list("""
                select e.id, e.project_id, e.error_type, e.fingerprint, e.message_template,
                       (select count(*) from solution_attempt a where a.error_id = e.id)
                     + (select count(*) from solution_outcome o where o.error_id = e.id and o.outcome = 'failure') as failed
                from error e where e.tenant = ? and not e.resolved and not e.not_an_error and e.occurrence_count >= 3
                order by e.id""", rs -> new AntipatternCandidate(rs.getLong(1), rs.getLong(2), rs.getString(3),
                rs.getString(4), rs.getString(5), rs.getLong(6)), tenant);
    }

    /** The first three attempts that did not fix the error. */
    public List<String> failedAttempts(long errorId) {
        return jdbc.list("select description from solution_attempt where error_id = ?"
                + " order by attempted_at, id limit 3", rs -> rs.getString(1), errorId);
    }

    /** The antipattern learned from the error before, if any. */
    public Optional<Long> antipatternOf(String tenant, long errorId) {
        return jdbc.one("select id from antipattern where tenant = ? and source_error_id = ?", rs -> rs.getLong(1),
                tenant, errorId);
    }

    /** What an antipattern says and how sure it is. */
    public record AntipatternDraft(String description, String[] commands, String severity, int failedAttempts,
            double confidence) {
    }

    /** Stores a new antipattern of the candidate's error; its id. */
    public long insertAntipattern(String tenant, AntipatternCandidate c, AntipatternDraft a, OffsetDateTime now) {
        return jdbc.one("""
                insert into antipattern (tenant, project_id, source_error_id, description, error_type, fingerprint,
                                         message_template, commands, severity, failed_attempts, confidence,
                                         created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id""", rs -> rs.getLong(1), tenant,
                c.projectId(), c.errorId(), a.description(), c.type(), c.fingerprint(), c.template(), a.commands(),
                a.severity(), a.failedAttempts(), a.confidence(), now, now).orElseThrow();
    }

    /** Rewrites antipattern {@code id} when anything differs; the rows changed (0 or 1). */
    public int updateAntipattern(long id, AntipatternDraft a, OffsetDateTime now) {
        return jdbc.update("""
                update antipattern set description = ?, commands = ?, severity = ?, failed_attempts = ?,
                                       confidence = ?, updated_at = ?
                where id = ? and (description <> ? or commands <> ? or severity <> ? or failed_attempts <> ?
                                  or confidence <> ?)""", a.description(), a.commands(), a.severity(),
                a.failedAttempts(), a.confidence(), now, id, a.description(), a.commands(), a.severity(),
                a.failedAttempts(), a.confidence());
    }

    /** Deactivates the tenant's antipatterns whose error was resolved or marked not an error; how many. */
    public int retireAntipatternsOfSettledErrors(String tenant, OffsetDateTime now) {
        return jdbc.update("""
                update antipattern a set active = false, updated_at = ? from error e
                where a.tenant = ? and a.active and e.id = a.source_error_id and (e.resolved or e.not_an_error)""",
                now, tenant);
    }

    /** A rule's name, for its notification ("" when gone). */
    public String ruleName(long id) {
        return jdbc.one("select name from rule where id = ?", rs -> rs.getString(1), id).orElse("");
    }

    /** Where an antipattern belongs and what it says, for its notification. */
    public record AntipatternNotice(Long projectId, String description) {
    }

    /** The antipattern's project and description. */
    public AntipatternNotice antipatternNotice(long id) {
        return jdbc.one("select project_id, description from antipattern where id = ?",
                rs -> new AntipatternNotice(Jdbc.longOrNull(rs, "project_id"), rs.getString(2)), id).orElseThrow();
    }
}
