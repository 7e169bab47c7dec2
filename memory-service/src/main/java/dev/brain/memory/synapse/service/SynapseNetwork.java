package dev.brain.memory.synapse.service;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.synapse.Direction;
import dev.brain.memory.synapse.Hop;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.Reached;
import dev.brain.memory.synapse.SynapseRow;
import dev.brain.memory.synapse.config.SynapseConfig;
import dev.brain.memory.synapse.path.Path;
import dev.brain.memory.synapse.path.PathSearch;
import dev.brain.memory.synapse.path.SynapsePages;
import dev.brain.memory.synapse.repository.SynapseRepository;
import dev.brain.memory.synapse.repository.SynapseRepository.DecayCounts;
import dev.brain.memory.synapse.repository.SynapseRepository.NetworkStats;
import dev.brain.memory.synapse.repository.SynapseRepository.Strengthened;
import io.quarkus.logging.Log;

/**
 * The synapse network of a tenant (memory.md §2): Hebbian strengthen and weaken, time decay, spreading
 * activation and the strongest path. Arguments are validated by the caller (gRPC layer).
 */
@ApplicationScoped
@Transactional
public class SynapseNetwork {

    private final SynapseRepository synapses;
    private final SynapseConfig config;
    private final Clock clock;

    public SynapseNetwork(SynapseRepository synapses, SynapseConfig config, Clock clock) {
        this.synapses = synapses;
        this.config = config;
        this.clock = clock;
    }

    public Strengthened strengthen(String tenant, NodeKey source, String sourceLabel, NodeKey target,
            String targetLabel, String type, String contextJson) {
        return synapses.strengthen(tenant, source, sourceLabel, target, targetLabel, type, contextJson,
                config.initialWeight(), config.learningRate(), OffsetDateTime.now(clock));
    }

    /** A synapse after a weaken: present with its new weights, or deleted (below the prune threshold). */
    public record Weakened(long id, Optional<SynapseRow> synapse) {
        public boolean deleted() {
            return synapse.isEmpty();
        }
    }

    /** w' = w × factor; below the prune threshold the synapse is deleted. Empty when the synapse does not exist. */
    public Optional<Weakened> weaken(String tenant, long id, double factor) {
        return synapses.scale(tenant, id, factor).map(row -> {
            if (row.weight() < config.pruneThreshold()) {
                synapses.delete(tenant, id);
                return new Weakened(id, Optional.empty());
            }
            return new Weakened(id, Optional.of(row));
        });
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<SynapseRow> find(String tenant, long id) {
        return synapses.find(tenant, id);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<SynapseRow> findByKey(String tenant, NodeKey source, NodeKey target, String type) {
        return synapses.findByKey(tenant, source, target, type);
    }

    public List<Long> deleteNode(String tenant, NodeKey node) {
        return synapses.deleteTouching(tenant, node);
    }

    /** Decays every tenant's synapses idle for {@code decayAfterDays} or longer, as of {@code now}. */
    public DecayCounts decay(OffsetDateTime now) {
        long idleNanos = Math.round(config.decayAfterDays() * 86_400e9);
        DecayCounts counts = synapses.decay(now, now.minus(Duration.ofNanos(idleNanos)), config.decayHalfLifeDays(),
                config.pruneThreshold());
        Log.infof("synapse decay done: updated=%d pruned=%d", counts.updated(), counts.pruned());
        return counts;
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public NetworkStats stats(String tenant) {
        return synapses.stats(tenant, config.stats().strongThreshold(), config.stats().weakThreshold(),
                config.stats().budget(), config.stats().maxSynapses());
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SynapseRow> strongest(String tenant, String type, int limit) {
        return synapses.strongest(tenant, type, limit);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SynapseRow> list(String tenant, SynapseRepository.ListFilter filter, int pageSize, Double afterWeight,
            Long afterId) {
        return synapses.list(tenant, filter, pageSize, afterWeight, afterId);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<long[]> degrees(String tenant, List<NodeKey> nodes, List<String> types) {
        return synapses.degrees(tenant, nodes, types);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SynapseRepository.SharedNeighbor> sharedNeighbors(String tenant, NodeKey a, NodeKey b,
            String neighborType, double minWeight, int limit) {
        return synapses.sharedNeighbors(tenant, a, b, neighborType, minWeight, limit);
    }

    /**
     * Spreading activation (memory.md §2.4) by layered relaxation: one query per depth for the whole
     * frontier; a node enters the next frontier only when this layer reaches it strictly stronger than any
     * smaller depth did, so every result is the best walk and no walk revisits a node. Results ordered by
     * activation desc, depth asc, (type, id) asc; the start is never returned.
     * <p>
     * Pruning, exact because weights are ≤ 1 and activation only falls along a walk: a frontier node of value
     * v only follows synapses with weight ≥ bound / v, where bound is the larger of {@code minWeight} and the
     * activation of the {@code limit}-th best node found so far (nothing weaker can enter the result).
     * <p>
     * Each node follows only its {@code limit + 1} strongest synapses per side (ties included), also exact: a
     * node x reached from p over a weaker synapse has {@code limit + 1} siblings (one may be the start) reached
     * from p at least as early and strictly stronger, and everything behind x is weaker than x, so neither x
     * nor anything it leads to can be among the first {@code limit}. This keeps hubs cheap.
     * <p>
     * A layer's frontier is expanded strongest first, in chunks of {@value #FIRST_FRONTIER_CHUNK}, 32, 64, …
     * nodes, the bound raised before each chunk by what the layer found so far; once a chunk's strongest node
     * cannot reach the bound, the rest of the layer is skipped.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Reached> activate(String tenant, NodeKey start, int maxDepth, double minWeight, Direction direction,
            List<String> types, int limit) {
        Map<NodeKey, Reached> best = new HashMap<>();
        Map<NodeKey, Reached> frontier = Map.of(start, new Reached(start, null, 1.0, 0, List.of()));
        for (int depth = 1; depth <= maxDepth && !frontier.isEmpty(); depth++) {
            List<Reached> strongestFirst = frontier.values().stream()
                    .sorted(Comparator.comparingDouble(Reached::activation).reversed().thenComparing(Reached::node))
                    .toList();
            Map<NodeKey, Reached> layer = new LinkedHashMap<>();
            int chunk = FIRST_FRONTIER_CHUNK;
            for (int from = 0; from < strongestFirst.size(); from += chunk, chunk *= 2) {
                double bound = Math.max(minWeight, kthBest(best, layer, limit));
                Map<NodeKey, Double> minWeights = new LinkedHashMap<>();
                for (Reached reached : strongestFirst.subList(from, Math.min(strongestFirst.size(), from + chunk))) {
                    double needed = bound / reached.activation();
                    if (needed <= 1.0) {
                        minWeights.put(reached.node(), needed);
                    }
                }
                if (minWeights.isEmpty()) {
                    break; // the rest of the frontier is weaker still
                }
                for (SynapseRow synapse : synapses.strongestAround(tenant, minWeights, direction, types, limit + 1)) {
                    if (direction.forward()) {
                        relax(frontier.get(synapse.source()), new Hop(synapse, true), start, bound, best, layer, depth);
                    }
                    if (direction.backward()) {
                        relax(frontier.get(synapse.target()), new Hop(synapse, false), start, bound, best, layer, depth);
                    }
                }
            }
            best.putAll(layer);
            frontier = layer;
        }
        return best.values().stream()
                .filter(r -> r.activation() >= minWeight)
                .sorted(Comparator.comparingDouble(Reached::activation).reversed()
                        .thenComparingInt(Reached::depth).thenComparing(Reached::node))
                .limit(limit).toList();
    }

    /** Frontier nodes expanded by the first query of a layer; each further query takes twice as many. */
    static final int FIRST_FRONTIER_CHUNK = 32;

    /**
     * Activation of the k-th strongest node found so far (earlier layers, improved by this one), or 0 while
     * there are fewer than k: a lower bound of the k-th result.
     */
    private static double kthBest(Map<NodeKey, Reached> best, Map<NodeKey, Reached> layer, int k) {
        PriorityQueue<Double> strongest = new PriorityQueue<>(k + 1);
        best.forEach((node, reached) -> keep(strongest, layer.containsKey(node) ? layer.get(node).activation()
                : reached.activation(), k));
        layer.forEach((node, reached) -> {
            if (!best.containsKey(node)) {
                keep(strongest, reached.activation(), k);
            }
        });
        return strongest.size() < k ? 0 : strongest.peek();
    }

    private static void keep(PriorityQueue<Double> strongest, double activation, int k) {
        strongest.add(activation);
        if (strongest.size() > k) {
            strongest.poll();
        }
    }

    private static void relax(Reached from, Hop hop, NodeKey start, double minWeight, Map<NodeKey, Reached> best,
            Map<NodeKey, Reached> layer, int depth) {
        if (from == null) {
            return; // the synapse matched the frontier only at its other end
        }
        NodeKey to = hop.to();
        double value = from.activation() * hop.synapse().weight();
        if (to.equals(start) || value < minWeight) {
            return;
        }
        Reached earlier = best.get(to);
        Reached sameDepth = layer.get(to);
        if ((earlier != null && value <= earlier.activation()) || (sameDepth != null && value <= sameDepth.activation())) {
            return;
        }
        List<Hop> path = new ArrayList<>(from.path());
        path.add(hop);
        layer.put(to, new Reached(to, hop.synapse().labelOf(to), value, depth, List.copyOf(path)));
    }

    /**
     * The strongest walk between two nodes, if any (memory.md §2.5): a {@link PathSearch} with the limits of
     * {@code path}, over the tenant's synapses read a page at a time.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Path> findPath(String tenant, NodeKey from, NodeKey to, int maxDepth, Direction direction,
            List<String> types) {
        PathSearch search = new PathSearch(config.path().pageSize(), config.path().maxExpansions(),
                config.path().budget());
        return search.find(new TenantPages(synapses, tenant), from, to, maxDepth, direction, types);
    }

    /** A tenant's synapses as the pages a path search reads: the repository's statements, bound to the tenant. */
    private record TenantPages(SynapseRepository synapses, String tenant) implements SynapsePages {

        @Override
        public List<List<List<SynapseRow>>> firstPages(List<NodeKey> nodes, Direction direction, List<String> types,
                int limit) {
            return synapses.firstPages(tenant, nodes, direction, types, limit);
        }

        @Override
        public List<SynapseRow> pageAfter(NodeKey node, boolean leaving, List<String> types, double afterBase,
                long afterId, int limit) {
            return synapses.pageAfter(tenant, node, leaving, types, afterBase, afterId, limit);
        }
    }
}
