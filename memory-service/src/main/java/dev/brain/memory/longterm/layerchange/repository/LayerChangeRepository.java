package dev.brain.memory.longterm.layerchange.repository;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.memory.longterm.promotion.Candidate;
import dev.brain.memory.longterm.promotion.repository.NodeWriteRepository;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;

/**
 * Trigger 3's statements (memory.md §5.6) on tables {@code long_term_node}, {@code short_term_entry},
 * {@code long_term_edge} and {@code long_term_node_embedding}: the set-based rewrites of entity ids and time
 * references in a pair's nodes and short-term entries, the read of the edges around the affected nodes with their
 * endpoints' layer data, the set-based rewrite and delete of those edges, and the candidates of new edges with their
 * cosine to an affected node. Every statement filters by the pair; all run in the caller's transaction.
 */
@ApplicationScoped
public class LayerChangeRepository {

    /** The tables whose rows carry entity ids and time references. */
    public enum Rows {
        NODES("long_term_node"),
        ENTRIES("short_term_entry");

        final String table;

        Rows(String table) {
            this.table = table;
        }
    }

    /** What an edge keeps through Trigger 3: its endpoints and frozen embedding/topics data. */
    public record StoredEdge(long id, long from, long to, List<String> reasons, int sharedTopics, double cosine) {
    }

    /** An endpoint's current layer data and anchor weight. */
    public record NodeData(long id, double absoluteWeight, LayerData data) {
    }

    /**
     * Each from id replaced by {@code into}, first occurrence kept, order otherwise unchanged; returns the ids
     * of the rewritten rows.
     */
    static final String REPLACE_ENTITIES = """
            update %s set entity_ids = (select coalesce(array_agg(v order by o), '{}') from (
                      select v, min(o) o from (
                          select case when x = any(?::bigint[]) then ?::bigint else x end v, o
                            from unnest(entity_ids) with ordinality u(x, o)) m
                       group by v) d)
             where user_id = ? and agent_id = ? and entity_ids && ?::bigint[]
            returning id""";
    static final String REMOVE_ENTITY = """
            update %s set entity_ids = array_remove(entity_ids, ?::bigint)
             where user_id = ? and agent_id = ? and entity_ids && array[?::bigint]
            returning id""";
    static final String SET_TIME = """
            update %s set time_at = ?, time_precision = ?
             where user_id = ? and agent_id = ? and timeline_ref = ?
            returning id""";

    private final Jdbc jdbc;

    public LayerChangeRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public List<Long> replaceEntities(Rows rows, String userId, String agentId, Long[] from, long into) {
        return ids(REPLACE_ENTITIES.formatted(rows.table), from, into, userId, agentId, from);
    }

    public List<Long> removeEntity(Rows rows, String userId, String agentId, long entityId) {
        return ids(REMOVE_ENTITY.formatted(rows.table), entityId, userId, agentId, entityId);
    }

    /** Sets (or with {@code time} null removes) the time reference of every row carrying {@code timelineRef}. */
    public List<Long> setTime(Rows rows, String userId, String agentId, String timelineRef, TimeRef time) {
        return ids(SET_TIME.formatted(rows.table), time == null ? null : time.at().atOffset(ZoneOffset.UTC),
                time == null ? null : time.precision().dbName(), userId, agentId, timelineRef);
    }

    /** Whether a node or an entry of the pair carries the entity id (an id used without a registry row). */
    public boolean entityReferenced(String userId, String agentId, long entityId) {
        String sql = "select exists (select 1 from long_term_node where user_id = ? and agent_id = ?"
                + " and entity_ids && array[?::bigint]) or exists (select 1 from short_term_entry"
                + " where user_id = ? and agent_id = ? and entity_ids && array[?::bigint])";
        return jdbc.one(sql, rs -> rs.getBoolean(1), userId, agentId, entityId, userId, agentId, entityId)
                .orElseThrow();
    }

    /** Every edge of the pair from or to one of the nodes, in id order. */
    public List<StoredEdge> edgesTouching(String userId, String agentId, Collection<Long> nodes) {
        String sql = "select id, from_node_id, to_node_id, reasons, cardinality(shared_topics), embedding_cosine_initial"
                + " from long_term_edge where user_id = ? and agent_id = ?"
                + " and (from_node_id = any(?::bigint[]) or to_node_id = any(?::bigint[])) order by id";
        Long[] ids = nodes.toArray(Long[]::new);
        return jdbc.list(sql, rs -> new StoredEdge(rs.getLong("id"), rs.getLong("from_node_id"),
                rs.getLong("to_node_id"), Jdbc.strings(rs, "reasons"), rs.getInt(5),
                rs.getDouble("embedding_cosine_initial")), userId, agentId, ids, ids);
    }

    /** Current layer data and absolute weight of the pair's nodes among {@code ids}. */
    public Map<Long, NodeData> nodeData(String userId, String agentId, Collection<Long> ids) {
        String sql = "select id, absolute_weight, entity_ids, topic_keys, topics, time_at, time_precision"
                + " from long_term_node where user_id = ? and agent_id = ? and id = any(?::bigint[])";
        Map<Long, NodeData> nodes = new HashMap<>();
        jdbc.list(sql, rs -> {
            OffsetDateTime at = rs.getObject("time_at", OffsetDateTime.class);
            TimeRef time = at == null ? null : new TimeRef(at.toInstant(), Precision.ofDb(rs.getString("time_precision")));
            return new NodeData(rs.getLong("id"), rs.getDouble("absolute_weight"), new LayerData(
                    Jdbc.longs(rs, "entity_ids"), Jdbc.strings(rs, "topic_keys"), Jdbc.strings(rs, "topics"), time));
        }, userId, agentId, ids.toArray(Long[]::new)).forEach(n -> nodes.put(n.id(), n));
        return nodes;
    }

    /** The pair's nodes among {@code ids} as candidates: layer data, weight and cosine to node {@code nodeId}. */
    public List<Candidate> candidates(String userId, String agentId, long nodeId, Collection<Long> ids) {
        String sql = """
                select n.id, n.active, n.absolute_weight, n.entity_ids, n.topic_keys, n.topics, n.time_at,
                       n.time_precision, 1 - (ne.embedding <=> a.embedding)
                  from long_term_node n join long_term_node_embedding ne
                    on ne.node_id = n.id and ne.user_id = n.user_id and ne.agent_id = n.agent_id,
                       long_term_node_embedding a
                 where a.node_id = ? and a.user_id = ? and a.agent_id = ?
                   and n.user_id = ? and n.agent_id = ? and n.id = any(?::bigint[])
                 order by n.id""";
        return jdbc.list(sql, NodeWriteRepository::candidate, nodeId, userId, agentId, userId, agentId,
                ids.toArray(Long[]::new));
    }

    /**
     * The re-evaluated edges in one statement: rows as a JSON array of records (id, raw_weight, absolute_weight,
     * reasons, shared_entity_ids, timeline_distance, timeline_precision, layer_count).
     */
    public int rewriteEdges(String userId, String agentId, String rowsJson, OffsetDateTime now) {
        String sql = """
                update long_term_edge e set raw_weight = r.raw_weight, absolute_weight = r.absolute_weight,
                       reasons = r.reasons, shared_entity_ids = r.shared_entity_ids,
                       timeline_distance = r.timeline_distance, timeline_precision = r.timeline_precision,
                       layer_count = r.layer_count, recomputed_at = ?
                  from jsonb_to_recordset(?::jsonb) as r(id bigint, raw_weight double precision,
                       absolute_weight double precision, reasons text[], shared_entity_ids bigint[],
                       timeline_distance double precision, timeline_precision text, layer_count smallint)
                 where e.id = r.id and e.user_id = ? and e.agent_id = ?""";
        return jdbc.update(sql, now, rowsJson, userId, agentId);
    }

    public int deleteEdges(String userId, String agentId, Collection<Long> ids) {
        return jdbc.update("delete from long_term_edge where user_id = ? and agent_id = ? and id = any(?::bigint[])",
                userId, agentId, ids.toArray(Long[]::new));
    }

    /** The ids an {@code update … returning id} statement rewrote. */
    private List<Long> ids(String sql, Object... params) {
        return jdbc.list(sql, rs -> rs.getLong(1), params);
    }
}
