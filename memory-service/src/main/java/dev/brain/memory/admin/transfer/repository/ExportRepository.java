package dev.brain.memory.admin.transfer.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Export's statements (memory.md §13) on tables {@code long_term_node}, {@code long_term_node_embedding},
 * {@code long_term_edge}, {@code short_term_entry} and {@code synapse}: one page of export lines per statement,
 * in id order after a given id. PostgreSQL builds the lines ({@code json_build_object}, so doubles keep their
 * shortest exact text and embeddings their pgvector text). Each page is its own short statement.
 */
@ApplicationScoped
public class ExportRepository {

    /** One export line (a JSON object) and the id of its row, the keyset position of the next page. */
    public record Line(long id, String json) {
    }

    private static final String NODE = """
            select n.id, json_build_object('kind', 'node', 'user_id', n.user_id, 'agent_id', n.agent_id,
              'observer', n.observer, 'source_key', n.source_key, 'content', n.content,
              'embedding', e.embedding::text::json, 'topics', n.topics, 'topic_keys', n.topic_keys,
              'entity_ids', n.entity_ids, 'time_at', n.time_at, 'time_precision', n.time_precision,
              'timeline_ref', n.timeline_ref, 'emotion', n.emotion, 'arousal', n.arousal, 'metadata', n.metadata,
              'entry_created_at', n.entry_created_at, 'raw_weight', n.raw_weight, 'absolute_weight', n.absolute_weight,
              'decay_weight', n.decay_weight, 'decay_base', n.decay_base, 'decay_base_at', n.decay_base_at,
              'frequency', n.frequency, 'active', n.active, 'created_at', n.created_at,
              'reinforced_at', n.reinforced_at, 'decayed_at', n.decayed_at, 'reactivated_at', n.reactivated_at)::text
            from long_term_node n join long_term_node_embedding e
              on e.node_id = n.id and e.user_id = n.user_id and e.agent_id = n.agent_id
            where n.user_id = ? and n.agent_id = ? and n.id > ? order by n.id limit ?""";
    private static final String EDGE = """
            select e.id, json_build_object('kind', 'edge', 'user_id', e.user_id, 'agent_id', e.agent_id,
              'from_key', f.source_key, 'to_key', t.source_key, 'raw_weight', e.raw_weight,
              'absolute_weight', e.absolute_weight, 'reasons', e.reasons, 'shared_entity_ids', e.shared_entity_ids,
              'shared_topics', e.shared_topics, 'timeline_distance', e.timeline_distance,
              'timeline_precision', e.timeline_precision, 'embedding_cosine_initial', e.embedding_cosine_initial,
              'layer_count', e.layer_count, 'created_at', e.created_at, 'recomputed_at', e.recomputed_at)::text
            from long_term_edge e
            join long_term_node f on f.id = e.from_node_id and f.user_id = e.user_id and f.agent_id = e.agent_id
            join long_term_node t on t.id = e.to_node_id and t.user_id = e.user_id and t.agent_id = e.agent_id
            where e.user_id = ? and e.agent_id = ? and e.id > ? order by e.id limit ?""";
    private static final String ENTRY = """
            select s.id, json_build_object('kind', 'entry', 'user_id', s.user_id, 'agent_id', s.agent_id,
              'observer', s.observer, 'entry_key', s.entry_key, 'content', s.content,
              'embedding', s.embedding::text::json, 'salience', s.salience, 'topics', s.topics,
              'topic_keys', s.topic_keys, 'entity_ids', s.entity_ids, 'time_at', s.time_at,
              'time_precision', s.time_precision, 'timeline_ref', s.timeline_ref, 'emotion', s.emotion,
              'arousal', s.arousal, 'metadata', s.metadata, 'turn_id', s.turn_id, 'created_at', s.created_at,
              'expires_at', s.expires_at, 'promotion_state', s.promotion_state, 'hit_node_key', h.source_key,
              'attempts', s.attempts, 'last_error', s.last_error)::text
            from short_term_entry s
            left join long_term_node h on h.id = s.hit_node_id and h.user_id = s.user_id and h.agent_id = s.agent_id
            where s.user_id = ? and s.agent_id = ? and s.id > ? order by s.id limit ?""";
    /**
     * The tenant's synapses; a {@code memory} endpoint carries its node's pair and source key. With a pair,
     * synapses whose memory endpoint lies in another pair are left out (exports stay in their pair, §17.7).
     */
    private static final String SYNAPSE = """
            select y.id, json_build_object('kind', 'synapse', 'tenant', y.tenant,
              'source_type', y.source_type, 'source_id', y.source_id, 'source_label', y.source_label,
              'source_node', case when sn.id is null then null
                else json_build_object('user_id', sn.user_id, 'agent_id', sn.agent_id, 'source_key', sn.source_key) end,
              'target_type', y.target_type, 'target_id', y.target_id, 'target_label', y.target_label,
              'target_node', case when tn.id is null then null
                else json_build_object('user_id', tn.user_id, 'agent_id', tn.agent_id, 'source_key', tn.source_key) end,
              'synapse_type', y.synapse_type, 'weight', y.weight, 'base_weight', y.base_weight,
              'activation_count', y.activation_count, 'last_activated_at', y.last_activated_at,
              'context', y.context, 'created_at', y.created_at)::text
            from synapse y
            left join long_term_node sn on y.source_type = 'memory' and sn.id = y.source_id
            left join long_term_node tn on y.target_type = 'memory' and tn.id = y.target_id
            where y.tenant = ? and y.id > ?
              and (cast(? as text) is null
                   or ((y.source_type <> 'memory' or (sn.user_id = ? and sn.agent_id = ?))
                       and (y.target_type <> 'memory' or (tn.user_id = ? and tn.agent_id = ?))))
            order by y.id limit ?""";

    private final Jdbc jdbc;

    public ExportRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The next {@code limit} nodes of the pair after node id {@code after}, with their vectors. */
    public List<Line> nodes(String userId, String agentId, long after, int limit) {
        return lines(NODE, userId, agentId, after, limit);
    }

    /** The next {@code limit} edges of the pair after edge id {@code after}, their endpoints by source key. */
    public List<Line> edges(String userId, String agentId, long after, int limit) {
        return lines(EDGE, userId, agentId, after, limit);
    }

    /** The next {@code limit} short-term entries of the pair after entry id {@code after}. */
    public List<Line> entries(String userId, String agentId, long after, int limit) {
        return lines(ENTRY, userId, agentId, after, limit);
    }

    /**
     * The next {@code limit} synapses of the tenant after synapse id {@code after}; with a pair ({@code userId} and
     * {@code agentId} not null) only those whose memory endpoints lie in the pair.
     */
    public List<Line> synapses(String tenant, String userId, String agentId, long after, int limit) {
        return lines(SYNAPSE, tenant, after, userId, userId, agentId, userId, agentId, limit);
    }

    private List<Line> lines(String sql, Object... params) {
        return jdbc.list(sql, rs -> new Line(rs.getLong(1), rs.getString(2)), params);
    }
}
