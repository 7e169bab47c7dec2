package dev.brain.memory.longterm.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.PgVector;
import dev.brain.memory.longterm.partition.repository.PairLock;

/**
 * The read-side statements on nodes, edges, turn records and usage decisions (memory.md §7, §9, §13), in one
 * place: native SQL because anchors need pgvector's {@code <=>}, a shell is one {@code LATERAL} query and
 * reinforcement one set-based update. Every statement filters by the pair.
 */
@ApplicationScoped
public class LongTermRepository {

    /** The columns of a {@link NodeRow}; the 7th ({@code %s}) is the embedding as text or a null. */
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

    private final Jdbc jdbc;

    public LongTermRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Nodes and edges
    // ---------------------------------------------------------------------------------------------------------

    /** The pair a node belongs to, or empty when no node has this id. */
    public Optional<Owner> nodeOwner(long id) {
        return jdbc.one("select user_id, agent_id from long_term_node where id = ?",
                rs -> new Owner(rs.getString(1), rs.getString(2)), id);
    }

    public Optional<NodeRow> node(String userId, String agentId, long id, boolean withEmbedding) {
        return jdbc.one("select " + nodeColumns(withEmbedding)
                + " from long_term_node n where n.user_id = ? and n.agent_id = ? and n.id = ?",
                LongTermRepository::node, userId, agentId, id);
    }

    /** The nodes of the pair with these ids (any order; missing ids are left out), without embeddings. */
    public Map<Long, NodeRow> nodes(String userId, String agentId, List<Long> ids) {
        Map<Long, NodeRow> nodes = new LinkedHashMap<>();
        jdbc.list("select " + nodeColumns(false)
                + " from long_term_node n where n.user_id = ? and n.agent_id = ? and n.id = any(?)",
                LongTermRepository::node, userId, agentId, ids.toArray(Long[]::new)).forEach(n -> nodes.put(n.id(), n));
        return nodes;
    }

    /** A page of the pair's nodes by id, after {@code afterId}; {@code limit} rows at most. */
    public List<NodeRow> listNodes(String userId, String agentId, Boolean active, String observer, long afterId,
            int limit, boolean withEmbedding) {
        String sql = "select " + nodeColumns(withEmbedding) + " from long_term_node n"
                + " where n.user_id = ? and n.agent_id = ? and n.id > ?"
                + (active == null ? "" : " and n.active = ?") + (observer == null ? "" : " and n.observer = ?")
                + " order by n.id limit ?";
        List<Object> params = new ArrayList<>(List.of(userId, agentId, afterId));
        if (active != null) {
            params.add(active);
        }
        if (observer != null) {
            params.add(observer);
        }
        params.add(limit);
        return jdbc.list(sql, LongTermRepository::node, params.toArray());
    }

    /** Direction of {@link #listEdges}. */
    public enum EdgeDirection {
        OUT,
        IN,
        BOTH
    }

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
        List<Object> params = new ArrayList<>(List.of(userId, agentId, nodeId));
        if (direction == EdgeDirection.BOTH) {
            params.add(nodeId);
        }
        if (afterId != null) {
            params.addAll(List.of(afterWeight, afterWeight, afterId));
        }
        params.add(limit);
        return jdbc.list(sql, LongTermRepository::edge, params.toArray());
    }

    // ---------------------------------------------------------------------------------------------------------
    // Read path (§9)
    // ---------------------------------------------------------------------------------------------------------

    /** The pair's active node count as {@code partition_stats} records it; 0 without a row. */
    public long recordedActiveCount(String userId, String agentId) {
        return jdbc.count("select active_count from partition_stats where user_id = ? and agent_id = ?", userId,
                agentId);
    }

    /** Active nodes of the pair, counted up to {@code max} (bounded index scan, planned for this pair's size). */
    public int activeCountUpTo(String userId, String agentId, int max) {
        String sql = "select count(*) from (select 1 from long_term_node n where n.user_id = ? and n.agent_id = ?"
                + " and n.active limit ?) c";
        return jdbc.queryCustomPlan(sql, s -> Jdbc.bind(s, userId, agentId, max), rs -> rs.getInt(1)).get(0);
    }

    /**
     * The {@code limit} active nodes of the pair (observer filter applied; empty = both) nearest to {@code vector}
     * by cosine, nearest first (ties: lower id). {@code exact} scans the pair's active nodes (planned for this
     * pair's size); otherwise the HNSW index is used with iterative scan and {@code efSearch} (must run inside a
     * transaction: SET LOCAL).
     */
    public List<Scored> nearestActive(String userId, String agentId, float[] vector, List<String> observers,
            int limit, boolean exact, int efSearch) {
        if (exact) {
            return nearestActiveExact(userId, agentId, vector, observers, limit);
        }
        String filter = "e.user_id = ? and e.agent_id = ? and n.active"
                + (observers.isEmpty() ? "" : " and n.observer = any(?)");
        jdbc.list("select set_config('hnsw.ef_search', ?, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)",
                rs -> rs.getString(1), Integer.toString(Math.max(efSearch, limit)));
        String sql = "select n.id, e.embedding <=> ?::vector as d from long_term_node_embedding e join long_term_node n"
                + " on n.id = e.node_id and n.user_id = e.user_id and n.agent_id = e.agent_id where " + filter
                + " order by e.embedding <=> ?::vector limit ?";
        String literal = PgVector.literal(vector);
        List<Object> params = new ArrayList<>(List.of(literal, userId, agentId));
        if (!observers.isEmpty()) {
            params.add(observers.toArray(String[]::new));
        }
        params.add(literal);
        params.add(limit);
        List<Scored> found = new ArrayList<>(jdbc.list(sql, rs -> new Scored(rs.getLong(1), 1 - rs.getDouble(2)),
                params.toArray()));
        // relaxed order of the iterative index scan: restore (cosine desc, id asc)
        found.sort((a, b) -> a.cosine() != b.cosine() ? Double.compare(b.cosine(), a.cosine()) : Long.compare(a.id(), b.id()));
        return found;
    }

    /**
     * The exact scan, in two statements that no statistics can plan badly: the pair's vectors nearest first (one
     * partition, every node, a few more than asked for), then which of those nodes are active and pass the observer
     * filter (by primary key); again with all of the pair's vectors when too many were filtered out. As one join,
     * a pair planned as empty (stale statistics after a burst of promotions) joined every vector with every node:
     * 54–117 ms for 700 memories instead of ~2 ms.
     */
    private List<Scored> nearestActiveExact(String userId, String agentId, float[] vector, List<String> observers,
            int limit) {
        String literal = PgVector.literal(vector);
        int fetch = limit + Math.max(16, limit);
        while (true) {
            int rows = fetch;
            List<Scored> nearest = jdbc.queryCustomPlan("""
                    select node_id, embedding <=> ?::vector as d from long_term_node_embedding
                    where user_id = ? and agent_id = ? order by d, node_id limit ?""",
                    s -> Jdbc.bind(s, literal, userId, agentId, rows), rs -> new Scored(rs.getLong(1), 1 - rs.getDouble(2)));
            if (nearest.isEmpty()) {
                return nearest;
            }
            Long[] ids = nearest.stream().map(Scored::id).toArray(Long[]::new);
            java.util.Set<Long> kept = new java.util.HashSet<>(jdbc.list("select id from long_term_node where id = any(?)"
                    + " and user_id = ? and agent_id = ? and active" + (observers.isEmpty() ? "" : " and observer = any(?)"),
                    rs -> rs.getLong(1), observers.isEmpty() ? new Object[] { ids, userId, agentId }
                            : new Object[] { ids, userId, agentId, observers.toArray(String[]::new) }));
            List<Scored> found = nearest.stream().filter(n -> kept.contains(n.id())).limit(limit).toList();
            if (found.size() == limit || nearest.size() < fetch) {
                return found;
            }
            fetch = fetch * 4; // many inactive or filtered nodes among the nearest: look further
        }
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
        Object[] params = observers.isEmpty() ? new Object[] { nodes, predecessors, userId, agentId, k }
                : new Object[] { nodes, predecessors, userId, agentId, observers.toArray(String[]::new), k };
        return jdbc.list(sql, rs -> new Step((int) rs.getLong("i") - 1, rs.getLong("id"), rs.getLong("from_node_id"),
                rs.getLong("to_node_id"), rs.getDouble("absolute_weight"), Jdbc.strings(rs, "reasons"),
                Jdbc.longs(rs, "shared_entity_ids"), Jdbc.strings(rs, "shared_topics")), params);
    }

    /** Entity names of the pair's registry for these ids. */
    public Map<Long, String> entityNames(String userId, String agentId, List<Long> ids) {
        Map<Long, String> names = new LinkedHashMap<>();
        if (ids.isEmpty()) {
            return names;
        }
        jdbc.list("select id, name from entity where user_id = ? and agent_id = ? and id = any(?)",
                rs -> Map.entry(rs.getLong(1), rs.getString(2)), userId, agentId, ids.toArray(Long[]::new))
                .forEach(e -> names.put(e.getKey(), e.getValue()));
        return names;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Turn records (§7 step 1)
    // ---------------------------------------------------------------------------------------------------------

    public Optional<Owner> turnOwner(String turnId) {
        return jdbc.one("select user_id, agent_id from turn_read where turn_id = ?",
                rs -> new Owner(rs.getString(1), rs.getString(2)), turnId);
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
        return jdbc.update(sql, turnId, userId, agentId, nodeIds.stream().sorted().distinct().toArray(Long[]::new),
                now) == 1;
    }

    /** The distinct node ids read in the turn (ascending), or empty when the turn has no record. */
    public List<Long> turnNodes(String turnId) {
        return jdbc.one("select node_ids from turn_read where turn_id = ?", rs -> Jdbc.longs(rs, "node_ids"), turnId)
                .orElse(List.of());
    }

    // ---------------------------------------------------------------------------------------------------------
    // Usage reinforcement (§7)
    // ---------------------------------------------------------------------------------------------------------

    public Optional<StoredDecision> decision(String turnId) {
        return jdbc.one("select turn_id, user_id, agent_id, outcome, reinforced_node_ids, protocol::text"
                + " from usage_decision where turn_id = ?",
                rs -> new StoredDecision(rs.getString("turn_id"), rs.getString("user_id"), rs.getString("agent_id"),
                        rs.getString("outcome"), Jdbc.longs(rs, "reinforced_node_ids"), rs.getString("protocol")),
                turnId);
    }

    /** Stores a decision; false when one is already stored for the turn (nothing changes then). */
    public boolean insertDecision(StoredDecision decision, String answerText, OffsetDateTime now) {
        String sql = "insert into usage_decision (turn_id, user_id, agent_id, answer_text, outcome, reinforced_node_ids,"
                + " protocol, created_at) values (?, ?, ?, ?, ?, ?, ?::jsonb, ?) on conflict (turn_id) do nothing";
        return jdbc.update(sql, decision.turnId(), decision.userId(), decision.agentId(), answerText,
                decision.outcome(), decision.reinforcedNodeIds().toArray(Long[]::new), decision.protocolJson(),
                now) == 1;
    }

    /** cos(vector, node.embedding) for the pair's nodes among {@code ids} that still exist. */
    public Map<Long, Double> cosines(String userId, String agentId, List<Long> ids, float[] vector) {
        Map<Long, Double> cosines = new LinkedHashMap<>();
        jdbc.list("select e.node_id, 1 - (e.embedding <=> ?::vector) from long_term_node_embedding e"
                + " where e.user_id = ? and e.agent_id = ? and e.node_id = any(?) order by e.node_id",
                rs -> Map.entry(rs.getLong(1), rs.getDouble(2)), PgVector.of(vector), userId, agentId,
                ids.toArray(Long[]::new)).forEach(e -> cosines.put(e.getKey(), e.getValue()));
        return cosines;
    }

    /** Serialises promotion, usage reinforcement and Trigger 3 within a pair (§6 step 1), until commit. */
    public void lockPair(String userId, String agentId) {
        PairLock.lock(jdbc, userId, agentId);
    }

    /** Raw weights of the pair's nodes among {@code ids}, locked for update. */
    public Map<Long, Double> rawWeightsForUpdate(String userId, String agentId, List<Long> ids) {
        Map<Long, Double> raw = new LinkedHashMap<>();
        jdbc.list("select id, raw_weight from long_term_node where user_id = ? and agent_id = ? and id = any(?)"
                + " order by id for update", rs -> Map.entry(rs.getLong(1), rs.getDouble(2)), userId, agentId,
                ids.toArray(Long[]::new)).forEach(e -> raw.put(e.getKey(), e.getValue()));
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
        return jdbc.update(sql, now, now, ids, raw, absolute, userId, agentId);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Rows
    // ---------------------------------------------------------------------------------------------------------

    private static String nodeColumns(boolean withEmbedding) {
        return NODE_COLUMNS.formatted(withEmbedding
                ? "(select e.embedding::text from long_term_node_embedding e where e.node_id = n.id"
                        + " and e.user_id = n.user_id and e.agent_id = n.agent_id)"
                : "null::text");
    }

    static NodeRow node(ResultSet rs) throws SQLException {
        return new NodeRow(rs.getLong("id"), rs.getString("user_id"), rs.getString("agent_id"),
                rs.getString("observer"), rs.getString("source_key"), rs.getString("content"),
                PgVector.parse(rs.getString(7)), Jdbc.strings(rs, "topics"), Jdbc.strings(rs, "topic_keys"),
                Jdbc.longs(rs, "entity_ids"), rs.getObject("time_at", OffsetDateTime.class),
                rs.getString("time_precision"), rs.getString("timeline_ref"), rs.getString("emotion"),
                rs.getDouble("arousal"), rs.getString("metadata"), rs.getObject("entry_created_at", OffsetDateTime.class),
                rs.getDouble("raw_weight"), rs.getDouble("absolute_weight"), rs.getDouble("decay_weight"),
                rs.getDouble("decay_base"), rs.getObject("decay_base_at", OffsetDateTime.class), rs.getInt("frequency"),
                rs.getBoolean("active"), rs.getObject("created_at", OffsetDateTime.class),
                rs.getObject("reinforced_at", OffsetDateTime.class), rs.getObject("decayed_at", OffsetDateTime.class),
                rs.getObject("reactivated_at", OffsetDateTime.class));
    }

    static EdgeRow edge(ResultSet rs) throws SQLException {
        return new EdgeRow(rs.getLong("id"), rs.getLong("from_node_id"), rs.getLong("to_node_id"),
                rs.getDouble("raw_weight"), rs.getDouble("absolute_weight"),
                rs.getObject("created_at", OffsetDateTime.class), rs.getObject("recomputed_at", OffsetDateTime.class),
                Jdbc.strings(rs, "reasons"), Jdbc.longs(rs, "shared_entity_ids"), Jdbc.strings(rs, "shared_topics"),
                Jdbc.doubleOrNull(rs, "timeline_distance"), rs.getString("timeline_precision"),
                rs.getDouble("embedding_cosine_initial"), rs.getInt("layer_count"));
    }
}
