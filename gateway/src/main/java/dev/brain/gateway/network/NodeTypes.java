package dev.brain.gateway.network;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;

/** Node types as callers write them ({@code error}, {@code code_module}, …) ↔ the proto enum. */
public final class NodeTypes {

    private static final String PREFIX = "NODE_TYPE_";

    /** The accepted names, for error messages and tool descriptions. */
    public static final String NAMES = Arrays.stream(NodeType.values())
            .filter(t -> t != NodeType.NODE_TYPE_UNSPECIFIED && t != NodeType.UNRECOGNIZED)
            .map(NodeTypes::name).collect(Collectors.joining(", "));

    private NodeTypes() {
    }

    public static String name(NodeType type) {
        return type.name().substring(PREFIX.length()).toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the field when the type or id is not valid */
    public static NodeRef ref(String field, String type, long id) {
        NodeType parsed;
        try {
            parsed = NodeType.valueOf(PREFIX + (type == null ? "" : type.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            parsed = NodeType.UNRECOGNIZED;
        }
        if (parsed == NodeType.UNRECOGNIZED || parsed == NodeType.NODE_TYPE_UNSPECIFIED) {
            throw new IllegalArgumentException(field + "_type: '" + type + "' is not one of " + NAMES);
        }
        if (id <= 0) {
            throw new IllegalArgumentException(field + "_id: must be a positive id, was " + id);
        }
        return NodeRef.newBuilder().setType(parsed).setId(id).build();
    }

    /** A node written as {@code type:id} ({@code error:42}), the form keys and the web view use. */
    public static NodeRef parse(String field, String key) {
        int colon = key == null ? -1 : key.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException(field + ": '" + key + "' is not a node written as type:id (error:42)");
        }
        long id;
        try {
            id = Long.parseLong(key.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + ": '" + key + "' is not a node written as type:id (error:42)");
        }
        return ref(field, key.substring(0, colon), id);
    }

    public static String text(NodeRef ref) {
        return name(ref.getType()) + " " + ref.getId();
    }
}
