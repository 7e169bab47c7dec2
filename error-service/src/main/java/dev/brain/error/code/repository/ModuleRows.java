package dev.brain.error.code.repository;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.code.mapping.ModuleMapper;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.ModuleSimilarity;
import dev.brain.grpc.v1.ModuleUsage;

/**
 * Rows of {@code code_module} (with {@code project}), {@code module_similarity} and {@code module_usage} → their
 * proto messages, the enum columns read by {@link ModuleMapper}. SQL nulls become proto defaults ("" and 0).
 */
public final class ModuleRows {

    /** The module columns {@link #module} reads, from {@code code_module m join project p}; no source. */
    public static final String COLUMNS = """
            m.id, m.project_id, p.name as project, m.name, m.module_type, m.file_path, m.start_line, m.end_line,
            m.language, m.raw_hash, m.structural_fp, m.category, m.purpose, m.interface_signature, m.exports,
            m.dependencies, m.internal_imports, m.labels, m.reusability_score, m.signals::text as signals, m.is_pure,
            m.complexity_score, m.reuse_count, m.adaptation_count, m.confidence, m.last_used_at, m.created_at,
            m.updated_at""";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ModuleRows() {
    }

    /** A module row of {@link #COLUMNS} (plus {@code source_code} when the query selected it). */
    public static CodeModule module(ResultSet rs, boolean withSource) throws SQLException {
        CodeModule.Builder m = CodeModule.newBuilder().setId(rs.getLong("id")).setProjectId(rs.getLong("project_id"))
                .setProject(rs.getString("project")).setName(rs.getString("name"))
                .setModuleType(ModuleMapper.moduleType(rs.getString("module_type")))
                .setFilePath(rs.getString("file_path"))
                .setStartLine(rs.getInt("start_line")).setEndLine(rs.getInt("end_line"))
                .setLanguage(rs.getString("language")).setRawHash(rs.getString("raw_hash").strip())
                .setStructuralFp(rs.getString("structural_fp").strip()).setCategory(Columns.text(rs, "category"))
                .setPurpose(rs.getString("purpose")).setInterfaceSignature(Columns.text(rs, "interface_signature"))
                .addAllExports(Jdbc.strings(rs, "exports")).addAllDependencies(Jdbc.strings(rs, "dependencies"))
                .addAllInternalImports(Jdbc.strings(rs, "internal_imports")).addAllLabels(Jdbc.strings(rs, "labels"))
                .setReusabilityScore(rs.getDouble("reusability_score"))
                .putAllSignals(ModuleMapper.signals(rs.getString("signals")))
                .setIsPure(rs.getBoolean("is_pure")).setComplexityScore(rs.getDouble("complexity_score"))
                .setReuseCount(rs.getInt("reuse_count")).setAdaptationCount(rs.getInt("adaptation_count"))
                .setConfidence(rs.getDouble("confidence")).setCreatedAt(Columns.timestamp(rs, "created_at"))
                .setUpdatedAt(Columns.timestamp(rs, "updated_at"));
        if (rs.getTimestamp("last_used_at") != null) {
            m.setLastUsedAt(Columns.timestamp(rs, "last_used_at"));
        }
        if (withSource) {
            m.setSourceCode(rs.getString("source_code"));
        }
        return m.build();
    }

    /** A usage row: {@code u.*}, {@code project} (name) and {@code session_key}. */
    public static ModuleUsage usage(ResultSet rs) throws SQLException {
        ModuleUsage.Builder u = ModuleUsage.newBuilder().setId(rs.getLong("id")).setModuleId(rs.getLong("module_id"))
                .setProject(rs.getString("project")).setFilePath(rs.getString("file_path"))
                .setUsageType(ModuleMapper.usageType(rs.getString("usage_type")))
                .setSolutionId(rs.getLong("solution_id")).setOutcome(ModuleMapper.outcome(rs.getString("outcome")))
                .setSessionKey(Columns.text(rs, "session_key"))
                .setUsedAt(Columns.timestamp(rs, "used_at"));
        try {
            JSON.readTree(rs.getString("adaptations")).forEach(a -> u.addAdaptations(a.asText()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return u.build();
    }

    /** A stored similarity seen from one module: the other module ({@link #COLUMNS}), kind, score, detected_at. */
    public static ModuleSimilarity similarity(ResultSet rs) throws SQLException {
        return ModuleSimilarity.newBuilder().setModule(module(rs, false))
                .setKind(ModuleMapper.kind(rs.getString("kind"))).setScore(rs.getDouble("score"))
                .setDetectedAt(Columns.timestamp(rs, "detected_at")).build();
    }
}
