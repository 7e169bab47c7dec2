package dev.brain.gateway.network;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.client.ServiceCallException;
import dev.brain.gateway.network.NetworkViews.Connection;
import dev.brain.gateway.network.NetworkViews.Exploration;
import dev.brain.gateway.network.NetworkViews.Hop;
import dev.brain.gateway.network.NetworkViews.NetworkStats;
import dev.brain.gateway.network.NetworkViews.Node;
import dev.brain.grpc.v1.ActivatedNode;
import dev.brain.grpc.v1.GetSynapseStatsResponse;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.SynapseStep;
import io.smallrye.mutiny.Uni;

/** Brain's synapse network for a caller: what a node brings to mind, and how two nodes are connected. */
@ApplicationScoped
public class NetworkService {

    static final int MAX_DEPTH = 5;

    private final MemoryServiceClient memory;

    public NetworkService(MemoryServiceClient memory) {
        this.memory = memory;
    }

    public Uni<Exploration> explore(String tenant, NodeRef start, int maxDepth) {
        if (maxDepth < 1 || maxDepth > MAX_DEPTH) {
            throw new IllegalArgumentException("max_depth: " + maxDepth + " is outside 1.." + MAX_DEPTH);
        }
        return memory.activate(tenant, start, maxDepth).flatMap(response -> {
            List<Node> nodes = response.getNodesList().stream().map(NetworkService::node).toList();
            if (!nodes.isEmpty()) {
                return Uni.createFrom().item(new Exploration(key(start), maxDepth, nodes, null));
            }
            String none = "none reaches activation ≥ 0.20 from " + NodeTypes.text(start) + " within " + maxDepth + " hops";
            // the counts only describe the search: past memory's statistics budget (a large network, a busy
            // machine) the answer goes without them rather than failing
            return memory.networkStats(tenant)
                    .map(stats -> new Exploration(key(start), maxDepth, nodes, "searched " + stats.getTotalSynapses()
                            + " synapses between " + stats.getTotalNodes() + " nodes of your tenant; " + none))
                    .onFailure(ServiceCallException.class)
                    .recoverWithItem(new Exploration(key(start), maxDepth, nodes, "searched your tenant's network; " + none));
        });
    }

    public Uni<Connection> connections(String tenant, NodeRef from, NodeRef to) {
        if (from.equals(to)) {
            throw new IllegalArgumentException("to_id: the two nodes must differ");
        }
        return memory.findPath(tenant, from, to).map(path -> new Connection(key(from), key(to), path.getFound(),
                path.getTotalWeight(), path.getStepsList().stream().map(NetworkService::hop).toList(), path.getPartial(),
                path.getFound() ? null
                        : "no chain of up to 5 synapses links " + NodeTypes.text(from) + " and "
                                + NodeTypes.text(to)));
    }

    public Uni<NetworkStats> stats(String tenant) {
        return memory.networkStats(tenant).map(NetworkService::stats);
    }

    static NetworkStats stats(GetSynapseStatsResponse s) {
        return new NetworkStats(s.getTotalNodes(), s.getTotalSynapses(), s.getAvgWeight(), s.getStrong(), s.getWeak());
    }

    private static Node node(ActivatedNode n) {
        return new Node(NodeTypes.name(n.getNode().getType()), n.getNode().getId(), n.getLabel(), n.getActivation(),
                n.getDepth(), n.getPathList().stream().map(NetworkService::hop).toList());
    }

    private static Hop hop(SynapseStep step) {
        var s = step.getSynapse();
        NodeRef from = step.getForward() ? s.getSource() : s.getTarget();
        NodeRef to = step.getForward() ? s.getTarget() : s.getSource();
        return new Hop(key(from), key(to), NetworkRenderer.synapseType(s.getType()), s.getWeight(), step.getForward());
    }

    static String key(NodeRef ref) {
        return NodeTypes.name(ref.getType()) + ":" + ref.getId();
    }
}
