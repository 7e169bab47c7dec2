package dev.brain.memory.synapse.mapping;

import static dev.brain.wire.ProtoTime.timestamp;

import java.util.List;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

import dev.brain.grpc.v1.ActivatedNode;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Synapse;
import dev.brain.grpc.v1.SynapseStep;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.memory.synapse.Direction;
import dev.brain.memory.synapse.Hop;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.Reached;
import dev.brain.memory.synapse.SynapseRow;
import dev.brain.wire.WireNames;

/** Proto ↔ synapse domain: enum names ↔ the stored lower-case text ({@code NODE_TYPE_CODE_MODULE} ↔ "code_module"). */
public final class SynapseMapper {

    private SynapseMapper() {
    }

    public static String nodeType(NodeType type) {
        return WireNames.of(type);
    }

    public static NodeType nodeType(String stored) {
        return WireNames.valueOf(NodeType.class, stored);
    }

    public static String synapseType(SynapseType type) {
        return WireNames.of(type);
    }

    public static SynapseType synapseType(String stored) {
        return WireNames.valueOf(SynapseType.class, stored);
    }

    public static NodeKey key(NodeRef ref) {
        return new NodeKey(nodeType(ref.getType()), ref.getId());
    }

    public static NodeRef ref(NodeKey key) {
        return NodeRef.newBuilder().setType(nodeType(key.type())).setId(key.id()).build();
    }

    public static Direction direction(TraversalDirection direction) {
        return switch (direction) {
            case TRAVERSAL_DIRECTION_OUT -> Direction.OUT;
            case TRAVERSAL_DIRECTION_IN -> Direction.IN;
            default -> Direction.BOTH;
        };
    }

    public static List<String> synapseTypes(List<SynapseType> types) {
        return types.stream().map(SynapseMapper::synapseType).toList();
    }

    public static Synapse toProto(SynapseRow row) {
        Synapse.Builder synapse = Synapse.newBuilder()
                .setId(row.id())
                .setTenant(row.tenant())
                .setSource(ref(row.source()))
                .setTarget(ref(row.target()))
                .setType(synapseType(row.type()))
                .setWeight(row.weight())
                .setBaseWeight(row.baseWeight())
                .setActivationCount(row.activationCount())
                .setLastActivatedAt(timestamp(row.lastActivatedAt()))
                .setCreatedAt(timestamp(row.createdAt()))
                .setSourceLabel(nullToEmpty(row.sourceLabel()))
                .setTargetLabel(nullToEmpty(row.targetLabel()));
        if (row.contextJson() != null) {
            synapse.setContext(struct(row.contextJson()));
        }
        return synapse.build();
    }

    public static SynapseStep toProto(Hop hop) {
        return SynapseStep.newBuilder().setSynapse(toProto(hop.synapse())).setForward(hop.forward()).build();
    }

    public static ActivatedNode toProto(Reached reached) {
        ActivatedNode.Builder node = ActivatedNode.newBuilder()
                .setNode(ref(reached.node()))
                .setLabel(nullToEmpty(reached.label()))
                .setActivation(reached.activation())
                .setDepth(reached.depth());
        reached.path().forEach(hop -> node.addPath(toProto(hop)));
        return node.build();
    }

    /** A context object as JSON text for the {@code jsonb} column; null when absent or empty. */
    public static String json(Struct context) {
        if (context.getFieldsCount() == 0) {
            return null;
        }
        try {
            return JsonFormat.printer().omittingInsignificantWhitespace().print(context);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalArgumentException("context: not a JSON object", e);
        }
    }

    static Struct struct(String json) {
        Struct.Builder struct = Struct.newBuilder();
        try {
            JsonFormat.parser().merge(json, struct);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored synapse context is not a JSON object: " + json, e);
        }
        return struct.build();
    }

    /** "" means "not given" for labels. Labels are display text, cut to 120 characters. */
    public static String label(String label) {
        if (label == null || label.isBlank()) {
            return null;
        }
        return label.codePointCount(0, label.length()) <= 120 ? label
                : label.substring(0, label.offsetByCodePoints(0, 120));
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
