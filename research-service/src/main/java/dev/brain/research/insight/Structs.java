package dev.brain.research.insight;

import java.util.Collection;
import java.util.List;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.protobuf.util.JsonFormat;

/** Building evidence / suggested-action objects and their jsonb text. */
public final class Structs {

    private Structs() {
    }

    /** A builder of a JSON object. */
    public static final class Obj {
        private final Struct.Builder b = Struct.newBuilder();

        public Obj put(String key, String value) {
            b.putFields(key, Value.newBuilder().setStringValue(value).build());
            return this;
        }

        public Obj put(String key, double value) {
            b.putFields(key, Value.newBuilder().setNumberValue(value).build());
            return this;
        }

        public Obj put(String key, boolean value) {
            b.putFields(key, Value.newBuilder().setBoolValue(value).build());
            return this;
        }

        public Obj putNumbers(String key, Collection<? extends Number> values) {
            ListValue.Builder list = ListValue.newBuilder();
            values.forEach(v -> list.addValues(Value.newBuilder().setNumberValue(v.doubleValue())));
            b.putFields(key, Value.newBuilder().setListValue(list).build());
            return this;
        }

        public Obj putStrings(String key, Collection<String> values) {
            ListValue.Builder list = ListValue.newBuilder();
            values.forEach(v -> list.addValues(Value.newBuilder().setStringValue(v)));
            b.putFields(key, Value.newBuilder().setListValue(list).build());
            return this;
        }

        public Obj put(String key, Struct value) {
            b.putFields(key, Value.newBuilder().setStructValue(value).build());
            return this;
        }

        public Struct build() {
            return b.build();
        }
    }

    public static Obj obj() {
        return new Obj();
    }

    /** The strings of a list field; empty when absent. */
    public static List<String> strings(Struct struct, String key) {
        Value v = struct.getFieldsOrDefault(key, Value.getDefaultInstance());
        return v.hasListValue() ? v.getListValue().getValuesList().stream().map(Value::getStringValue).toList() : List.of();
    }

    /** A number field; {@code fallback} when absent. */
    public static double number(Struct struct, String key, double fallback) {
        Value v = struct.getFieldsOrDefault(key, null);
        return v == null || !v.hasNumberValue() ? fallback : v.getNumberValue();
    }

    /** JSON text of {@code struct}; whole numbers are written without a fraction (42, not 42.0). */
    public static String json(Struct struct) {
        if (struct == null) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        writeStruct(struct, out);
        return out.toString();
    }

    private static void writeStruct(Struct struct, StringBuilder out) {
        out.append('{');
        boolean first = true;
        for (var field : struct.getFieldsMap().entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            writeString(field.getKey(), out);
            out.append(':');
            writeValue(field.getValue(), out);
        }
        out.append('}');
    }

    private static void writeValue(Value v, StringBuilder out) {
        switch (v.getKindCase()) {
            case STRING_VALUE -> writeString(v.getStringValue(), out);
            case NUMBER_VALUE -> {
                double d = v.getNumberValue();
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    out.append("null");
                } else if (d == Math.rint(d) && Math.abs(d) < 9.007199254740992E15) {
                    out.append((long) d);
                } else {
                    out.append(d);
                }
            }
            case BOOL_VALUE -> out.append(v.getBoolValue());
            case STRUCT_VALUE -> writeStruct(v.getStructValue(), out);
            case LIST_VALUE -> {
                out.append('[');
                for (int i = 0; i < v.getListValue().getValuesCount(); i++) {
                    if (i > 0) {
                        out.append(',');
                    }
                    writeValue(v.getListValue().getValues(i), out);
                }
                out.append(']');
            }
            default -> out.append("null");
        }
    }

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c == 0) {
                        continue; // jsonb cannot hold NUL
                    }
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    public static Struct parse(String json) {
        if (json == null) {
            return null;
        }
        Struct.Builder b = Struct.newBuilder();
        try {
            JsonFormat.parser().merge(json, b);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored JSON is not an object: " + e.getMessage(), e);
        }
        return b.build();
    }
}
