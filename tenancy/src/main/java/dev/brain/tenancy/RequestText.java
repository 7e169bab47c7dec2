package dev.brain.tenancy;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;

/**
 * One rule for every text a service receives (common.proto, CONVENTIONS): NUL characters are removed (PostgreSQL
 * cannot store them), and a text made only of invisible characters — whitespace, control and format characters such
 * as U+200B ZERO WIDTH SPACE or U+202E RIGHT-TO-LEFT OVERRIDE, fillers that render as nothing — counts as blank and
 * arrives as {@code ""}, so each service's own "required" check refuses it naming the field, and an optional field
 * takes its default.
 * <p>
 * {@link #clean(Message)} walks every string of a request, nested messages, lists, maps and
 * {@code google.protobuf.Struct} values included; a message type without any string field (transitively) is skipped
 * at the cost of one map lookup, and a message without anything to change is returned as it is. It uses protobuf's
 * descriptor API, whose field accessors call the generated getters reflectively; quarkus-grpc registers the
 * generated message classes for reflection in a native image.
 */
public final class RequestText {

    private static final Map<Descriptor, Boolean> HOLDS_TEXT = new ConcurrentHashMap<>();

    private RequestText() {
    }

    /**
     * {@code text} without NUL characters, or {@code ""} when it is blank (only invisible characters); never null for a
     * non-null text.
     */
    public static String clean(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String stripped = text.indexOf('\0') >= 0 ? text.replace("\0", "") : text;
        return blank(stripped) ? "" : stripped;
    }

    /** Whether {@code text} is empty or made only of invisible characters. */
    public static boolean blank(String text) {
        for (int i = 0; i < text.length();) {
            int c = text.codePointAt(i);
            if (!invisible(c)) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    static boolean invisible(int c) {
        if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
            return true;
        }
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT
                || c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0 || c == 0x2800 // Hangul fillers, braille blank
                || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF); // variation selectors
    }

    /** {@code message} with every string {@link #clean(String) cleaned}; the same instance when nothing changed. */
    @SuppressWarnings("unchecked")
    public static <M extends Message> M clean(M message) {
        if (!holdsText(message.getDescriptorForType())) {
            return message;
        }
        Message.Builder changed = null;
        for (Map.Entry<FieldDescriptor, Object> entry : message.getAllFields().entrySet()) {
            FieldDescriptor field = entry.getKey();
            if (field.getJavaType() != FieldDescriptor.JavaType.STRING
                    && field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
                continue;
            }
            if (field.isRepeated()) {
                List<?> values = (List<?>) entry.getValue();
                for (int i = 0; i < values.size(); i++) {
                    Object value = values.get(i);
                    Object clean = cleanValue(value);
                    if (clean != value) {
                        changed = changed == null ? message.toBuilder() : changed;
                        changed.setRepeatedField(field, i, clean);
                    }
                }
            } else {
                Object value = entry.getValue();
                Object clean = cleanValue(value);
                if (clean != value) {
                    changed = changed == null ? message.toBuilder() : changed;
                    changed.setField(field, clean);
                }
            }
        }
        return changed == null ? message : (M) changed.build();
    }

    private static Object cleanValue(Object value) {
        if (value instanceof String s) {
            String clean = clean(s);
            return clean.equals(s) ? s : clean;
        }
        if (value instanceof Message m) {
            return clean(m);
        }
        return value;
    }

    /** Whether a message type has a string field, itself or in a message it holds. */
    static boolean holdsText(Descriptor type) {
        Boolean known = HOLDS_TEXT.get(type);
        if (known != null) {
            return known;
        }
        boolean holds = holdsText(type, new HashSet<>());
        HOLDS_TEXT.put(type, holds);
        return holds;
    }

    private static boolean holdsText(Descriptor type, Set<Descriptor> seen) {
        if (!seen.add(type)) {
            return false; // a recursive type (Struct ↔ Value): answered where the walk entered it
        }
        for (FieldDescriptor field : type.getFields()) {
            if (field.getJavaType() == FieldDescriptor.JavaType.STRING
                    || (field.getJavaType() == FieldDescriptor.JavaType.MESSAGE && holdsText(field.getMessageType(), seen))) {
                return true;
            }
        }
        return false;
    }
}
