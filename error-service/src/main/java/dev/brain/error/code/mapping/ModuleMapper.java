package dev.brain.error.code.mapping;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.code.analysis.Granularity;
import dev.brain.error.db.Protos;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.ModuleSimilarity;
import dev.brain.grpc.v1.ModuleType;
import dev.brain.grpc.v1.ModuleUsage;
import dev.brain.grpc.v1.ModuleUsageOutcome;
import dev.brain.grpc.v1.ModuleUsageType;
import dev.brain.grpc.v1.SimilarityKind;
import dev.brain.wire.WireNames;

/**
 * Rows of {@code code_module}, {@code module_similarity} and {@code module_usage} ↔ their proto messages, and the
 * column values of the enums (lower-case names in SQL, {@code MODULE_TYPE_*} etc. in proto). SQL nulls become
 * proto defaults ("" and 0).
 */
public final class ModuleMapper {

    /** The module columns {@link #module} reads, from {@code code_module m join project p}; no source. */
    public static final String COLUMNS = """
            m.id, m.project_id, p.name as project, m.name, m.module_type, m.file_path, m.start_line, m.end_line,
            m.language, m.raw_hash, m.structural_fp, m.category, m.purpose, m.interface_signature, m.exports,
            m.dependencies, m.internal_imports, m.labels, m.reusability_score, m.signals::text as signals, m.is_pure,
            m.complexity_score, m.reuse_count, m.adaptation_count, m.confidence, m.last_used_at, m.created_at,
            m.updated_at""";

    private static final ObjectMapper JSON = new ObjectMapper();

    private ModuleMapper() {
    }

    /** A module row of {@link #COLUMNS} (plus {@code source_code} when the query selected it). */
    public static CodeModule module(ResultSet rs, boolean withSource) throws SQLException {
        CodeModule.Builder m = CodeModule.newBuilder().setId(rs.getLong("id")).setProjectId(rs.getLong("project_id"))
                .setProject(rs.getString("project")).setName(rs.getString("name"))
                .setModuleType(moduleType(rs.getString("module_type"))).setFilePath(rs.getString("file_path"))
                .setStartLine(rs.getInt("start_line")).setEndLine(rs.getInt("end_line"))
                .setLanguage(rs.getString("language")).setRawHash(rs.getString("raw_hash").strip())
                .setStructuralFp(rs.getString("structural_fp").strip()).setCategory(Protos.text(rs, "category"))
                .setPurpose(rs.getString("purpose")).setInterfaceSignature(Protos.text(rs, "interface_signature"))
                .addAllExports(Jdbc.strings(rs, "exports")).addAllDependencies(Jdbc.strings(rs, "dependencies"))
                .addAllInternalImports(Jdbc.strings(rs, "internal_imports")).addAllLabels(Jdbc.strings(rs, "labels"))
                .setReusabilityScore(rs.getDouble("reusability_score")).putAllSignals(signals(rs.getString("signals")))
                .setIsPure(rs.getBoolean("is_pure")).setComplexityScore(rs.getDouble("complexity_score"))
                .setReuseCount(rs.getInt("reuse_count")).setAdaptationCount(rs.getInt("adaptation_count"))
                .setConfidence(rs.getDouble("confidence")).setCreatedAt(Protos.timestamp(rs, "created_at"))
                .setUpdatedAt(Protos.timestamp(rs, "updated_at"));
        if (rs.getTimestamp("last_used_at") != null) {
            m.setLastUsedAt(Protos.timestamp(rs, "last_used_at"));
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
                .setUsageType(usageType(rs.getString("usage_type"))).setSolutionId(rs.getLong("solution_id"))
                .setOutcome(outcome(rs.getString("outcome"))).setSessionKey(Protos.text(rs, "session_key"))
                .setUsedAt(Protos.timestamp(rs, "used_at"));
        try {
            JSON.readTree(rs.getString("adaptations")).forEach(a -> u.addAdaptations(a.asText()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return u.build();
    }

    /** A stored similarity seen from one module: the other module ({@link #COLUMNS}), kind, score, detected_at. */
    public static ModuleSimilarity similarity(ResultSet rs) throws SQLException {
        return ModuleSimilarity.newBuilder().setModule(module(rs, false)).setKind(kind(rs.getString("kind")))
                .setScore(rs.getDouble("score")).setDetectedAt(Protos.timestamp(rs, "detected_at")).build();
    }

    public static Map<String, Double> signals(String json) {
        Map<String, Double> signals = new LinkedHashMap<>();
        try {
            Iterator<Map.Entry<String, JsonNode>> fields = JSON.readTree(json).fields();
            fields.forEachRemaining(f -> signals.put(f.getKey(), f.getValue().asDouble()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return signals;
    }

    public static String signalsJson(Map<String, Double> signals) {
        var node = JSON.createObjectNode();
        signals.forEach(node::put);
        return node.toString();
    }

    public static String adaptationsJson(Iterable<String> adaptations) {
        var array = JSON.createArrayNode();
        adaptations.forEach(array::add);
        return array.toString();
    }

    public static ModuleType moduleType(String column) {
        return WireNames.valueOf(ModuleType.class, column);
    }

    public static ModuleType moduleType(Granularity granularity) {
        return moduleType(granularity.sqlName());
    }

    /** The forced granularity of a request; null for UNSPECIFIED (decide). */
    public static Granularity granularity(ModuleType type) {
        return switch (type) {
            case MODULE_TYPE_FILE -> Granularity.FILE;
            case MODULE_TYPE_CLASS -> Granularity.CLASS;
            case MODULE_TYPE_FUNCTION -> Granularity.FUNCTION;
            case MODULE_TYPE_PATTERN -> Granularity.PATTERN;
            default -> null;
        };
    }

    public static ModuleUsageType usageType(String column) {
        return WireNames.valueOf(ModuleUsageType.class, column);
    }

    /** The column value of a usage type; null for UNSPECIFIED (the caller must name one). */
    public static String column(ModuleUsageType type) {
        return type == ModuleUsageType.MODULE_USAGE_TYPE_UNSPECIFIED || type == ModuleUsageType.UNRECOGNIZED ? null
                : WireNames.of(type);
    }

    public static ModuleUsageOutcome outcome(String column) {
        return WireNames.valueOf(ModuleUsageOutcome.class, column);
    }

    /** The column value of an outcome; UNSPECIFIED is {@code unknown}. */
    public static String column(ModuleUsageOutcome outcome) {
        return outcome == ModuleUsageOutcome.MODULE_USAGE_OUTCOME_UNSPECIFIED
                || outcome == ModuleUsageOutcome.UNRECOGNIZED ? "unknown"
                        : WireNames.of(outcome);
    }

    public static SimilarityKind kind(String column) {
        return WireNames.valueOf(SimilarityKind.class, column);
    }

    public static String column(SimilarityKind kind) {
        return WireNames.of(kind);
    }
}
