package dev.brain.memory.synapse.grpc;

import static dev.brain.tenancy.BadInput.invalid;

import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.mapping.SynapseMapper;
import io.grpc.Status;

/** Validation of synapse requests (memory.md §14): a violation is INVALID_ARGUMENT naming the field. */
final class SynapseRequests {

    private SynapseRequests() {
    }

    static NodeKey node(NodeRef ref, String field) {
        if (ref.getType() == NodeType.NODE_TYPE_UNSPECIFIED || ref.getType() == NodeType.UNRECOGNIZED) {
            throw invalid(field + ".type: a node type is required");
        }
        if (ref.getId() <= 0) {
            throw invalid(field + ".id: must be > 0");
        }
        return SynapseMapper.key(ref);
    }

    static String synapseType(SynapseType type, String field) {
        if (type == SynapseType.SYNAPSE_TYPE_UNSPECIFIED || type == SynapseType.UNRECOGNIZED) {
            throw invalid(field + ": a synapse type is required");
        }
        return SynapseMapper.synapseType(type);
    }

    static void distinct(NodeKey source, NodeKey target) {
        if (source.equals(target)) {
            throw invalid("target: must differ from source");
        }
    }

    static int range(int value, int defaultValue, int min, int max, String field) {
        int v = value == 0 ? defaultValue : value;
        if (v < min || v > max) {
            throw invalid(field + ": " + value + " is outside " + min + ".." + max);
        }
        return v;
    }

    /** (0,1]; 0 means the default. */
    static double minWeight(double value, double defaultValue) {
        double v = value == 0 ? defaultValue : value;
        if (!(v > 0 && v <= 1)) {
            throw invalid("min_weight: " + value + " is outside (0,1]");
        }
        return v;
    }

    /** (0,1); 0 means the default. */
    static double factor(double value, double defaultValue) {
        double v = value == 0 ? defaultValue : value;
        if (!(v > 0 && v < 1)) {
            throw invalid("factor: " + value + " is outside (0,1)");
        }
        return v;
    }

    static RuntimeException notFound(String description) {
        return Status.NOT_FOUND.withDescription(description).asRuntimeException();
    }
}
