package dev.brain.gateway.network;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.brain.gateway.network.NetworkViews.Connection;
import dev.brain.gateway.network.NetworkViews.Exploration;
import dev.brain.gateway.network.NetworkViews.Hop;
import dev.brain.gateway.network.NetworkViews.NetworkStats;
import dev.brain.gateway.network.NetworkViews.Node;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.wire.WireNames;

/** The network answers as a model reads them: every hop named with its synapse type and its strength in words. */
public final class NetworkRenderer {

    private NetworkRenderer() {
    }

    public static String explore(Exploration exploration) {
        String start = exploration.start().replace(':', ' ');
        if (exploration.nodes().isEmpty()) {
            return "Nothing is linked to " + start + " yet: " + exploration.searched() + ".";
        }
        StringBuilder text = new StringBuilder();
        text.append(exploration.nodes().size()).append(" node(s) linked to ").append(start).append(" (within ")
                .append(exploration.max_depth()).append(" hops, strongest first):\n");
        int rank = 1;
        for (Node node : exploration.nodes()) {
            text.append(rank++).append(". ").append(node.type()).append(' ').append(node.id());
            if (node.label() != null && !node.label().isBlank()) {
                text.append(" \"").append(node.label()).append('"');
            }
            text.append(String.format(Locale.ROOT, " — activation %.2f, %d hop%s: ", node.activation(), node.depth(),
                    node.depth() == 1 ? "" : "s")).append(path(node.path())).append('\n');
        }
        return text.toString();
    }

    public static String connection(Connection connection) {
        String from = connection.from().replace(':', ' ');
        String to = connection.to().replace(':', ' ');
        if (!connection.found()) {
            return "No connection: " + connection.searched() + ".";
        }
        return String.format(Locale.ROOT, "%s and %s are connected in %d hop%s (strength %.2f, the product of the"
                + " weights): %s", from, to, connection.hops().size(), connection.hops().size() == 1 ? "" : "s",
                connection.total_weight(), path(connection.hops()))
                + (connection.partial() ? " (the strongest found before the search's time limit; a stronger one may exist)"
                        : "");
    }

    public static String stats(NetworkStats stats) {
        return String.format(Locale.ROOT, "%d synapses between %d nodes (average weight %.2f; %d strong, %d weak)",
                stats.synapses(), stats.nodes(), stats.avg_weight(), stats.strong(), stats.weak());
    }

    static String path(List<Hop> hops) {
        return hops.stream().map(NetworkRenderer::hop).collect(Collectors.joining(", then "));
    }

    /** "error 1 —causes (strong 0.90)→ error 2", or with the arrow reversed when walked against the synapse. */
    static String hop(Hop h) {
        String link = h.synapse_type() + " (" + strength(h.weight()) + String.format(Locale.ROOT, " %.2f", h.weight()) + ")";
        return h.from().replace(':', ' ') + (h.forward() ? " —" + link + "→ " : " ←" + link + "— ") + h.to().replace(':', ' ');
    }

    /** Weight in words: strong ≥ 0.7, moderate ≥ 0.4, weak ≥ 0.2, faint below. */
    static String strength(double weight) {
        return weight >= 0.7 ? "strong" : weight >= 0.4 ? "moderate" : weight >= 0.2 ? "weak" : "faint";
    }

    public static String synapseType(SynapseType type) {
        return WireNames.of(type);
    }
}
