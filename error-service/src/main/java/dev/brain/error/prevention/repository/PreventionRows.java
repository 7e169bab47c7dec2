package dev.brain.error.prevention.repository;

import java.sql.ResultSet;
import java.sql.SQLException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.Antipattern;
import dev.brain.grpc.v1.Rule;
import dev.brain.grpc.v1.RuleAction;
import dev.brain.grpc.v1.RulePruneReason;
import dev.brain.grpc.v1.RuleType;
import dev.brain.grpc.v1.Severity;
import dev.brain.wire.WireNames;

/** The columns and row mappings of rules and antipatterns (tables {@code rule}, {@code antipattern}). */
public final class PreventionRows {

    public static final String RULE_COLUMNS = """
            r.id, p.name as project, r.name, r.description, r.error_type, r.required_tokens, r.file_extensions,
            r.commands, r.action::text as action, r.rule_type, r.base_successes, r.base_total, r.confidence,
            r.trigger_count, r.success_count, r.rejection_count, r.active, r.prune_reason, r.source_error_ids,
            r.last_evidence_at, r.created_at, r.updated_at, r.blocking""";
    public static final String RULE_FROM = " from rule r left join project p on p.id = r.project_id ";
    public static final String ANTIPATTERN_COLUMNS = """
            a.id, p.name as project, a.source_error_id, a.description, a.error_type, a.fingerprint,
            a.message_template, a.commands, a.severity, a.failed_attempts, a.confidence, a.trigger_count,
            a.prevented_count, a.rejected_count, a.active, a.created_at, a.updated_at""";
    public static final String ANTIPATTERN_FROM = " from antipattern a left join project p on p.id = a.project_id ";

    private static final ObjectMapper JSON = new ObjectMapper();

    private PreventionRows() {
    }

    public static Rule rule(ResultSet rs) throws SQLException {
        RuleAction.Builder action = RuleAction.newBuilder();
        try {
            JsonNode a = JSON.readTree(rs.getString("action"));
            action.setType(a.path("type").asText("")).setMessage(a.path("message").asText(""));
            a.path("solution_ids").forEach(id -> action.addSolutionIds(id.asLong()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        String prune = rs.getString("prune_reason");
        return Rule.newBuilder()
                .setId(rs.getLong("id"))
                .setProject(Columns.text(rs, "project"))
                .setName(rs.getString("name"))
                .setDescription(Columns.text(rs, "description"))
                .setErrorType(rs.getString("error_type"))
                .addAllRequiredTokens(Jdbc.strings(rs, "required_tokens"))
                .addAllFileExtensions(Jdbc.strings(rs, "file_extensions"))
                .addAllCommands(Jdbc.strings(rs, "commands"))
                .setAction(action)
                .setRuleType(WireNames.valueOf(RuleType.class, rs.getString("rule_type")))
                .setBaseSuccesses(rs.getDouble("base_successes"))
                .setBaseTotal(rs.getDouble("base_total"))
                .setConfidence(rs.getDouble("confidence"))
                .setTriggerCount(rs.getInt("trigger_count"))
                .setSuccessCount(rs.getInt("success_count"))
                .setRejectionCount(rs.getInt("rejection_count"))
                .setActive(rs.getBoolean("active"))
                .setBlocking(rs.getBoolean("blocking"))
                .setPruneReason(prune == null ? RulePruneReason.RULE_PRUNE_REASON_UNSPECIFIED
                        : WireNames.valueOf(RulePruneReason.class, prune))
                .addAllSourceErrorIds(Jdbc.longs(rs, "source_error_ids"))
                .setLastEvidenceAt(Columns.timestamp(rs, "last_evidence_at"))
                .setCreatedAt(Columns.timestamp(rs, "created_at"))
                .setUpdatedAt(Columns.timestamp(rs, "updated_at"))
                .build();
    }

    public static Antipattern antipattern(ResultSet rs) throws SQLException {
        return Antipattern.newBuilder()
                .setId(rs.getLong("id"))
                .setProject(Columns.text(rs, "project"))
                .setSourceErrorId(rs.getLong("source_error_id"))
                .setDescription(rs.getString("description"))
                .setErrorType(rs.getString("error_type"))
                .setFingerprint(rs.getString("fingerprint"))
                .setMessageTemplate(rs.getString("message_template"))
                .addAllCommands(Jdbc.strings(rs, "commands"))
                .setSeverity(severity(rs.getString("severity")))
                .setFailedAttempts(rs.getInt("failed_attempts"))
                .setConfidence(rs.getDouble("confidence"))
                .setTriggerCount(rs.getInt("trigger_count"))
                .setPreventedCount(rs.getInt("prevented_count"))
                .setRejectedCount(rs.getInt("rejected_count"))
                .setActive(rs.getBoolean("active"))
                .setCreatedAt(Columns.timestamp(rs, "created_at"))
                .setUpdatedAt(Columns.timestamp(rs, "updated_at"))
                .build();
    }

    public static Severity severity(String s) {
        return WireNames.valueOf(Severity.class, s);
    }
}
