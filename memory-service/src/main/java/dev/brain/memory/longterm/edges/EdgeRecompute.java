package dev.brain.memory.longterm.edges;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.memory.longterm.partition.PairLock;
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

    private final Jdbc jdbc;
    private final Layers layers;
    private final EdgeWeights weights;
    private final Clock clock;

    public EdgeRecompute(Jdbc jdbc, Layers layers, EdgeWeights weights, Clock clock) {
        this.jdbc = jdbc;
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
        PairLock.lock(jdbc, userId, agentId);
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
        String where = "e.user_id = ? and e.agent_id = ? and (e.from_node_id = any(?) or e.to_node_id = any(?))";
        Recomputed r = compute(where, (from, to) -> touched.contains(from) ? from : to, userId, agentId, ids, ids);
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
        Recomputed r = compute("e.user_id = ? and e.agent_id = ? and e.id = any(?)", (from, to) -> from, userId,
                agentId, ids);
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
            List<Long> batch = nodeIds(userId, agentId, after);
            if (batch.isEmpty()) {
                break;
            }
            nodes += batch.size();
            after = batch.get(batch.size() - 1);
            Long[] ids = batch.toArray(Long[]::new);
            Recomputed r = compute("e.user_id = ? and e.agent_id = ? and e.from_node_id = any(?)", (from, to) -> from,
                    userId, agentId, ids);
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

    /** The edges {@code where} selects with their new weights; {@code blame} names the node of an edge without reasons. */
    private Recomputed compute(String where, Blame blame, Object... params) {
        String sql = """
                select e.id, e.from_node_id, e.to_node_id, e.reasons, e.embedding_cosine_initial,
                       cardinality(e.shared_topics), e.timeline_distance, e.timeline_precision,
                       f.absolute_weight, t.absolute_weight, cardinality(f.topic_keys), cardinality(t.topic_keys)
                from long_term_edge e
                join long_term_node f on f.id = e.from_node_id
                join long_term_node t on t.id = e.to_node_id
                where %s
                order by e.id
                """.formatted(where);
        List<Weighed> edges = jdbc.list(sql, rs -> {
            List<Layer> reasons = Jdbc.strings(rs, "reasons").stream().map(Layer::ofDb).toList();
            if (reasons.isEmpty()) {
                return new Weighed(rs.getLong(1), null, blame.node(rs.getLong(2), rs.getLong(3)));
            }
            var depths = layers.frozenDepths(reasons, rs.getDouble(5), rs.getInt(6), rs.getInt(11), rs.getInt(12),
                    Jdbc.doubleOrNull(rs, "timeline_distance"), Precision.ofDb(rs.getString(8)));
            return new Weighed(rs.getLong(1), weights.compute(rs.getDouble(9), rs.getDouble(10), depths), 0);
        }, params);
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
        String sql = """
                update long_term_edge e set raw_weight = u.raw, absolute_weight = u.abs, recomputed_at = ?
                  from unnest(?::bigint[], ?::float8[], ?::float8[]) as u(id, raw, abs)
                 where e.id = u.id
                """;
        jdbc.update(sql, OffsetDateTime.now(clock), r.ids(), r.raw(), r.absolute());
    }

    private List<Long> nodeIds(String userId, String agentId, long after) {
        return jdbc.list("select id from long_term_node where user_id = ? and agent_id = ? and id > ? order by id limit ?",
                rs -> rs.getLong(1), userId, agentId, after, PAIR_BATCH);
    }
}
