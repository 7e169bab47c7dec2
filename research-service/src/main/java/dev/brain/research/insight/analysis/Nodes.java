package dev.brain.research.insight.analysis;

import java.util.Collection;
import java.util.List;

import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;

/** Node references of insight evidence. */
final class Nodes {

    private Nodes() {
    }

    static NodeRef node(NodeType type, long id) {
        return NodeRef.newBuilder().setType(type).setId(id).build();
    }

    static List<NodeRef> nodes(NodeType type, Collection<Long> ids) {
        return ids.stream().filter(id -> id > 0).distinct().map(id -> node(type, id)).toList();
    }
}
