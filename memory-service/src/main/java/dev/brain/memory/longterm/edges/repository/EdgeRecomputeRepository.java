package dev.brain.memory.longterm.edges.repository;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The statements of Trigger 2 (memory.md §5.6) on tables {@code long_term_edge} and {@code long_term_node}: one
 * read of the edges with their endpoints, one set-based write of the new weights, and the pair's node ids in
 * batches. Every read filters by the pair; the caller holds the transaction and the pair lock.
 */
@ApplicationScoped
public class EdgeRecomputeRepository {

    /**
     * An edge's frozen layer fields and its endpoints' current values: reasons (empty: none), the frozen cosine,
     * the number of shared topics, the timeline distance (null when none) and precision, both endpoints' absolute
     * weights and numbers of topic keys.
     */
    public record EdgeInputs(long id, long fromNodeId, long toNodeId, List<String> reasons, double cosine,
            int sharedTopics, Double timelineDistance, String timelinePrecision, double fromAbsolute,
            double toAbsolute, int fromTopics, int toTopics) {
    }

    private final Jdbc jdbc;

    public EdgeRecomputeRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The pair's edges from or to one of {@code nodeIds}, by id. */
    public List<EdgeInputs> touching(String userId, String agentId, Long[] nodeIds) {
        return edges("e.user_id = ? and e.agent_id = ? and (e.from_node_id = any(?) or e.to_node_id = any(?))",
                userId, agentId, nodeIds, nodeIds);
    }

    /** The pair's edges among {@code edgeIds}, by id. */
    public List<EdgeInputs> byIds(String userId, String agentId, Long[] edgeIds) {
        return edges("e.user_id = ? and e.agent_id = ? and e.id = any(?)", userId, agentId, edgeIds);
    }

    /** The pair's edges from one of {@code nodeIds}, by id. */
    public List<EdgeInputs> from(String userId, String agentId, Long[] nodeIds) {
        return edges("e.user_id = ? and e.agent_id = ? and e.from_node_id = any(?)", userId, agentId, nodeIds);
    }

    private List<EdgeInputs> edges(String where, Object... params) {
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
        return jdbc.list(sql, rs -> new EdgeInputs(rs.getLong(1), rs.getLong(2), rs.getLong(3),
                Jdbc.strings(rs, "reasons"), rs.getDouble(5), rs.getInt(6), Jdbc.doubleOrNull(rs, "timeline_distance"),
                rs.getString(8), rs.getDouble(9), rs.getDouble(10), rs.getInt(11), rs.getInt(12)), params);
    }

    /** Sets the edges' new weights and recomputed_at in one statement ({@code ids}, {@code raw}, {@code absolute} aligned). */
    public void writeWeights(long[] ids, double[] raw, double[] absolute, OffsetDateTime now) {
        String sql = """
                update long_term_edge e set raw_weight = u.raw, absolute_weight = u.abs, recomputed_at = ?
                  from unnest(?::bigint[], ?::float8[], ?::float8[]) as u(id, raw, abs)
                 where e.id = u.id
                """;
        jdbc.update(sql, now, ids, raw, absolute);
    }

    /** At most {@code limit} of the pair's node ids above {@code after}, ascending. */
    public List<Long> nodeIds(String userId, String agentId, long after, int limit) {
        return jdbc.list("select id from long_term_node where user_id = ? and agent_id = ? and id > ? order by id limit ?",
                rs -> rs.getLong(1), userId, agentId, after, limit);
    }
}
