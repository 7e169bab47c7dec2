package dev.brain.wire;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.ProtocolMessageEnum;

/**
 * The one mapping between a proto enum value and the name Brain stores and shows for it. The contracts follow the
 * protobuf style guide: every value of enum {@code SynapseType} starts with {@code SYNAPSE_TYPE_}, and the rest is
 * the value's meaning ({@code SYNAPSE_TYPE_CO_OCCURS} is {@code co_occurs} in the database, in JSON and in MCP
 * answers). The prefix is derived from the enum's descriptor, so no caller spells it; a value that does not carry
 * its enum's prefix is a contract error and fails loudly here instead of being cut at the wrong place.
 */
public final class WireNames {

    private static final Map<EnumDescriptor, String> PREFIXES = new ConcurrentHashMap<>();
    private static final Map<Class<?>, Map<String, Object>> BY_NAME = new ConcurrentHashMap<>();

    private WireNames() {
    }

    /** The value's name as stored and shown: lower snake case without the enum's prefix ({@code co_occurs}). */
    public static String of(ProtocolMessageEnum value) {
        return constant(value).toLowerCase(Locale.ROOT);
    }

    /** The value's name without the enum's prefix, as the constant is spelled ({@code CO_OCCURS}). */
    public static String constant(ProtocolMessageEnum value) {
        EnumDescriptor type = value.getDescriptorForType();
        String prefix = prefixOf(type);
        String name = value.getValueDescriptor().getName();
        if (!name.startsWith(prefix)) {
            throw new IllegalStateException(type.getFullName() + "." + name + " does not start with " + prefix);
        }
        return name.substring(prefix.length());
    }

    /**
     * The value of {@code type} whose {@link #of name} is {@code name} (any case, surrounding blanks ignored), or
     * {@code null} when there is none (for names a caller sent).
     */
    public static <E extends Enum<E> & ProtocolMessageEnum> E parse(Class<E> type, String name) {
        if (name == null) {
            return null;
        }
        return type.cast(BY_NAME.computeIfAbsent(type, WireNames::byName).get(name.strip().toLowerCase(Locale.ROOT)));
    }

    /** As {@link #parse}, but a name the enum lacks is an {@link IllegalArgumentException} (for names Brain stored). */
    public static <E extends Enum<E> & ProtocolMessageEnum> E valueOf(Class<E> type, String name) {
        E value = parse(type, name);
        if (value == null) {
            throw new IllegalArgumentException(type.getSimpleName() + " has no value named " + name);
        }
        return value;
    }

    private static Map<String, Object> byName(Class<?> type) {
        Map<String, Object> names = new HashMap<>();
        for (Object value : type.getEnumConstants()) {
            if (!"UNRECOGNIZED".equals(((Enum<?>) value).name())) {
                names.put(of((ProtocolMessageEnum) value), value);
            }
        }
        return Map.copyOf(names);
    }

    /** {@code SynapseType} → {@code SYNAPSE_TYPE_}. */
    static String prefixOf(EnumDescriptor type) {
        return PREFIXES.computeIfAbsent(type, t -> t.getName().replaceAll("([a-z0-9])([A-Z])", "$1_$2")
                .toUpperCase(Locale.ROOT) + "_");
    }
}
