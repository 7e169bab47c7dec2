package dev.brain.memory.longterm.edges;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.Layers;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.partition.PairLock;
import dev.brain.db.DataAccessException;

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

    private final DataSource dataSource;
    private final Layers layers;
    private final EdgeWeights weights;
    private final Clock clock;

    public EdgeRecompute(DataSource dataSource, Layers layers, EdgeWeights weights, Clock clock) {
        this.dataSource = dataSource;
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
        try (Connection c = dataSource.getConnection()) {
            PairLock.lock(c, userId, agentId);
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
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
        Recomputed r = compute(where, s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, s.getConnection().createArrayOf("bigint", ids));
            s.setArray(4, s.getConnection().createArrayOf("bigint", ids));
        }, (from, to) -> touched.contains(from) ? from : to);
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
        Recomputed r = compute("e.user_id = ? and e.agent_id = ? and e.id = any(?)", s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, s.getConnection().createArrayOf("bigint", ids));
        }, (from, to) -> from);
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
            Recomputed r = compute("e.user_id = ? and e.agent_id = ? and e.from_node_id = any(?)", s -> {
                s.setString(1, userId);
                s.setString(2, agentId);
                s.setArray(3, s.getConnection().createArrayOf("bigint", ids));
            }, (from, to) -> from);
            write(r);
            edges += r.ids().length;
            errors.addAll(r.errors());
        }
        return new Result(nodes, edges, List.copyOf(errors), (System.nanoTime() - started) / 1_000_000);
    }

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    @FunctionalInterface
    private interface Blame {
        long node(long from, long to);
    }

    private Recomputed compute(String where, Binder binder, Blame blame) {
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
        List<long[]> ids = new ArrayList<>();
        List<double[]> values = new ArrayList<>();
        Set<Long> errors = new TreeSet<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(s);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    long id = rs.getLong(1);
                    List<Layer> reasons = LongTermRepository.strings(rs.getArray(4)).stream().map(Layer::ofDb).toList();
                    if (reasons.isEmpty()) {
                        errors.add(blame.node(rs.getLong(2), rs.getLong(3)));
                        continue;
                    }
                    double distance = rs.getDouble(7);
                    Double timelineDistance = rs.wasNull() ? null : distance;
                    var depths = layers.frozenDepths(reasons, rs.getDouble(5), rs.getInt(6), rs.getInt(11),
                            rs.getInt(12), timelineDistance, Precision.ofDb(rs.getString(8)));
                    EdgeWeights.Pair pair = weights.compute(rs.getDouble(9), rs.getDouble(10), depths);
                    ids.add(new long[] {id});
                    values.add(new double[] {pair.rawXY(), pair.absoluteXY()});
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        long[] idArray = ids.stream().mapToLong(a -> a[0]).toArray();
        double[] raw = values.stream().mapToDouble(v -> v[0]).toArray();
        double[] absolute = values.stream().mapToDouble(v -> v[1]).toArray();
        return new Recomputed(idArray, raw, absolute, errors);
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
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setObject(1, OffsetDateTime.now(clock));
            s.setArray(2, c.createArrayOf("bigint", Arrays.stream(r.ids()).boxed().toArray()));
            s.setArray(3, c.createArrayOf("float8", Arrays.stream(r.raw()).boxed().toArray()));
            s.setArray(4, c.createArrayOf("float8", Arrays.stream(r.absolute()).boxed().toArray()));
            s.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    private List<Long> nodeIds(String userId, String agentId, long after) {
        String sql = "select id from long_term_node where user_id = ? and agent_id = ? and id > ? order by id limit ?";
        List<Long> ids = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setLong(3, after);
            s.setInt(4, PAIR_BATCH);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        return ids;
    }
}
