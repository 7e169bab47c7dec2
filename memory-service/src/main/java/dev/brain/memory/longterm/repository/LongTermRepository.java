package dev.brain.memory.longterm.repository;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import org.postgresql.PGStatement;

import dev.brain.memory.longterm.partition.PairLock;
import dev.brain.db.DataAccessException;

/**
 * The read-side statements on nodes, edges, turn records and usage decisions (memory.md §7, §9, §13), in one
 * place: native SQL because anchors need pgvector's {@code <=>}, a shell is one {@code LATERAL} query and
 * reinforcement one set-based update. Every statement filters by the pair.
 */
@ApplicationScoped
public class LongTermRepository {

    static final String NODE_COLUMNS = "n.id, n.user_id, n.agent_id, n.observer, n.source_key, n.content, %s,"
            + " n.topics, n.topic_keys, n.entity_ids, n.time_at, n.time_precision, n.timeline_ref, n.emotion,"
            + " n.arousal, n.metadata::text, n.entry_created_at, n.raw_weight, n.absolute_weight, n.decay_weight,"
            + " n.decay_base, n.decay_base_at, n.frequency, n.active, n.created_at, n.reinforced_at, n.decayed_at,"
            + " n.reactivated_at";

    static final String EDGE_COLUMNS = "e.id, e.from_node_id, e.to_node_id, e.raw_weight, e.absolute_weight,"
            + " e.created_at, e.recomputed_at, e.reasons, e.shared_entity_ids, e.shared_topics, e.timeline_distance,"
            + " e.timeline_precision, e.embedding_cosine_initial, e.layer_count";

    /** The pair of a row: who owns a node or a turn. */
    public record Owner(String userId, String agentId) {
        public boolean is(String user, String agent) {
            return userId.equals(user) && agentId.equals(agent);
        }
    }

    /** A node found near the query vector. */
    public record Scored(long id, double cosine) {
    }

    /** One edge followed in a shell: {@code input} is the index of the (node, predecessor) it was expanded from. */
    public record Step(int input, long edgeId, long fromNodeId, long toNodeId, double absoluteWeight,
            List<String> reasons, List<Long> sharedEntityIds, List<String> sharedTopics) {
    }

    /** A stored usage decision (§7 step 6). */
    public record StoredDecision(String turnId, String userId, String agentId, String outcome,
            List<Long> reinforcedNodeIds, String protocolJson) {
    }

    private final DataSource dataSource;

    public LongTermRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Nodes and edges
    // ---------------------------------------------------------------------------------------------------------

    /** The pair a node belongs to, or empty when no node has this id. */
    public Optional<Owner> nodeOwner(long id) {
        return query("select user_id, agent_id from long_term_node where id = ?", s -> s.setLong(1, id),
                rs -> new Owner(rs.getString(1), rs.getString(2))).stream().findFirst();
    }

    public Optional<NodeRow> node(String userId, String agentId, long id, boolean withEmbedding) {
        String sql = "select " + nodeColumns(withEmbedding)
                + " from long_term_node n where n.user_id = ? and n.agent_id = ? and n.id = ?";
        return query(sql, s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setLong(3, id);
        }, LongTermRepository::node).stream().findFirst();
    }

    /** The nodes of the pair with these ids (any order; missing ids are left out), without embeddings. */
    public Map<Long, NodeRow> nodes(String userId, String agentId, List<Long> ids) {
        String sql = "select " + nodeColumns(false)
                + " from long_term_node n where n.user_id = ? and n.agent_id = ? and n.id = any(?)";
        Map<Long, NodeRow> nodes = new LinkedHashMap<>();
        query(sql, s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, s.getConnection().createArrayOf("bigint", ids.toArray()));
        }, LongTermRepository::node).forEach(n -> nodes.put(n.id(), n));
        return nodes;
    }

    /** A page of the pair's nodes by id, after {@code afterId}; {@code limit} rows at most. */
    public List<NodeRow> listNodes(String userId, String agentId, Boolean active, String observer, long afterId,
            int limit, boolean withEmbedding) {
        String sql = "select " + nodeColumns(withEmbedding) + " from long_term_node n"
                + " where n.user_id = ? and n.agent_id = ? and n.id > ?"
                + (active == null ? "" : " and n.active = ?") + (observer == null ? "" : " and n.observer = ?")
                + " order by n.id limit ?";
        return query(sql, s -> {
            int i = 1;
            s.setString(i++, userId);
            s.setString(i++, agentId);
            s.setLong(i++, afterId);
            if (active != null) {
                s.setBoolean(i++, active);
            }
            if (observer != null) {
                s.setString(i++, observer);
            }
            s.setInt(i, limit);
        }, LongTermRepository::node);
    }

    /** Direction of {@link #listEdges}. */
    public enum EdgeDirection { OUT, IN, BOTH }

    /** A page of the edges of a node by absolute weight desc, id asc, after the keyset (weight, id). */
    public List<EdgeRow> listEdges(String userId, String agentId, long nodeId, EdgeDirection direction,
            Double afterWeight, Long afterId, int limit) {
        String touching = switch (direction) {
            case OUT -> "e.from_node_id = ?";
            case IN -> "e.to_node_id = ?";
            case BOTH -> "(e.from_node_id = ? or e.to_node_id = ?)";
        };
        String sql = "select " + EDGE_COLUMNS + " from long_term_edge e where e.user_id = ? and e.agent_id = ? and "
                + touching + (afterId == null ? "" : " and (e.absolute_weight < ? or (e.absolute_weight = ? and e.id > ?))")
                + " order by e.absolute_weight desc, e.id limit ?";
        return query(sql, s -> {
            int i = 1;
            s.setString(i++, userId);
            s.setString(i++, agentId);
            s.setLong(i++, nodeId);
            if (direction == EdgeDirection.BOTH) {
                s.setLong(i++, nodeId);
            }
            if (afterId != null) {
                s.setDouble(i++, afterWeight);
                s.setDouble(i++, afterWeight);
                s.setLong(i++, afterId);
            }
            s.setInt(i, limit);
        }, LongTermRepository::edge);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Read path (§9)
    // ---------------------------------------------------------------------------------------------------------

    /** Active nodes of the pair that pass the observer filter, counted up to {@code max} (bounded index scan). */
    /** The pair's active node count as {@code partition_stats} records it; 0 without a row. */
    public long recordedActiveCount(String userId, String agentId) {
        List<Long> counts = query("select active_count from partition_stats where user_id = ? and agent_id = ?", s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
        }, rs -> rs.getLong(1));
        return counts.isEmpty() ? 0 : counts.get(0);
    }

    public int activeCountUpTo(String userId, String agentId, int max) {
        String sql = "select count(*) from (select 1 from long_term_node n where n.user_id = ? and n.agent_id = ?"
                + " and n.active limit ?) c";
        return query(sql, true, s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setInt(3, max);
        }, rs -> rs.getInt(1)).get(0);
    }

    /**
     * The {@code limit} active nodes of the pair (observer filter applied; empty = both) nearest to {@code vector}
     * by cosine, nearest first (ties: lower id). {@code exact} scans the pair's active nodes; otherwise the HNSW
     * index is used with iterative scan and {@code efSearch} (must run inside a transaction: SET LOCAL).
     */
    public List<Scored> nearestActive(String userId, String agentId, float[] vector, List<String> observers,
            int limit, boolean exact, int efSearch) {
        String filter = "e.user_id = ? and e.agent_id = ? and n.active"
                + (observers.isEmpty() ? "" : " and n.observer = any(?)");
        String nodes = " from long_term_node_embedding e join long_term_node n on n.id = e.node_id"
                + " and n.user_id = e.user_id and n.agent_id = e.agent_id where ";
        String sql;
        if (exact) {
            // materialised: the planner cannot push the ORDER BY into the HNSW index
            sql = "with c as materialized (select n.id, e.embedding <=> ?::vector as d" + nodes + filter
                    + ") select id, d from c order by d, id limit ?";
        } else {
            execute("select set_config('hnsw.ef_search', ?, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)",
                    s -> s.setString(1, Integer.toString(Math.max(efSearch, limit))));
            sql = "select n.id, e.embedding <=> ?::vector as d" + nodes + filter
                    + " order by e.embedding <=> ?::vector limit ?";
        }
        String literal = vectorLiteral(vector);
        List<Scored> found = new ArrayList<>(query(sql, exact, s -> {
            int i = 1;
            s.setString(i++, literal);
            s.setString(i++, userId);
            s.setString(i++, agentId);
            if (!observers.isEmpty()) {
                s.setArray(i++, s.getConnection().createArrayOf("text", observers.toArray()));
            }
            if (!exact) {
                s.setString(i++, literal);
            }
            s.setInt(i, limit);
        }, rs -> new Scored(rs.getLong(1), 1 - rs.getDouble(2))));
        // relaxed order of the iterative index scan: restore (cosine desc, id asc)
        found.sort((a, b) -> a.cosine() != b.cosine() ? Double.compare(b.cosine(), a.cosine()) : Long.compare(a.id(), b.id()));
        return found;
    }

    /**
     * One shell of the read path in one statement: for every input i = (node[i], predecessor[i]) the {@code k}
     * outgoing edges with the highest absolute weight (ties: lower edge id) whose target is active, passes the
     * observer filter and is not the predecessor. Rows come by input, then weight desc, id asc.
     */
    public List<Step> shell(String userId, String agentId, long[] nodes, long[] predecessors, int k,
            List<String> observers) {
        String sql = """
                select f.i, x.id, x.from_node_id, x.to_node_id, x.absolute_weight, x.reasons, x.shared_entity_ids,
                       x.shared_topics
                from unnest(?::bigint[], ?::bigint[]) with ordinality as f(node, pred, i)
                cross join lateral (
                    select e.id, e.from_node_id, e.to_node_id, e.absolute_weight, e.reasons, e.shared_entity_ids,
                           e.shared_topics
                    from long_term_edge e
                    join long_term_node t on t.id = e.to_node_id
                    where e.from_node_id = f.node and e.user_id = ? and e.agent_id = ?
                      and e.to_node_id <> f.pred and t.active %s
                    order by e.absolute_weight desc, e.id
                    limit ?) x
                order by f.i, x.absolute_weight desc, x.id
                """.formatted(observers.isEmpty() ? "" : "and t.observer = any(?)");
        return query(sql, s -> {
            int i = 1;
            s.setArray(i++, s.getConnection().createArrayOf("bigint", box(nodes)));
            s.setArray(i++, s.getConnection().createArrayOf("bigint", box(predecessors)));
            s.setString(i++, userId);
            s.setString(i++, agentId);
            if (!observers.isEmpty()) {
                s.setArray(i++, s.getConnection().createArrayOf("text", observers.toArray()));
            }
            s.setInt(i, k);
        }, rs -> new Step((int) rs.getLong(1) - 1, rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getDouble(5),
                strings(rs.getArray(6)), longs(rs.getArray(7)), strings(rs.getArray(8))));
    }

    /** Entity names of the pair's registry for these ids. */
    public Map<Long, String> entityNames(String userId, String agentId, List<Long> ids) {
        Map<Long, String> names = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return names;
        }
        query("select id, name from entity where user_id = ? and agent_id = ? and id = any(?)", s -> {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, s.getConnection().createArrayOf("bigint", ids.toArray()));
        }, rs -> names.put(rs.getLong(1), rs.getString(2)));
        return names;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Turn records (§7 step 1)
    // ---------------------------------------------------------------------------------------------------------

    public Optional<Owner> turnOwner(String turnId) {
        return query("select user_id, agent_id from turn_read where turn_id = ?", s -> s.setString(1, turnId),
                rs -> new Owner(rs.getString(1), rs.getString(2))).stream().findFirst();
    }

    /**
     * Adds node ids to the turn's record (created on first read). False when the turn belongs to another pair.
     */
    public boolean recordTurn(String turnId, String userId, String agentId, List<Long> nodeIds, OffsetDateTime now) {
        String sql = """
                insert into turn_read as t (turn_id, user_id, agent_id, node_ids, created_at)
                values (?, ?, ?, ?, ?)
                on conflict (turn_id) do update
                   set node_ids = array(select distinct x from unnest(t.node_ids || excluded.node_ids) x order by x)
                 where t.user_id = excluded.user_id and t.agent_id = excluded.agent_id
                """;
        return update(sql, s -> {
            s.setString(1, turnId);
            s.setString(2, userId);
            s.setString(3, agentId);
            s.setArray(4, s.getConnection().createArrayOf("bigint", nodeIds.stream().sorted().distinct().toArray()));
            s.setObject(5, now);
        }) == 1;
    }

    /** The distinct node ids read in the turn (ascending), or empty when the turn has no record. */
    public List<Long> turnNodes(String turnId) {
        return query("select node_ids from turn_read where turn_id = ?", s -> s.setString(1, turnId),
                rs -> longs(rs.getArray(1))).stream().findFirst().orElse(List.of());
    }

    // ---------------------------------------------------------------------------------------------------------
    // Usage reinforcement (§7)
    // ---------------------------------------------------------------------------------------------------------

    public Optional<StoredDecision> decision(String turnId) {
        return query("select turn_id, user_id, agent_id, outcome, reinforced_node_ids, protocol::text"
                + " from usage_decision where turn_id = ?", s -> s.setString(1, turnId),
                rs -> new StoredDecision(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        longs(rs.getArray(5)), rs.getString(6))).stream().findFirst();
    }

    /** Stores a decision; false when one is already stored for the turn (nothing changes then). */
    public boolean insertDecision(StoredDecision decision, String answerText, OffsetDateTime now) {
        String sql = "insert into usage_decision (turn_id, user_id, agent_id, answer_text, outcome, reinforced_node_ids,"
                + " protocol, created_at) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?) on conflict (turn_id) do nothing";
        return update(sql, s -> {
            s.setString(1, decision.turnId());
            s.setString(2, decision.userId());
            s.setString(3, decision.agentId());
            s.setString(4, answerText);
            s.setString(5, decision.outcome());
            s.setArray(6, s.getConnection().createArrayOf("bigint", decision.reinforcedNodeIds().toArray()));
            s.setString(7, decision.protocolJson());
            s.setObject(8, now);
        }) == 1;
    }

    /** cos(vector, node.embedding) for the pair's nodes among {@code ids} that still exist. */
    public Map<Long, Double> cosines(String userId, String agentId, List<Long> ids, float[] vector) {
        Map<Long, Double> cosines = new LinkedHashMap<>();
        query("select e.node_id, 1 - (e.embedding <=> ?::vector) from long_term_node_embedding e"
                + " where e.user_id = ? and e.agent_id = ? and e.node_id = any(?) order by e.node_id", s -> {
                    s.setString(1, vectorLiteral(vector));
                    s.setString(2, userId);
                    s.setString(3, agentId);
                    s.setArray(4, s.getConnection().createArrayOf("bigint", ids.toArray()));
                }, rs -> cosines.put(rs.getLong(1), rs.getDouble(2)));
        return cosines;
    }

    /** Serialises promotion, usage reinforcement and Trigger 3 within a pair (§6 step 1), until commit. */
    public void lockPair(String userId, String agentId) {
        try (Connection c = dataSource.getConnection()) {
            PairLock.lock(c, userId, agentId);
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    /** Raw weights of the pair's nodes among {@code ids}, locked for update. */
    public Map<Long, Double> rawWeightsForUpdate(String userId, String agentId, List<Long> ids) {
        Map<Long, Double> raw = new LinkedHashMap<>();
        query("select id, raw_weight from long_term_node where user_id = ? and agent_id = ? and id = any(?)"
                + " order by id for update", s -> {
                    s.setString(1, userId);
                    s.setString(2, agentId);
                    s.setArray(3, s.getConnection().createArrayOf("bigint", ids.toArray()));
                }, rs -> raw.put(rs.getLong(1), rs.getDouble(2)));
        return raw;
    }

    /**
     * Usage reinforcement of §7 step 5 for every node in one statement: the new raw and absolute weights,
     * decay_weight = decay_base = absolute, decay_base_at = reinforced_at = now, frequency + 1, active.
     */
    public int reinforce(String userId, String agentId, long[] ids, double[] raw, double[] absolute,
            OffsetDateTime now) {
        String sql = """
                update long_term_node n
                   set raw_weight = u.raw, absolute_weight = u.abs, decay_weight = u.abs, decay_base = u.abs,
                       decay_base_at = ?, reinforced_at = ?, frequency = n.frequency + 1, active = true
                  from unnest(?::bigint[], ?::float8[], ?::float8[]) as u(id, raw, abs)
                 where n.id = u.id and n.user_id = ? and n.agent_id = ?
                """;
        return update(sql, s -> {
            s.setObject(1, now);
            s.setObject(2, now);
            s.setArray(3, s.getConnection().createArrayOf("bigint", box(ids)));
            s.setArray(4, s.getConnection().createArrayOf("float8", box(raw)));
            s.setArray(5, s.getConnection().createArrayOf("float8", box(absolute)));
            s.setString(6, userId);
            s.setString(7, agentId);
        });
    }

    // ---------------------------------------------------------------------------------------------------------
    // JDBC plumbing
    // ---------------------------------------------------------------------------------------------------------

    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement statement) throws SQLException;
    }

    @FunctionalInterface
    interface Reader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    <T> List<T> query(String sql, Binder binder, Reader<T> reader) {
        return query(sql, false, binder, reader);
    }

    /**
     * A statement PostgreSQL plans with the call's own parameters every time. The size of a pair decides the best
     * plan of a pair-bounded count or exact scan, but a statement prepared on the server switches after five calls
     * to a generic plan costed for an average pair: measured, a count bounded at 5,001 nodes of a 14k-node pair
     * then read through another pair's 100k rows (113 ms instead of 6 ms).
     */
    public static PreparedStatement prepareSizeDependent(Connection c, String sql) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        s.unwrap(PGStatement.class).setPrepareThreshold(0);
        return s;
    }

    private <T> List<T> query(String sql, boolean sizeDependent, Binder binder, Reader<T> reader) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = sizeDependent ? prepareSizeDependent(c, sql) : c.prepareStatement(sql)) {
            binder.bind(s);
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(reader.read(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    int update(String sql, Binder binder) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(s);
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    void execute(String sql, Binder binder) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(s);
            s.execute();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    private static String nodeColumns(boolean withEmbedding) {
        return NODE_COLUMNS.formatted(withEmbedding
                ? "(select e.embedding::text from long_term_node_embedding e where e.node_id = n.id"
                        + " and e.user_id = n.user_id and e.agent_id = n.agent_id)" : "null::text");
    }

    static NodeRow node(ResultSet rs) throws SQLException {
        int i = 1;
        return new NodeRow(rs.getLong(i++), rs.getString(i++), rs.getString(i++), rs.getString(i++),
                rs.getString(i++), rs.getString(i++), parseVector(rs.getString(i++)), strings(rs.getArray(i++)),
                strings(rs.getArray(i++)), longs(rs.getArray(i++)), rs.getObject(i++, OffsetDateTime.class),
                rs.getString(i++), rs.getString(i++), rs.getString(i++), rs.getDouble(i++), rs.getString(i++),
                rs.getObject(i++, OffsetDateTime.class), rs.getDouble(i++), rs.getDouble(i++), rs.getDouble(i++),
                rs.getDouble(i++), rs.getObject(i++, OffsetDateTime.class), rs.getInt(i++), rs.getBoolean(i++),
                rs.getObject(i++, OffsetDateTime.class), rs.getObject(i++, OffsetDateTime.class),
                rs.getObject(i++, OffsetDateTime.class), rs.getObject(i, OffsetDateTime.class));
    }

    static EdgeRow edge(ResultSet rs) throws SQLException {
        double distance = rs.getDouble(11);
        Double timelineDistance = rs.wasNull() ? null : distance;
        return new EdgeRow(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getDouble(4), rs.getDouble(5),
                rs.getObject(6, OffsetDateTime.class), rs.getObject(7, OffsetDateTime.class), strings(rs.getArray(8)),
                longs(rs.getArray(9)), strings(rs.getArray(10)), timelineDistance, rs.getString(12), rs.getDouble(13),
                rs.getInt(14));
    }

    public static List<String> strings(Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        return Arrays.stream((Object[]) array.getArray()).map(o -> (String) o).toList();
    }

    public static List<Long> longs(Array array) throws SQLException {
        if (array == null) {
            return List.of();
        }
        return Arrays.stream((Object[]) array.getArray()).map(o -> ((Number) o).longValue()).toList();
    }

    /** pgvector's text form {@code [x,y,…]}. */
    public static String vectorLiteral(float[] vector) {
        StringBuilder text = new StringBuilder(vector.length * 12).append('[');
        for (int i = 0; i < vector.length; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(vector[i]);
        }
        return text.append(']').toString();
    }

    static float[] parseVector(String text) {
        if (text == null) {
            return null;
        }
        String body = text.substring(1, text.length() - 1);
        if (body.isEmpty()) {
            return new float[0];
        }
        String[] parts = body.split(",");
        float[] vector = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            vector[i] = Float.parseFloat(parts[i]);
        }
        return vector;
    }

    static Long[] box(long[] values) {
        return Arrays.stream(values).boxed().toArray(Long[]::new);
    }

    static Double[] box(double[] values) {
        return Arrays.stream(values).boxed().toArray(Double[]::new);
    }

    static void setNullableDouble(PreparedStatement s, int i, Double value) throws SQLException {
        if (value == null) {
            s.setNull(i, Types.DOUBLE);
        } else {
            s.setDouble(i, value);
        }
    }
}
