package dev.brain.gateway.research;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.ListValue;
import com.google.protobuf.ProtocolMessageEnum;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;

import dev.brain.wire.WireNames;

/** Proto → view helpers of the research package: enum names, timestamps and {@code Struct}s as JSON-like maps. */
final class ResearchProtos {

    private ResearchProtos() {
    }

    /** {@code INSIGHT_TYPE_TEMPLATE_CANDIDATE} → {@code template_candidate}; UNSPECIFIED/UNRECOGNIZED → {@code unknown}. */
    static <E extends Enum<E> & ProtocolMessageEnum> String name(E value) {
        String n = value.name();
        if (n.equals("UNRECOGNIZED") || n.endsWith("_UNSPECIFIED")) {
            return "unknown";
        }
        return WireNames.of(value);
    }

    /** ISO-8601, or null for an unset timestamp. */
    static String instant(boolean present, Timestamp t) {
        return present ? Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString() : null;
    }

    /** A {@code Struct} as a map (numbers as doubles, as JSON has them); an absent one is null. */
    static Map<String, Object> map(boolean present, Struct struct) {
        return present ? map(struct) : null;
    }

    static Map<String, Object> map(Struct struct) {
        Map<String, Object> out = new LinkedHashMap<>();
        struct.getFieldsMap().forEach((k, v) -> out.put(k, value(v)));
        return out;
    }

    private static Object value(Value v) {
        return switch (v.getKindCase()) {
            case NUMBER_VALUE -> number(v.getNumberValue());
            case STRING_VALUE -> v.getStringValue();
            case BOOL_VALUE -> v.getBoolValue();
            case STRUCT_VALUE -> map(v.getStructValue());
            case LIST_VALUE -> list(v.getListValue());
            case NULL_VALUE, KIND_NOT_SET -> null;
        };
    }

    /** Whole numbers (ids, counts) stay whole. */
    private static Object number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15 ? (Object) (long) d : (Object) d;
    }

    private static List<Object> list(ListValue list) {
        List<Object> out = new ArrayList<>();
        for (Value v : list.getValuesList()) {
            out.add(value(v));
        }
        return out;
    }
}
