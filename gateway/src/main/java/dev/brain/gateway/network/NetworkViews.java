package dev.brain.gateway.network;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the network tools return as structured content (gateway.md, tool table). */
public final class NetworkViews {

    private NetworkViews() {
    }

    /**
     * One traversed hop, {@code from} → {@code to} as walked ({@code type:id}); {@code forward} is false when
     * the synapse itself points the other way (to {@code synapse_type} from).
     */
    @RegisterForReflection
    public record Hop(String from, String to, String synapse_type, double weight, boolean forward) {
    }

    @RegisterForReflection
    public record Node(String type, long id, String label, double activation, int depth, List<Hop> path) {
    }

    @RegisterForReflection
    public record Exploration(String start, int max_depth, List<Node> nodes, String searched) {
    }

    @RegisterForReflection
    /** {@code partial}: the strongest chain memory-service saw within its search limit, not proven the strongest. */
    public record Connection(String from, String to, boolean found, double total_weight, List<Hop> hops,
            boolean partial, String searched) {
    }

    @RegisterForReflection
    public record NetworkStats(long nodes, long synapses, double avg_weight, long strong, long weak) {
    }
}
