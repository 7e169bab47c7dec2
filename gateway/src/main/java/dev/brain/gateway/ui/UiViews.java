package dev.brain.gateway.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.brain.gateway.errors.ErrorViews.ListedError;
import dev.brain.gateway.errors.ErrorViews.QueryResult;
import dev.brain.gateway.network.NetworkRenderer;
import dev.brain.gateway.network.NodeTypes;
import dev.brain.grpc.v1.ListSynapsesResponse;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.Synapse;
import io.quarkus.qute.TemplateData;
import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the web view's pages show, shaped for the templates. */
public final class UiViews {

    private UiViews() {
    }

    /** The frame of every page: the active tab, whose data it is, and whether corrections are offered. */
    @TemplateData
    public record Page(String active, String tenant, boolean canWrite) {
    }

    /** One line of the errors page, from a search hit or a list entry. */
    @TemplateData
    public record ErrorRow(long id, String type, String message, String project, int occurrences, boolean resolved,
            String lastSeen, Double score, String bestSolution) {

        static ErrorRow of(QueryResult r) {
            return new ErrorRow(r.error_id(), r.error_type(), r.message(), r.project(), r.occurrences(), r.resolved(),
                    null, r.score(), r.solutions() == null || r.solutions().isEmpty() ? null : r.solutions().get(0).title());
        }

        static ErrorRow of(ListedError e) {
            return new ErrorRow(e.error_id(), e.error_type(), e.message(), e.project(), e.occurrences(), e.resolved(),
                    e.last_seen(), null, e.best_solution() == null ? null : e.best_solution().title());
        }
    }

    /** Occurrences of one error on one day (UTC): a bar at {@code x}, {@code height} in percent of the peak. */
    @TemplateData
    public record Bucket(String day, long occurrences, int x, int y, int height) {
    }

    /** The chart of an error page: one bucket per day from the first occurrence in the window to today. */
    @TemplateData
    public record Timeline(java.util.List<Bucket> days, int window, int width, long peak, String from, String to) {
    }

    @RegisterForReflection
    public record GraphNode(String id, String type, String label) {
    }

    @RegisterForReflection
    public record GraphEdge(String id, String source, String target, String type, double weight) {
    }

    /**
     * A node's neighbourhood as the graph page draws it: the node, the synapses touching it (strongest first, one
     * page) and their other ends; {@code next_page_token} pages on to the weaker ones (empty at the end).
     */
    @RegisterForReflection
    public record Graph(String start, List<GraphNode> nodes, List<GraphEdge> edges, String next_page_token) {

        static Graph of(NodeRef start, ListSynapsesResponse page) {
            String startKey = key(start);
            Map<String, GraphNode> nodes = new LinkedHashMap<>();
            nodes.put(startKey, new GraphNode(startKey, NodeTypes.name(start.getType()), startKey));
            List<GraphEdge> edges = new ArrayList<>();
            for (Synapse s : page.getSynapsesList()) {
                String source = key(s.getSource());
                String target = key(s.getTarget());
                label(nodes, s.getSource(), s.getSourceLabel());
                label(nodes, s.getTarget(), s.getTargetLabel());
                String type = NetworkRenderer.synapseType(s.getType());
                edges.add(new GraphEdge(source + ">" + target + ":" + type, source, target, type, s.getWeight()));
            }
            return new Graph(startKey, new ArrayList<>(nodes.values()), edges, page.getNextPageToken());
        }

        /** Adds the node, or gives the start its label; a node without a label shows its key. */
        private static void label(Map<String, GraphNode> nodes, NodeRef ref, String label) {
            String key = key(ref);
            String shown = label == null || label.isBlank() ? key : label;
            GraphNode known = nodes.get(key);
            if (known == null || known.label().equals(key)) {
                nodes.put(key, new GraphNode(key, NodeTypes.name(ref.getType()), shown));
            }
        }

        private static String key(NodeRef ref) {
            return NodeTypes.name(ref.getType()) + ":" + ref.getId();
        }
    }
}
