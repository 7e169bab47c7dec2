package dev.brain.memory.shortterm.mapping;

import static dev.brain.wire.ProtoTime.timestamp;

import java.util.Iterator;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ListValue;
import com.google.protobuf.NullValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromotionState;
import dev.brain.grpc.v1.ShortTermEntry;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;
import dev.brain.memory.shortterm.EntryRow;
import dev.brain.wire.WireNames;

/** Proto ↔ row mapping of short-term entries: enums ↔ db names, Struct ↔ jsonb text, null ↔ absent/empty/0. */
public final class EntryMapper {

    private static final ObjectMapper JSON = new ObjectMapper();

    private EntryMapper() {
    }

    public static ShortTermEntry toProto(EntryRow row) {
        ShortTermEntry.Builder b = ShortTermEntry.newBuilder().setId(row.id())
                .setPair(Pair.newBuilder().setUserId(row.userId()).setAgentId(row.agentId()))
                .setObserver(observer(row.observer())).setEntryKey(row.entryKey()).setContent(row.content())
                .setSalience(row.salience()).addAllTopics(row.topics()).addAllEntityIds(row.entityIds())
                .setEmotion(row.emotion()).setArousal(row.arousal()).setMetadata(struct(row.metadataJson()))
                .setTurnId(row.turnId() == null ? "" : row.turnId()).setCreatedAt(timestamp(row.createdAt()))
                .setExpiresAt(timestamp(row.expiresAt())).setPromotionState(state(row.promotionState()))
                .setHitNodeId(row.hitNodeId() == null ? 0 : row.hitNodeId()).setAttempts(row.attempts())
                .setLastError(row.lastError() == null ? "" : row.lastError());
        if (row.embedding() != null) {
            FloatVector.Builder v = FloatVector.newBuilder();
            for (float f : row.embedding()) {
                v.addValues(f);
            }
            b.setEmbedding(v);
        }
        if (row.timeAt() != null || row.timelineRef() != null) {
            TimeRef.Builder t = TimeRef.newBuilder();
            if (row.timeAt() != null) {
                t.setAt(timestamp(row.timeAt())).setPrecision(precision(row.timePrecision()));
            }
            if (row.timelineRef() != null) {
                t.setTimelineRef(row.timelineRef());
            }
            b.setTimeRef(t);
        }
        return b.build();
    }

    public static Observer observer(String db) {
        return "user".equals(db) ? Observer.OBSERVER_USER : Observer.OBSERVER_ASSISTANT;
    }

    /** The db name of an observer, null for UNSPECIFIED / unknown. */
    public static String observer(Observer observer) {
        return switch (observer) {
            case OBSERVER_USER -> "user";
            case OBSERVER_ASSISTANT -> "assistant";
            default -> null;
        };
    }

    public static PromotionState state(String db) {
        return switch (db) {
            case "not_eligible" -> PromotionState.PROMOTION_STATE_NOT_ELIGIBLE;
            case "pending" -> PromotionState.PROMOTION_STATE_PENDING;
            case "duplicate" -> PromotionState.PROMOTION_STATE_DUPLICATE;
            case "reactivated" -> PromotionState.PROMOTION_STATE_REACTIVATED;
            case "failed" -> PromotionState.PROMOTION_STATE_FAILED;
            default -> throw new IllegalStateException("unknown promotion state " + db);
        };
    }

    /** The db name of a state, null for UNSPECIFIED / unknown. */
    public static String state(PromotionState state) {
        return switch (state) {
            case PROMOTION_STATE_NOT_ELIGIBLE -> "not_eligible";
            case PROMOTION_STATE_PENDING -> "pending";
            case PROMOTION_STATE_DUPLICATE -> "duplicate";
            case PROMOTION_STATE_REACTIVATED -> "reactivated";
            case PROMOTION_STATE_FAILED -> "failed";
            default -> null;
        };
    }

    public static TimePrecision precision(String db) {
        return WireNames.valueOf(TimePrecision.class, db);
    }

    /** The db name of a precision, null for UNSPECIFIED / unknown. */
    public static String precision(TimePrecision precision) {
        return switch (precision) {
            case TIME_PRECISION_UNSPECIFIED, UNRECOGNIZED -> null;
            default -> WireNames.of(precision);
        };
    }

    /** A Struct as JSON object text. */
    public static String json(Struct struct) {
        return toJson(struct).toString();
    }

    static ObjectNode toJson(Struct struct) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        struct.getFieldsMap().forEach((k, v) -> node.set(k, toJson(v)));
        return node;
    }

    static JsonNode toJson(Value v) {
        return switch (v.getKindCase()) {
            case NULL_VALUE, KIND_NOT_SET -> JsonNodeFactory.instance.nullNode();
            case NUMBER_VALUE -> JsonNodeFactory.instance.numberNode(v.getNumberValue());
            case STRING_VALUE -> JsonNodeFactory.instance.textNode(v.getStringValue());
            case BOOL_VALUE -> JsonNodeFactory.instance.booleanNode(v.getBoolValue());
            case STRUCT_VALUE -> toJson(v.getStructValue());
            case LIST_VALUE -> {
                ArrayNode array = JsonNodeFactory.instance.arrayNode();
                v.getListValue().getValuesList().forEach(e -> array.add(toJson(e)));
                yield array;
            }
        };
    }

    /** JSON object text as a Struct (empty for null). */
    public static Struct struct(String json) {
        if (json == null) {
            return Struct.getDefaultInstance();
        }
        try {
            return struct(JSON.readTree(json));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("stored metadata is not JSON", e);
        }
    }

    static Struct struct(JsonNode object) {
        Struct.Builder b = Struct.newBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            b.putFields(e.getKey(), value(e.getValue()));
        }
        return b.build();
    }

    static Value value(JsonNode n) {
        if (n.isObject()) {
            return Value.newBuilder().setStructValue(struct(n)).build();
        }
        if (n.isArray()) {
            ListValue.Builder l = ListValue.newBuilder();
            n.forEach(e -> l.addValues(value(e)));
            return Value.newBuilder().setListValue(l).build();
        }
        if (n.isNumber()) {
            return Value.newBuilder().setNumberValue(n.asDouble()).build();
        }
        if (n.isBoolean()) {
            return Value.newBuilder().setBoolValue(n.asBoolean()).build();
        }
        if (n.isTextual()) {
            return Value.newBuilder().setStringValue(n.asText()).build();
        }
        return Value.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
    }
}
