package dev.brain.gateway.network;

import java.util.Arrays;
import java.util.stream.Collectors;

import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.wire.WireNames;

/** Node types as callers write them ({@code error}, {@code code_module}, …) ↔ the proto enum ({@link WireNames}). */
public final class NodeTypes {

    /** The accepted names, for error messages and tool descriptions. */
    public static final String NAMES = Arrays.stream(NodeType.values())
            .filter(t -> t != NodeType.NODE_TYPE_UNSPECIFIED && t != NodeType.UNRECOGNIZED)
            .map(NodeTypes::name).collect(Collectors.joining(", "));

    private NodeTypes() {
    }

    /** {@code error}, {@code code_module}, …; a type newer than the gateway is {@code unknown}. */
    public static String name(NodeType type) {
        return type == NodeType.UNRECOGNIZED ? "unknown" : WireNames.of(type);
    }

    /** @throws IllegalArgumentException naming the field when the type or id is not valid */
    public static NodeRef ref(String field, String type, long id) {
        NodeType parsed = type == null ? null : WireNames.parse(NodeType.class, type.trim());
        if (parsed == null || parsed == NodeType.NODE_TYPE_UNSPECIFIED) {
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
