package dev.brain.memory.longterm.promotion;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.longterm.edges.EdgeRows;
import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.Layers;

/**
 * Trigger 1 (memory.md §5.6, §6 steps 3 and 6) for one new node: its candidates by index (inactive included) and
 * the edge rows of every firing candidate, capped at {@code promotion.max-new-edge-pairs}. Used by promotion and by
 * the rebuild of {@code Reembed}, which bounds the candidates to the nodes older than the node (lower id).
 */
@ApplicationScoped
public class Trigger1 {

    /** The candidates per layer (ids in the order found), whether the embedding scan was exact, and all loaded. */
    public record Candidates(List<Long> byEmbedding, List<Long> byEntity, List<Long> byTopic, List<Long> byTime,
            boolean exact, List<Candidate> all) {
    }

    /** The edge rows of the firing pairs (X→Y, Y→X each) and the number of pairs dropped by the cap. */
    public record Edges(ArrayNode rows, long capped) {
    }

    private record EdgePair(Candidate candidate, Layers.Firing firing, EdgeWeights.Pair weights) {
    }

    private final NodeWriteRepository nodes;
    private final MemoryConfig config;
    private final EdgeWeights edgeWeights;
    private final Layers layers;

    public Trigger1(NodeWriteRepository nodes, MemoryConfig config, EdgeWeights edgeWeights, Layers layers) {
        this.nodes = nodes;
        this.config = config;
        this.edgeWeights = edgeWeights;
        this.layers = layers;
    }

    /**
     * §6 step 3: the union of the {@code embedding-candidate-limit} nearest nodes (exact scan up to
     * {@code vector.exact-scan-max-nodes}, else HNSW), the nodes sharing an entity or a topic, and those in the
     * time window — among the pair's nodes with an id below {@code beforeId} ({@link NodeWriteRepository#ALL}: all) —
     * each with its cosine to {@code embedding}.
     */
    public Candidates candidates(String userId, String agentId, float[] embedding, LayerData data, long beforeId) {
        boolean exact = nodes.countUpTo(userId, agentId, config.vector().exactScanMaxNodes() + 1L, beforeId) <= config.vector()
                .exactScanMaxNodes();
        return candidates(userId, agentId, embedding, data, beforeId, exact);
    }

    /** As above, with the exact-scan decision made by the caller (it knows how many nodes precede). */
    public Candidates candidates(String userId, String agentId, float[] embedding, LayerData data, long beforeId,
            boolean exact) {
        int limit = config.promotion().embeddingCandidateLimit();
        List<Long> byEmbedding = nodes.nearest(userId, agentId, embedding, limit, exact,
                config.vector().hnswEfSearch(), beforeId);
        List<Long> byEntity = nodes.sharingEntity(userId, agentId, data.entityIds(), beforeId);
        List<Long> byTopic = nodes.sharingTopic(userId, agentId, data.topicKeys(), beforeId);
        List<Long> byTime = List.of();
        if (data.time() != null) {
            Instant[] window = Promotion.window(data.time(), layers.timeline(), ZoneId.of(config.edge().timezone()));
            byTime = nodes.inTimeWindow(userId, agentId, data.time().precision(), window[0], window[1], beforeId);
        }
        Set<Long> ids = new LinkedHashSet<>();
        ids.addAll(byEmbedding);
        ids.addAll(byEntity);
        ids.addAll(byTopic);
        ids.addAll(byTime);
        List<Candidate> all = ids.isEmpty() ? List.of() : nodes.load(userId, agentId, ids, embedding);
        return new Candidates(byEmbedding, byEntity, byTopic, byTime, exact, all);
    }

    /**
     * §6 step 6: every candidate whose layers fire with the new node X ({@code nodeId}, anchor {@code absolute},
     * layer data {@code data}) gives an edge pair; above the cap the pairs with the highest raw(stronger → weaker)
     * are kept (ties: lower candidate id).
     */
    public Edges edges(long nodeId, double absolute, LayerData data, List<Candidate> candidates) {
        List<EdgePair> pairs = new ArrayList<>();
        for (Candidate candidate : candidates) {
            Layers.Firing firing = layers.evaluate(data, candidate.data(), candidate.cosine());
            if (firing.fires()) {
                pairs.add(new EdgePair(candidate, firing,
                        edgeWeights.compute(absolute, candidate.absoluteWeight(), firing.depths())));
            }
        }
        pairs.sort(Comparator.comparingDouble((EdgePair p) -> -Math.max(p.weights().rawXY(), p.weights().rawYX()))
                .thenComparingLong(p -> p.candidate().id()));
        int cap = config.promotion().maxNewEdgePairs();
        long capped = Math.max(0, pairs.size() - cap);
        if (capped > 0) {
            pairs = pairs.subList(0, cap);
        }
        ArrayNode rows = JsonNodeFactory.instance.arrayNode();
        for (EdgePair p : pairs) {
            EdgeRows.addPair(rows, nodeId, p.candidate().id(), p.weights(), p.firing());
        }
        return new Edges(rows, capped);
    }
}
