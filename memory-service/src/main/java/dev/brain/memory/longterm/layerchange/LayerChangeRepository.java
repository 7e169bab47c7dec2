package dev.brain.memory.longterm.layerchange;

import static dev.brain.memory.longterm.repository.LongTermRepository.longs;
import static dev.brain.memory.longterm.repository.LongTermRepository.strings;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.longterm.promotion.Candidate;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;
import dev.brain.db.DataAccessException;

/**
 * Trigger 3's statements (memory.md §5.6): the set-based rewrites of entity ids and time references in a pair's
 * nodes and short-term entries, the read of the edges around the affected nodes with their endpoints' layer
 * data, the set-based rewrite and delete of those edges, and the candidates of new edges with their cosine to
 * an affected node. Every statement filters by the pair; all run in the caller's transaction.
 */
@ApplicationScoped
public class LayerChangeRepository {

    /** The tables whose rows carry entity ids and time references. */
    public enum Rows {
        NODES("long_term_node"), ENTRIES("short_term_entry");

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

    private final DataSource dataSource;

    public LayerChangeRepository(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public List<Long> replaceEntities(Rows rows, String userId, String agentId, Long[] from, long into) {
        return ids(REPLACE_ENTITIES.formatted(rows.table), (c, s) -> {
            s.setArray(1, c.createArrayOf("bigint", from));
            s.setLong(2, into);
            s.setString(3, userId);
            s.setString(4, agentId);
            s.setArray(5, c.createArrayOf("bigint", from));
        });
    }

    public List<Long> removeEntity(Rows rows, String userId, String agentId, long entityId) {
        return ids(REMOVE_ENTITY.formatted(rows.table), (c, s) -> {
            s.setLong(1, entityId);
            s.setString(2, userId);
            s.setString(3, agentId);
            s.setLong(4, entityId);
        });
    }

    /** Sets (or with {@code time} null removes) the time reference of every row carrying {@code timelineRef}. */
    public List<Long> setTime(Rows rows, String userId, String agentId, String timelineRef, TimeRef time) {
        return ids(SET_TIME.formatted(rows.table), (c, s) -> {
            if (time == null) {
                s.setNull(1, Types.TIMESTAMP_WITH_TIMEZONE);
                s.setNull(2, Types.VARCHAR);
            } else {
                s.setObject(1, time.at().atOffset(java.time.ZoneOffset.UTC));
                s.setString(2, time.precision().dbName());
            }
            s.setString(3, userId);
            s.setString(4, agentId);
            s.setString(5, timelineRef);
        });
    }

    /** Whether a node or an entry of the pair carries the entity id (an id used without a registry row). */
    public boolean entityReferenced(String userId, String agentId, long entityId) {
        String sql = "select exists (select 1 from long_term_node where user_id = ? and agent_id = ?"
                + " and entity_ids && array[?::bigint]) or exists (select 1 from short_term_entry"
                + " where user_id = ? and agent_id = ? and entity_ids && array[?::bigint])";
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setLong(3, entityId);
            s.setString(4, userId);
            s.setString(5, agentId);
            s.setLong(6, entityId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    /** Every edge of the pair from or to one of the nodes, in id order. */
    public List<StoredEdge> edgesTouching(String userId, String agentId, Collection<Long> nodes) {
        String sql = "select id, from_node_id, to_node_id, reasons, cardinality(shared_topics), embedding_cosine_initial"
                + " from long_term_edge where user_id = ? and agent_id = ?"
                + " and (from_node_id = any(?::bigint[]) or to_node_id = any(?::bigint[])) order by id";
        List<StoredEdge> edges = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, c.createArrayOf("bigint", nodes.toArray()));
            s.setArray(4, c.createArrayOf("bigint", nodes.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    edges.add(new StoredEdge(rs.getLong(1), rs.getLong(2), rs.getLong(3), strings(rs.getArray(4)),
                            rs.getInt(5), rs.getDouble(6)));
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        return edges;
    }

    /** Current layer data and absolute weight of the pair's nodes among {@code ids}. */
    public Map<Long, NodeData> nodeData(String userId, String agentId, Collection<Long> ids) {
        String sql = "select id, absolute_weight, entity_ids, topic_keys, topics, time_at, time_precision"
                + " from long_term_node where user_id = ? and agent_id = ? and id = any(?::bigint[])";
        Map<Long, NodeData> nodes = new HashMap<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, c.createArrayOf("bigint", ids.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    OffsetDateTime at = rs.getObject(6, OffsetDateTime.class);
                    TimeRef time = at == null ? null : new TimeRef(at.toInstant(), Precision.ofDb(rs.getString(7)));
                    nodes.put(rs.getLong(1), new NodeData(rs.getLong(1), rs.getDouble(2),
                            new LayerData(longs(rs.getArray(3)), strings(rs.getArray(4)), strings(rs.getArray(5)), time)));
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
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
        List<Candidate> candidates = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, nodeId);
            s.setString(2, userId);
            s.setString(3, agentId);
            s.setString(4, userId);
            s.setString(5, agentId);
            s.setArray(6, c.createArrayOf("bigint", ids.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    OffsetDateTime at = rs.getObject(7, OffsetDateTime.class);
                    TimeRef time = at == null ? null : new TimeRef(at.toInstant(), Precision.ofDb(rs.getString(8)));
                    candidates.add(new Candidate(rs.getLong(1), rs.getBoolean(2), rs.getDouble(3), rs.getDouble(9),
                            new LayerData(longs(rs.getArray(4)), strings(rs.getArray(5)), strings(rs.getArray(6)),
                                    time)));
                }
            }
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
        return candidates;
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
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setObject(1, now);
            s.setString(2, rowsJson);
            s.setString(3, userId);
            s.setString(4, agentId);
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    public int deleteEdges(String userId, String agentId, Collection<Long> ids) {
        String sql = "delete from long_term_edge where user_id = ? and agent_id = ? and id = any(?::bigint[])";
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.setArray(3, c.createArrayOf("bigint", ids.toArray()));
            return s.executeUpdate();
        } catch (SQLException e) {
            throw new DataAccessException(e);
        }
    }

    @FunctionalInterface
    private interface Binder {
        void bind(Connection c, PreparedStatement s) throws SQLException;
    }

    private List<Long> ids(String sql, Binder binder) {
        List<Long> ids = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            binder.bind(c, s);
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
