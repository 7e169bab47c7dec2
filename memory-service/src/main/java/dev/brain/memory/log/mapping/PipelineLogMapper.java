package dev.brain.memory.log.mapping;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ListValue;
import com.google.protobuf.NullValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.LogArt;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PipelineLogEntry;
import dev.brain.memory.log.LogLine;
import dev.brain.wire.ProtoTime;
import dev.brain.wire.WireNames;

/** Pipeline-log rows ↔ proto (memory.md §10): art names, JSON content ↔ {@code google.protobuf.Value}, times. */
public final class PipelineLogMapper {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PipelineLogMapper() {
    }

    /** {@code LOG_ART_TURN_RAW} → {@code turn_raw}; null for UNSPECIFIED / unknown values. */
    public static String art(LogArt art) {
        if (art == LogArt.LOG_ART_UNSPECIFIED || art == LogArt.UNRECOGNIZED) {
            return null;
        }
        return WireNames.of(art);
    }

    public static LogArt art(String art) {
        LogArt parsed = WireNames.parse(LogArt.class, art);
        return parsed == null ? LogArt.LOG_ART_UNSPECIFIED : parsed;
    }

    /**
     * JSON text of a value, NUL characters removed from every string and key (jsonb rejects them).
     *
     * @throws IllegalArgumentException for a number that is not finite (JSON has no NaN or infinity)
     */
    public static String json(Value content) {
        try {
            return JSON.writeValueAsString(node(content));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    static JsonNode node(Value v) {
        return switch (v.getKindCase()) {
            case NULL_VALUE, KIND_NOT_SET -> NODES.nullNode();
            case NUMBER_VALUE -> {
                if (!Double.isFinite(v.getNumberValue())) {
                    throw new IllegalArgumentException("a number is not finite");
                }
                yield NODES.numberNode(v.getNumberValue());
            }
            case BOOL_VALUE -> NODES.booleanNode(v.getBoolValue());
            case STRING_VALUE -> NODES.textNode(v.getStringValue().replace("\u0000", ""));
            case STRUCT_VALUE -> {
                ObjectNode o = NODES.objectNode();
                v.getStructValue().getFieldsMap().forEach((k, x) -> o.set(k.replace("\u0000", ""), node(x)));
                yield o;
            }
            case LIST_VALUE -> {
                ArrayNode a = NODES.arrayNode();
                v.getListValue().getValuesList().forEach(x -> a.add(node(x)));
                yield a;
            }
        };
    }

    /** Stored JSON text as a Value (null for null). */
    public static Value value(String json) {
        if (json == null) {
            return null;
        }
        try {
            return value(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored pipeline-log content is not JSON: " + e.getMessage(), e);
        }
    }

    static Value value(JsonNode n) {
        Value.Builder v = Value.newBuilder();
        if (n.isObject()) {
            Struct.Builder s = Struct.newBuilder();
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                s.putFields(e.getKey(), value(e.getValue()));
            }
            return v.setStructValue(s).build();
        }
        if (n.isArray()) {
            ListValue.Builder l = ListValue.newBuilder();
            n.forEach(x -> l.addValues(value(x)));
            return v.setListValue(l).build();
        }
        if (n.isTextual()) {
            return v.setStringValue(n.textValue()).build();
        }
        if (n.isNumber()) {
            return v.setNumberValue(n.doubleValue()).build();
        }
        if (n.isBoolean()) {
            return v.setBoolValue(n.booleanValue()).build();
        }
        return v.setNullValue(NullValue.NULL_VALUE).build();
    }

    public static OffsetDateTime time(Timestamp t) {
        return ProtoTime.instant(t).atOffset(ZoneOffset.UTC);
    }

    /** A stored row as returned by Query; absent fields stay proto defaults. */
    public static PipelineLogEntry entry(LogLine.Stored row) {
        LogLine l = row.line();
        PipelineLogEntry.Builder b = PipelineLogEntry.newBuilder().setId(row.id())
                .setCreatedAt(ProtoTime.timestamp(l.createdAt())).setTurnId(l.turnId()).setArt(art(l.art()));
        if (l.spanId() != null) {
            b.setSpanId(l.spanId().toString());
        }
        if (l.source() != null) {
            b.setSource(l.source());
        }
        if (l.node() != null) {
            b.setNode(l.node());
        }
        if (l.content() != null) {
            b.setContent(value(l.content()));
        }
        if (l.userId() != null) {
            b.setPair(Pair.newBuilder().setUserId(l.userId()).setAgentId(l.agentId()));
        }
        return b.build();
    }
}
