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
import dev.brain.memory.synapse.repository.SynapseRepository;
import dev.brain.memory.synapse.repository.SynapseRepository.DecayCounts;
import dev.brain.memory.synapse.repository.SynapseRepository.NetworkStats;
import dev.brain.memory.synapse.repository.SynapseRepository.Strengthened;
import io.grpc.Status;
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
     * The strongest walk between two nodes, if any (memory.md §2.5); {@code partial}: the strongest one seen when the
     * search reached its limit, not proven the strongest.
     */
    public record Path(double totalWeight, List<Hop> hops, boolean partial) {
    }

    /** A search state: a walk from the start, as a parent chain (constant memory per state). */
    private record Walk(NodeKey node, double product, int hops, Walk parent, Hop hop) {

        boolean visits(NodeKey candidate) {
            for (Walk w = this; w != null; w = w.parent) {
                if (w.node.equals(candidate)) {
                    return true;
                }
            }
            return false;
        }

        List<Hop> path() {
            Hop[] path = new Hop[hops];
            for (Walk w = this; w.hop != null; w = w.parent) {
                path[w.hops - 1] = w.hop;
            }
            return List.of(path);
        }
    }

    /**
     * Product floors of the path search's rounds: round k reads only the synapses that can lie on a walk whose
     * product is at least {@code floor}, the last round (0) all of them.
     */
    static final double[] PATH_FLOORS = { 0.5, 0.1, 0.01, 0 };

    /**
     * Dijkstra over states (node, hops) maximising the product of weights (cost −ln w), states at
     * {@code maxDepth} hops not expanded; ties → fewer hops → lexicographically smaller synapse ids. A state
     * is dominated when its node was already settled with no more hops (it was settled with a product at
     * least as large, since states leave the queue by decreasing product).
     * <p>
     * In rounds with a falling product floor ({@link #PATH_FLOORS}): a round leaves a node reached with product
     * {@code p} only by synapses of weight ≥ {@code floor / p}, so it walks exactly the walks of product ≥ floor.
     * When the strongest path has product ≥ floor, every prefix of it and every synapse on it passes, so the round
     * finds the same path as a search of all synapses; when the round finds nothing, no path reaches the floor and
     * the next round lowers it. In a dense network the strongest path is usually strong, and a hub's thousands of
     * weaker synapses are then never read (the indexes hold base_weight ≥ weight, so the bound is an index range).
     * Adjacency is kept across rounds with the bound it was read with (see {@link #fetchAdjacency}). At most
     * {@code path.max-expansions} nodes are expanded and the search stops after {@code path.budget}, so one request
     * cannot exhaust the service: it then answers the strongest walk to {@code to} seen so far, marked partial, or
     * RESOURCE_EXHAUSTED when it has seen none.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Path> findPath(String tenant, NodeKey from, NodeKey to, int maxDepth, Direction direction,
            List<String> types) {
        Map<NodeKey, Adjacency> adjacency = new HashMap<>();
        Search search = new Search(System.nanoTime() + config.path().budget().toNanos());
        for (double floor : PATH_FLOORS) {
            Optional<Path> path = findPath(tenant, from, to, maxDepth, direction, types, floor, adjacency, search);
            if (path.isPresent()) {
                return path;
            }
        }
        return Optional.empty();
    }

    /** The synapses of a node read so far: every one of weight ≥ {@code bound} (base_weight ≥ weight). */
    private record Adjacency(double bound, List<SynapseRow> synapses) {
    }

    /** What one search has spent, over all its rounds, and the strongest walk to the target it has seen. */
    private static final class Search {
        final long until;
        int expanded;
        Walk bestSeen;

        Search(long until) {
            this.until = until;
        }

        void seen(Walk walk) {
            if (bestSeen == null || walk.product() > bestSeen.product()
                    || walk.product() == bestSeen.product() && walk.hops() < bestSeen.hops()) {
                bestSeen = walk;
            }
        }

        /** At the limit: the strongest walk seen, as a partial answer, or {@code exhausted} when none was seen. */
        Optional<Path> atLimit(java.util.function.Supplier<RuntimeException> exhausted) {
            if (bestSeen == null) {
                throw exhausted.get();
            }
            return Optional.of(new Path(bestSeen.product(), bestSeen.path(), true));
        }
    }

    private Optional<Path> findPath(String tenant, NodeKey from, NodeKey to, int maxDepth, Direction direction,
            List<String> types, double floor, Map<NodeKey, Adjacency> adjacency, Search search) {
        Comparator<Walk> strongestFirst = Comparator.comparingDouble(Walk::product).reversed()
                .thenComparingInt(Walk::hops)
                .thenComparing((a, b) -> compareIds(a.path(), b.path()));
        PriorityQueue<Walk> queue = new PriorityQueue<>(strongestFirst);
        Map<NodeKey, Integer> settledHops = new HashMap<>();
        queue.add(new Walk(from, 1.0, 0, null, null));
        while (!queue.isEmpty()) {
            if (System.nanoTime() - search.until > 0) {
                // a caller's deadline does not stop a search, and its late answer would close the caller's connection
                return search.atLimit(() -> Status.RESOURCE_EXHAUSTED.withDescription("max_depth: the path search took "
                        + "longer than " + config.path().budget().toMillis() + " ms without reaching " + to + " ("
                        + search.expanded + " nodes expanded); use a smaller max_depth or synapse_types")
                        .asRuntimeException());
            }
            Walk walk = queue.poll();
            if (walk.node().equals(to)) {
                return Optional.of(new Path(walk.product(), walk.path(), false));
            }
            Integer settled = settledHops.get(walk.node());
            if (settled != null && settled <= walk.hops()) {
                continue;
            }
            settledHops.put(walk.node(), walk.hops());
            if (walk.hops() == maxDepth) {
                continue;
            }
            if (++search.expanded > config.path().maxExpansions()) {
                return search.atLimit(() -> Status.RESOURCE_EXHAUSTED.withDescription("max_depth: the path search "
                        + "expanded more than " + config.path().maxExpansions() + " nodes without reaching " + to
                        + "; use a smaller max_depth or synapse_types").asRuntimeException());
            }
            double bound = bound(floor, walk.product());
            if (bound > 1) {
                continue;
            }
            Adjacency known = adjacency.get(walk.node());
            if (known == null || known.bound() > bound) {
                known = fetchAdjacency(tenant, walk.node(), bound, floor, queue, adjacency, direction, types);
            }
            for (SynapseRow synapse : known.synapses()) {
                if (synapse.weight() < bound) {
                    continue;
                }
                for (Hop hop : hopsFrom(walk.node(), synapse, direction)) {
                    NodeKey next = hop.to();
                    Integer nextSettled = settledHops.get(next);
                    if ((nextSettled == null || nextSettled > walk.hops() + 1) && !walk.visits(next)) {
                        Walk longer = new Walk(next, walk.product() * synapse.weight(), walk.hops() + 1, walk, hop);
                        queue.add(longer);
                        if (next.equals(to)) {
                            search.seen(longer);
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    static final int PATH_FETCH_BATCH = 64;

    /** The least weight a synapse needs to extend a walk of {@code product} to the floor (above 1: none can). */
    private static double bound(double floor, double product) {
        return floor == 0 ? 0 : product == 0 ? Double.POSITIVE_INFINITY : floor / product;
    }

    /**
     * Loads the synapses of weight ≥ {@code bound} of {@code node}; and ahead, in a second query, those of the next
     * queued nodes not yet read (a queued node's bound: the floor over the strongest product it is queued with), at
     * most {@code path.prefetch-cap} (64) per node and side, strongest first. A hub among them then costs 64 rows, not
     * its thousands; it is read in full only if the search expands it below the weights already read.
     */
    private Adjacency fetchAdjacency(String tenant, NodeKey node, double bound, double floor, PriorityQueue<Walk> queue,
            Map<NodeKey, Adjacency> adjacency, Direction direction, List<String> types) {
        Map<NodeKey, Double> ahead = new LinkedHashMap<>();
        for (Walk queued : queue) {
            if (ahead.size() >= PATH_FETCH_BATCH - 1) {
                break;
            }
            double queuedBound = bound(floor, queued.product());
            if (!queued.node().equals(node) && !adjacency.containsKey(queued.node()) && queuedBound <= 1) {
                ahead.merge(queued.node(), queuedBound, Math::min);
            }
        }
        adjacency.put(node, new Adjacency(bound, sides(node, bound,
                synapses.around(tenant, Map.of(node, bound), direction, types), direction)));
        List<NodeKey> keys = new ArrayList<>(ahead.keySet());
        List<SynapseRepository.Strongest> read = synapses.strongestFirst(tenant, ahead, direction, types,
                config.path().prefetchCap());
        for (int i = 0; i < keys.size(); i++) {
            NodeKey key = keys.get(i);
            double completeFrom = read.get(i).completeFrom();
            adjacency.put(key, new Adjacency(completeFrom, sides(key, completeFrom, read.get(i).synapses(), direction)));
        }
        return adjacency.get(node);
    }

    /** The synapses of {@code rows} a walk can take from {@code node} in {@code direction}, of weight ≥ bound. */
    private static List<SynapseRow> sides(NodeKey node, double bound, List<SynapseRow> rows, Direction direction) {
        List<SynapseRow> usable = new ArrayList<>(rows.size());
        for (SynapseRow synapse : rows) {
            if (synapse.weight() >= bound && (direction.forward() && synapse.source().equals(node)
                    || direction.backward() && synapse.target().equals(node))) {
                usable.add(synapse);
            }
        }
        return usable;
    }

    private static List<Hop> hopsFrom(NodeKey node, SynapseRow synapse, Direction direction) {
        List<Hop> hops = new ArrayList<>(2);
        if (direction.forward() && synapse.source().equals(node)) {
            hops.add(new Hop(synapse, true));
        }
        if (direction.backward() && synapse.target().equals(node)) {
            hops.add(new Hop(synapse, false));
        }
        return hops;
    }

    private static int compareIds(List<Hop> a, List<Hop> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Long.compare(a.get(i).synapse().id(), b.get(i).synapse().id());
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
