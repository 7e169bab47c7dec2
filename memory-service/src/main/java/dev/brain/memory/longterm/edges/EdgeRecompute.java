package dev.brain.memory.longterm.edges;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.longterm.edges.repository.EdgeRecomputeRepository;
import dev.brain.memory.longterm.edges.repository.EdgeRecomputeRepository.EdgeInputs;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.Layers;
import dev.brain.memory.longterm.weights.Precision;

/**
 * Trigger 2 (memory.md §5.6): recomputes the weights of every edge from and to the given nodes from the
 * edges' frozen layer fields and both endpoints' current absolute weights — one read of the edges with their
 * endpoints, one set-based write. Frozen fields never change; an edge with empty reasons is skipped and its
 * node reported. Runs in the caller's transaction; the caller holds the pair lock.
 */
@ApplicationScoped
public class EdgeRecompute {

    /** Nodes read per statement when a whole pair is recomputed. */
    static final int PAIR_BATCH = 500;

    /** What a recomputation did: directed edges rewritten, node ids with skipped edges, duration. */
    public record Result(long nodes, long edgesRecomputed, List<Long> edgeErrors, long durationMs) {
    }

    private record Recomputed(long[] ids, double[] raw, double[] absolute, Set<Long> errors) {
    }

    /** One edge read: its new weights, or — without reasons — null and the node to report. */
    private record Weighed(long id, EdgeWeights.Pair weights, long blamed) {
    }

    private final EdgeRecomputeRepository repository;
    private final PairLock pairLock;
    private final Layers layers;
    private final EdgeWeights weights;
    private final Clock clock;

    public EdgeRecompute(EdgeRecomputeRepository repository, PairLock pairLock, Layers layers, EdgeWeights weights,
            Clock clock) {
        this.repository = repository;
        this.pairLock = pairLock;
        this.layers = layers;
        this.weights = weights;
        this.clock = clock;
    }

    /**
     * The admin {@code RecomputeEdges}: under the pair lock, in its own transaction, the given nodes (ids of
     * other pairs touch nothing) or — with none given — every node of the pair.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public Result onRequest(String userId, String agentId, List<Long> nodeIds) {
        pairLock.lock(userId, agentId);
        return nodeIds.isEmpty() ? forPair(userId, agentId) : forNodes(userId, agentId, nodeIds);
    }

    /** Trigger 2 for {@code nodeIds} of the pair: every edge from or to one of them. */
    @Transactional(Transactional.TxType.MANDATORY)
    public Result forNodes(String userId, String agentId, List<Long> nodeIds) {
        long started = System.nanoTime();
        if (nodeIds.isEmpty()) {
            return new Result(0, 0, List.of(), 0);
        }
        Long[] ids = nodeIds.stream().distinct().toArray(Long[]::new);
        Set<Long> touched = Set.of(ids);
        Recomputed r = compute(repository.touching(userId, agentId, ids), (from, to) -> touched.contains(from) ? from : to);
        write(r);
        return new Result(ids.length, r.ids().length, List.copyOf(r.errors()), (System.nanoTime() - started) / 1_000_000);
    }

    /**
     * Trigger 2 for the given directed edges of the pair (ids of other pairs touch nothing): {@code Reembed}
     * recomputes exactly the edges whose frozen cosine it rewrote. {@code nodes} of the result is 0.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Result forEdges(String userId, String agentId, List<Long> edgeIds) {
        long started = System.nanoTime();
        if (edgeIds.isEmpty()) {
            return new Result(0, 0, List.of(), 0);
        }
        Long[] ids = edgeIds.stream().distinct().toArray(Long[]::new);
        Recomputed r = compute(repository.byIds(userId, agentId, ids), (from, to) -> from);
        write(r);
        return new Result(0, r.ids().length, List.copyOf(r.errors()), (System.nanoTime() - started) / 1_000_000);
    }

    /**
     * Trigger 2 for every node of the pair (the admin {@code RecomputeEdges} without node ids, e.g. after a
     * configuration change): each edge once, by its from-node, {@value #PAIR_BATCH} nodes per statement.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Result forPair(String userId, String agentId) {
        long started = System.nanoTime();
        long nodes = 0;
        long edges = 0;
        Set<Long> errors = new TreeSet<>();
        long after = 0;
        while (true) {
            List<Long> batch = repository.nodeIds(userId, agentId, after, PAIR_BATCH);
            if (batch.isEmpty()) {
                break;
            }
            nodes += batch.size();
            after = batch.get(batch.size() - 1);
            Long[] ids = batch.toArray(Long[]::new);
            Recomputed r = compute(repository.from(userId, agentId, ids), (from, to) -> from);
            write(r);
            edges += r.ids().length;
            errors.addAll(r.errors());
        }
        return new Result(nodes, edges, List.copyOf(errors), (System.nanoTime() - started) / 1_000_000);
    }

    @FunctionalInterface
    private interface Blame {
        long node(long from, long to);
    }

    /** The edges with their new weights; {@code blame} names the node of an edge without reasons. */
    private Recomputed compute(List<EdgeInputs> read, Blame blame) {
        List<Weighed> edges = new ArrayList<>(read.size());
        for (EdgeInputs e : read) {
            List<Layer> reasons = e.reasons().stream().map(Layer::ofDb).toList();
            if (reasons.isEmpty()) {
                edges.add(new Weighed(e.id(), null, blame.node(e.fromNodeId(), e.toNodeId())));
                continue;
            }
            var depths = layers.frozenDepths(reasons, e.cosine(), e.sharedTopics(), e.fromTopics(), e.toTopics(),
                    e.timelineDistance(), Precision.ofDb(e.timelinePrecision()));
            edges.add(new Weighed(e.id(), weights.compute(e.fromAbsolute(), e.toAbsolute(), depths), 0));
        }
        Set<Long> errors = new TreeSet<>();
        edges.stream().filter(e -> e.weights() == null).forEach(e -> errors.add(e.blamed()));
        List<Weighed> recomputed = edges.stream().filter(e -> e.weights() != null).toList();
        return new Recomputed(recomputed.stream().mapToLong(Weighed::id).toArray(),
                recomputed.stream().mapToDouble(e -> e.weights().rawXY()).toArray(),
                recomputed.stream().mapToDouble(e -> e.weights().absoluteXY()).toArray(), errors);
    }

    private void write(Recomputed r) {
        if (r.ids().length == 0) {
            return;
        }
        repository.writeWeights(r.ids(), r.raw(), r.absolute(), OffsetDateTime.now(clock));
    }
}
