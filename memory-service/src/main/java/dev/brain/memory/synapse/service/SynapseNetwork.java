package dev.brain.memory.synapse.service;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

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
        return synapses.stats(tenant, config.stats().strongThreshold(), config.stats().weakThreshold());
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<SynapseRow> strongest(String tenant, String type, int limit) {
        return synapses.strongest(tenant, type, limit);
    }

    /**
     * Spreading activation (memory.md §2.4) by layered relaxation: one query per depth for the whole
     * frontier; a node enters the next frontier only when this layer reaches it strictly stronger than any
     * smaller depth did, so every result is the best walk and no walk revisits a node. Results ordered by
     * activation desc, depth asc, (type, id) asc; the start is never returned.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<Reached> activate(String tenant, NodeKey start, int maxDepth, double minWeight, Direction direction,
            List<String> types, int limit) {
        Map<NodeKey, Reached> best = new HashMap<>();
        Map<NodeKey, Reached> frontier = Map.of(start, new Reached(start, null, 1.0, 0, List.of()));
        for (int depth = 1; depth <= maxDepth && !frontier.isEmpty(); depth++) {
            Map<NodeKey, Reached> layer = new LinkedHashMap<>();
            for (SynapseRow synapse : synapses.around(tenant, frontier.keySet(), direction, minWeight, types)) {
                if (direction.forward()) {
                    relax(frontier.get(synapse.source()), new Hop(synapse, true), start, minWeight, best, layer, depth);
                }
                if (direction.backward()) {
                    relax(frontier.get(synapse.target()), new Hop(synapse, false), start, minWeight, best, layer, depth);
                }
            }
            best.putAll(layer);
            frontier = layer;
        }
        return best.values().stream()
                .sorted(Comparator.comparingDouble(Reached::activation).reversed()
                        .thenComparingInt(Reached::depth).thenComparing(Reached::node))
                .limit(limit).toList();
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

    /** The strongest walk between two nodes, if any (memory.md §2.5). */
    public record Path(double totalWeight, List<Hop> hops) {
    }

    /**
     * Dijkstra over states (node, hops) maximising the product of weights (cost −ln w), states at
     * {@code maxDepth} hops not expanded; ties → fewer hops → lexicographically smaller synapse ids. A state
     * is dominated when its node was already settled with no more hops (it was settled with a product at
     * least as large, since states leave the queue by decreasing product).
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Path> findPath(String tenant, NodeKey from, NodeKey to, int maxDepth, Direction direction,
            List<String> types) {
        record State(NodeKey node, double product, List<Hop> path) {
            int hops() {
                return path.size();
            }
        }
        Comparator<State> strongestFirst = Comparator.comparingDouble(State::product).reversed()
                .thenComparingInt(State::hops)
                .thenComparing((a, b) -> compareIds(a.path(), b.path()));
        PriorityQueue<State> queue = new PriorityQueue<>(strongestFirst);
        Map<NodeKey, Integer> settledHops = new HashMap<>();
        Map<NodeKey, List<SynapseRow>> adjacency = new HashMap<>();
        queue.add(new State(from, 1.0, List.of()));
        while (!queue.isEmpty()) {
            State state = queue.poll();
            if (state.node().equals(to)) {
                return Optional.of(new Path(state.product(), state.path()));
            }
            Integer settled = settledHops.get(state.node());
            if (settled != null && settled <= state.hops()) {
                continue;
            }
            settledHops.put(state.node(), state.hops());
            if (state.hops() == maxDepth) {
                continue;
            }
            Set<NodeKey> onPath = new HashSet<>();
            onPath.add(from);
            state.path().forEach(h -> onPath.add(h.to()));
            List<SynapseRow> around = adjacency.computeIfAbsent(state.node(),
                    node -> synapses.around(tenant, List.of(node), direction, Double.MIN_VALUE, types));
            for (SynapseRow synapse : around) {
                for (Hop hop : hopsFrom(state.node(), synapse, direction)) {
                    if (!onPath.contains(hop.to())) {
                        List<Hop> path = new ArrayList<>(state.path());
                        path.add(hop);
                        queue.add(new State(hop.to(), state.product() * synapse.weight(), List.copyOf(path)));
                    }
                }
            }
        }
        return Optional.empty();
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
