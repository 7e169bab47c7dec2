package dev.brain.memory.longterm.promotion.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.pgvector.PGvector;

import dev.brain.db.Jdbc;
import dev.brain.memory.longterm.promotion.Candidate;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;

/**
 * The write side's statements on {@code long_term_node}, {@code long_term_edge} and {@code partition_stats}
 * (memory.md §6, §8): candidate lookups by index, the node copy of an entry, the batched edge insert, the
 * half-reactivation and the stats. Every statement filters by the pair (the node copy by its locked entry).
 */
@ApplicationScoped
public class NodeWriteRepository {

    private final Jdbc jdbc;

    public NodeWriteRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** No bound: every node of the pair is a candidate (promotion). */
    public static final long ALL = Long.MAX_VALUE;

    /** The pair's node count, counted only up to {@code limit} (enough to choose exact scan vs HNSW). */
    public long countUpTo(String userId, String agentId, long limit) {
        return countUpTo(userId, agentId, limit, ALL);
    }

    /** As {@link #countUpTo(String, String, long)}, among the nodes with an id below {@code beforeId}. */
    public long countUpTo(String userId, String agentId, long limit, long beforeId) {
        String sql = "select count(*) from (select 1 from long_term_node where user_id = ? and agent_id = ? limit ?) n";
        return jdbc.queryCustomPlan(bounded(sql, beforeId), s -> Jdbc.bind(s, pair(userId, agentId, beforeId, limit)),
                rs -> rs.getLong(1)).get(0);
    }

    /** The statement of candidate layer a with an exact scan: the pair's rows first, then sorted by distance. */
    public static final String NEAREST_EXACT = "with p as materialized (select node_id, embedding"
            + " from long_term_node_embedding where user_id = ? and agent_id = ?)"
            + " select node_id from p order by embedding <=> ? limit ?";
    /** Candidate layer a through HNSW; iterative scan keeps going until enough rows of the pair are found. */
    public static final String NEAREST_HNSW = "select node_id from long_term_node_embedding"
            + " where user_id = ? and agent_id = ? order by embedding <=> ? limit ?";
    public static final String SHARED_ENTITY = "select id from long_term_node where user_id = ? and agent_id = ?"
            + " and entity_ids && ?::bigint[]";
    public static final String SHARED_TOPIC = "select id from long_term_node where user_id = ? and agent_id = ?"
            + " and topic_keys && ?::text[]";
    public static final String TIME_WINDOW = "select id from long_term_node where user_id = ? and agent_id = ?"
            + " and time_precision = ? and time_at >= ? and time_at < ?";

    /** Layer a: the {@code limit} nearest nodes (exact or HNSW with iterative scan). */
    public List<Long> nearest(String userId, String agentId, float[] query, int limit, boolean exact, int efSearch) {
        return nearest(userId, agentId, query, limit, exact, efSearch, ALL);
    }

    /**
     * Layer a among the nodes with an id below {@code beforeId} ({@link #ALL}: every node of the pair); the exact
     * scan is planned for this pair's size, the HNSW scan's settings hold until the end of the transaction.
     */
    public List<Long> nearest(String userId, String agentId, float[] query, int limit, boolean exact, int efSearch,
            long beforeId) {
        if (!exact) {
            jdbc.update("set local hnsw.iterative_scan = relaxed_order");
            jdbc.update("set local hnsw.ef_search = " + Math.max(efSearch, Math.min(limit, 1000)));
        }
        String sql = bounded(exact ? NEAREST_EXACT : NEAREST_HNSW, beforeId);
        Object[] params = pair(userId, agentId, beforeId, new PGvector(query), limit);
        return distinct(exact ? jdbc.queryCustomPlan(sql, s -> Jdbc.bind(s, params), rs -> rs.getLong(1))
                : jdbc.list(sql, rs -> rs.getLong(1), params));
    }

    /** Layer b: nodes sharing an entity id (GIN on entity_ids). */
    public List<Long> sharingEntity(String userId, String agentId, List<Long> entityIds) {
        return sharingEntity(userId, agentId, entityIds, ALL);
    }

    public List<Long> sharingEntity(String userId, String agentId, List<Long> entityIds, long beforeId) {
        return entityIds.isEmpty() ? List.of()
                : ids(SHARED_ENTITY, userId, agentId, beforeId,
                        (Object) entityIds.toArray(Long[]::new));
    }

    /** Layer c: nodes sharing a topic key (GIN on topic_keys). */
    public List<Long> sharingTopic(String userId, String agentId, List<String> topicKeys) {
        return sharingTopic(userId, agentId, topicKeys, ALL);
    }

    public List<Long> sharingTopic(String userId, String agentId, List<String> topicKeys, long beforeId) {
        return topicKeys.isEmpty() ? List.of()
                : ids(SHARED_TOPIC, userId, agentId, beforeId,
                        (Object) topicKeys.toArray(String[]::new));
    }

    /** Layer d: nodes of the same precision with time_at in [from, to) (b-tree on pair, precision, time_at). */
    public List<Long> inTimeWindow(String userId, String agentId, Precision precision, Instant from, Instant to) {
        return inTimeWindow(userId, agentId, precision, from, to, ALL);
    }

    public List<Long> inTimeWindow(String userId, String agentId, Precision precision, Instant from, Instant to,
            long beforeId) {
        return ids(TIME_WINDOW, userId, agentId, beforeId, precision.dbName(), from.atOffset(ZoneOffset.UTC),
                to.atOffset(ZoneOffset.UTC));
    }

    /**
     * A pair statement restricted to the nodes with an id below the bound (Reembed's rebuild: the nodes that existed
     * when a node was created, ids being drawn at insert); {@link #ALL} keeps the statement as it is. Every
     * statement here filters the pair with exactly one {@code agent_id = ?}, the bound goes right after it (on
     * {@code node_id} in the statements on {@code long_term_node_embedding}).
     */
    public static String bounded(String sql, long beforeId) {
        String id = sql.contains("long_term_node_embedding") ? "node_id" : "id";
        return beforeId == ALL ? sql : sql.replace("agent_id = ?", "agent_id = ? and " + id + " < ?");
    }

    /** The parameters of a {@link #bounded} pair statement: user, agent, (when bounded) the bound, then {@code rest}. */
    private static Object[] pair(String userId, String agentId, long beforeId, Object... rest) {
        List<Object> params = new ArrayList<>(List.of(userId, agentId));
        if (beforeId != ALL) {
            params.add(beforeId);
        }
        Collections.addAll(params, rest);
        return params.toArray();
    }

    /** The node ids a bounded pair statement finds, each once, in the order found. */
    private List<Long> ids(String sql, String userId, String agentId, long beforeId, Object... rest) {
        return distinct(jdbc.list(bounded(sql, beforeId), rs -> rs.getLong(1), pair(userId, agentId, beforeId, rest)));
    }

    private static List<Long> distinct(List<Long> ids) {
        return List.copyOf(new LinkedHashSet<>(ids));
    }

    /** The candidates' layer data, weights, activity and cosine to the entry vector. */
    public List<Candidate> load(String userId, String agentId, Set<Long> ids, float[] query) {
        String sql = "select n.id, n.active, n.absolute_weight, n.entity_ids, n.topic_keys, n.topics, n.time_at,"
                + " n.time_precision, 1 - (e.embedding <=> ?) from long_term_node n"
                + " join long_term_node_embedding e on e.node_id = n.id and e.user_id = n.user_id"
                + " and e.agent_id = n.agent_id where n.user_id = ? and n.agent_id = ? and n.id = any(?) order by n.id";
        return jdbc.list(sql, NodeWriteRepository::candidate, new PGvector(query), userId, agentId,
                ids.toArray(Long[]::new));
    }

    /**
     * A candidate row: id, active, absolute_weight, entity_ids, topic_keys, topics, time_at, time_precision and
     * the cosine as the 9th column (Trigger 3 reads its candidates the same way).
     */
    public static Candidate candidate(ResultSet rs) throws SQLException {
        OffsetDateTime at = rs.getObject("time_at", OffsetDateTime.class);
        TimeRef time = at == null ? null : new TimeRef(at.toInstant(), Precision.ofDb(rs.getString("time_precision")));
        return new Candidate(rs.getLong("id"), rs.getBoolean("active"), rs.getDouble("absolute_weight"),
                rs.getDouble(9), new LayerData(Jdbc.longs(rs, "entity_ids"), Jdbc.strings(rs, "topic_keys"),
                        Jdbc.strings(rs, "topics"), time));
    }

    /** §4.3: the node as a one-to-one copy of the entry plus its initial dynamics; returns its id. */
    public long insertFromEntry(long entryId, double raw, double absolute, OffsetDateTime now) {
        String sql = """
                with entry as (select * from short_term_entry where id = ?),
                node as (
                insert into long_term_node (user_id, agent_id, observer, source_key, content, topics,
                    topic_keys, entity_ids, time_at, time_precision, timeline_ref, emotion, arousal, metadata,
                    entry_created_at, raw_weight, absolute_weight, decay_weight, decay_base, decay_base_at, frequency,
                    active, created_at, reinforced_at)
                select user_id, agent_id, observer, entry_key, content, topics, topic_keys, entity_ids,
                       time_at, time_precision, timeline_ref, emotion, arousal, metadata, created_at,
                       ?, ?, ?, ?, ?, 1, true, ?, ?
                  from entry
                returning id, user_id, agent_id)
                insert into long_term_node_embedding (node_id, user_id, agent_id, embedding)
                select node.id, node.user_id, node.agent_id, entry.embedding from node, entry
                returning node_id""";
        return jdbc.one(sql, rs -> rs.getLong(1), entryId, raw, absolute, absolute, absolute, now, now, now)
                .orElseThrow();
    }

    /**
     * All edges of one promotion in one statement: rows as a JSON array of records (from_node_id, to_node_id,
     * raw_weight, absolute_weight, reasons, shared_entity_ids, shared_topics, timeline_distance,
     * timeline_precision, embedding_cosine_initial, layer_count).
     */
    public int insertEdges(String userId, String agentId, String rowsJson, OffsetDateTime now) {
        String sql = """
                insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight, absolute_weight,
                    reasons, shared_entity_ids, shared_topics, timeline_distance, timeline_precision,
                    embedding_cosine_initial, layer_count, created_at)
                select ?, ?, r.from_node_id, r.to_node_id, r.raw_weight, r.absolute_weight, r.reasons,
                       r.shared_entity_ids, r.shared_topics, r.timeline_distance, r.timeline_precision,
                       r.embedding_cosine_initial, r.layer_count, ?
                  from jsonb_to_recordset(?::jsonb) as r(from_node_id bigint, to_node_id bigint,
                       raw_weight double precision, absolute_weight double precision, reasons text[],
                       shared_entity_ids bigint[], shared_topics text[], timeline_distance double precision,
                       timeline_precision text, embedding_cosine_initial double precision, layer_count smallint)""";
        return jdbc.update(sql, userId, agentId, now, rowsJson);
    }

    /**
     * §8.2: decay_base = decay_weight = (absolute + min-weight) / 2, decay_base_at = reactivated_at = now,
     * active = true; nothing else changes.
     */
    public void halfReactivate(String userId, String agentId, long nodeId, double minWeight, OffsetDateTime now) {
        jdbc.update("update long_term_node set decay_base = (absolute_weight + ?) / 2,"
                + " decay_weight = (absolute_weight + ?) / 2, decay_base_at = ?, reactivated_at = ?, active = true"
                + " where user_id = ? and agent_id = ? and id = ?", minWeight, minWeight, now, now, userId, agentId,
                nodeId);
    }

    /**
     * partition_stats by a delta; counts never fall below 0 (graphs built by import or fixtures may have no
     * stats row, which then starts at the clamped delta).
     */
    public void adjustStats(String userId, String agentId, long nodes, long active, long edges) {
        jdbc.update("insert into partition_stats as ps (user_id, agent_id, node_count, active_count, edge_count)"
                + " values (?, ?, greatest(?, 0), greatest(?, 0), greatest(?, 0)) on conflict (user_id, agent_id)"
                + " do update set node_count = greatest(ps.node_count + ?, 0),"
                + " active_count = greatest(ps.active_count + ?, 0), edge_count = greatest(ps.edge_count + ?, 0)",
                userId, agentId, nodes, active, edges, nodes, active, edges);
    }
}
