package dev.brain.error.code.mapping;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.error.code.analysis.Granularity;
import dev.brain.grpc.v1.ModuleType;
import dev.brain.grpc.v1.ModuleUsageOutcome;
import dev.brain.grpc.v1.ModuleUsageType;
import dev.brain.grpc.v1.SimilarityKind;
import dev.brain.wire.WireNames;

/**
 * The column values of the enums of {@code code_module}, {@code module_similarity} and {@code module_usage}
 * (lower-case names in SQL, {@code MODULE_TYPE_*} etc. in proto) and their JSON columns; the rows themselves become
 * proto messages in {@link dev.brain.error.code.repository.ModuleRows}.
 */
public final class ModuleMapper {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ModuleMapper() {
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
