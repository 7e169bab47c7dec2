package dev.brain.memory.admin.reembed.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.PgVector;
import dev.brain.memory.longterm.weights.LayerData;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;
import dev.brain.memory.pair.PairAccess.PairId;
import dev.brain.tenancy.TenantUsers;

/**
 * Reembed's statements (memory.md §13) on tables {@code long_term_node}, {@code long_term_node_embedding},
 * {@code short_term_entry} and {@code long_term_edge}: the pairs of a tenant, the texts of a pair's nodes and
 * entries page by page (nodes by id on the pair's (user_id, agent_id, id) key, entries by entry_key on theirs), the
 * set-based write of their new vectors, the rewrite of the edges' frozen cosine from their endpoints' vectors, and
 * the nodes' layer data for the rebuild. Every statement filters by the pair.
 */
@ApplicationScoped
public class ReembedRepository {

    /** A row to re-embed: its id, its keyset position (node id or entry_key) and its content. */
    public record Text(long id, String key, String content) {
    }

    /** A node as Trigger 1 reads it: id, vector, anchor weight and layer data. */
    public record NodeLayers(long id, float[] embedding, double absoluteWeight, LayerData data) {
    }

    private final Jdbc jdbc;

    public ReembedRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The pairs of {@code tenant} that hold a node or an entry, by user and agent. */
    public List<PairId> pairsOf(String tenant) {
        String sql = "select user_id, agent_id from long_term_node where " + TenantUsers.condition("user_id")
                + " union select user_id, agent_id from short_term_entry where " + TenantUsers.condition("user_id")
                + " order by 1, 2";
        return jdbc.query(sql, s -> TenantUsers.bind(s, TenantUsers.bind(s, 1, tenant), tenant),
                rs -> new PairId(rs.getString(1), rs.getString(2)));
    }

    /** The next {@code limit} nodes of the pair after id {@code afterId}, by id. */
    public List<Text> nodeTexts(String userId, String agentId, long afterId, int limit) {
        return texts(
                "select id, id::text as position, content from long_term_node where user_id = ? and agent_id = ? and id > ?"
                        + " order by id limit ?",
                userId, agentId, afterId, limit);
    }

    /** The next {@code limit} entries of the pair after {@code afterKey}, by entry_key. */
    public List<Text> entryTexts(String userId, String agentId, String afterKey, int limit) {
        return texts("select id, entry_key, content from short_term_entry where user_id = ? and agent_id = ?"
                + " and entry_key > ? order by entry_key limit ?", userId, agentId, afterKey, limit);
    }

    /** Node vectors; rows whose vector is already this one are left alone. Returns the rows changed. */
    public int writeNodeVectors(String userId, String agentId, List<Text> rows, List<float[]> vectors) {
        return writeVectors("long_term_node_embedding", "node_id", userId, agentId, rows, vectors);
    }

    /** Entry vectors; rows whose vector is already this one are left alone. Returns the rows changed. */
    public int writeEntryVectors(String userId, String agentId, List<Text> rows, List<float[]> vectors) {
        return writeVectors("short_term_entry", "id", userId, agentId, rows, vectors);
    }

    /**
     * The frozen {@code embedding_cosine_initial} of every edge from one of {@code fromIds} set to the cosine of
     * its endpoints' current vectors where it differs; returns the ids of the rewritten edges.
     */
    public List<Long> rewriteCosines(String userId, String agentId, List<Long> fromIds) {
        String sql = """
                update long_term_edge e set embedding_cosine_initial = 1 - (f.embedding <=> t.embedding)
                  from long_term_node_embedding f, long_term_node_embedding t
                 where e.user_id = ? and e.agent_id = ? and e.from_node_id = any(?)
                   and f.node_id = e.from_node_id and f.user_id = e.user_id and f.agent_id = e.agent_id
                   and t.node_id = e.to_node_id and t.user_id = e.user_id and t.agent_id = e.agent_id
                   and e.embedding_cosine_initial is distinct from 1 - (f.embedding <=> t.embedding)
                returning e.id""";
        return jdbc.list(sql, rs -> rs.getLong(1), userId, agentId, fromIds.toArray(Long[]::new));
    }

    /** The next {@code limit} node ids of the pair after {@code afterId}. */
    public List<Long> nodeIds(String userId, String agentId, long afterId, int limit) {
        String sql = "select id from long_term_node where user_id = ? and agent_id = ? and id > ? order by id limit ?";
        return jdbc.list(sql, rs -> rs.getLong(1), userId, agentId, afterId, limit);
    }

    /** Every edge of the pair deleted (by from-node, on edge_from_idx); returns the directed rows deleted. */
    public int deleteEdges(String userId, String agentId) {
        String sql = "delete from long_term_edge where user_id = ? and agent_id = ? and from_node_id in"
                + " (select id from long_term_node where user_id = ? and agent_id = ?)";
        return jdbc.update(sql, userId, agentId, userId, agentId);
    }

    /** The next {@code limit} nodes of the pair after id {@code afterId} with what Trigger 1 reads of them. */
    public List<NodeLayers> nodeLayers(String userId, String agentId, long afterId, int limit) {
        String sql = """
                select n.id, e.embedding::text, n.absolute_weight, n.entity_ids, n.topic_keys, n.topics, n.time_at,
                       n.time_precision
                  from long_term_node n join long_term_node_embedding e
                    on e.node_id = n.id and e.user_id = n.user_id and e.agent_id = n.agent_id
                 where n.user_id = ? and n.agent_id = ? and n.id > ? order by n.id limit ?""";
        return jdbc.list(sql, ReembedRepository::nodeLayers, userId, agentId, afterId, limit);
    }

    private static NodeLayers nodeLayers(ResultSet rs) throws SQLException {
        OffsetDateTime at = rs.getObject(7, OffsetDateTime.class);
        TimeRef time = at == null ? null : new TimeRef(at.toInstant(), Precision.ofDb(rs.getString(8)));
        return new NodeLayers(rs.getLong(1), PgVector.parse(rs.getString(2)), rs.getDouble(3),
                new LayerData(Jdbc.longs(rs, "entity_ids"), Jdbc.strings(rs, "topic_keys"), Jdbc.strings(rs, "topics"),
                        time));
    }

    private List<Text> texts(String sql, String userId, String agentId, Object after, int limit) {
        return jdbc.list(sql, rs -> new Text(rs.getLong(1), rs.getString(2), rs.getString(3)), userId, agentId, after,
                limit);
    }

    private int writeVectors(String table, String id, String userId, String agentId, List<Text> rows,
            List<float[]> vectors) {
        if (rows.isEmpty()) {
            return 0;
        }
        String sql = "update " + table + " r set embedding = u.v::vector from unnest(?::bigint[], ?::text[]) u(id, v)"
                + " where r.user_id = ? and r.agent_id = ? and r." + id + " = u.id and r.embedding <> u.v::vector";
        return jdbc.update(sql, rows.stream().map(Text::id).toArray(Long[]::new),
                vectors.stream().map(PgVector::literal).toArray(String[]::new), userId, agentId);
    }
}
