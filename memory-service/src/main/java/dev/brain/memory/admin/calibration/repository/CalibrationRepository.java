package dev.brain.memory.admin.calibration.repository;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.stream.DoubleStream;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The statements of threshold calibration (memory.md §12): a pair's node ids (table {@code long_term_node}),
 * node–node and answer–node cosines computed by pgvector ({@code long_term_node_embedding}), the stored answers
 * ({@code usage_decision}) and the report (table {@code calibration}). The service holds the transaction.
 */
@ApplicationScoped
public class CalibrationRepository {

    /** Cosines streamed per round trip (a calibration reads up to ten million). */
    static final int FETCH_SIZE = 10_000;

    private static final String PAIR_FILTER = "a.user_id = ? and a.agent_id = ? and b.user_id = ? and b.agent_id = ?";

    private final Jdbc jdbc;

    public CalibrationRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The ids of the pair's nodes, ascending. */
    public List<Long> nodeIds(String userId, String agentId) {
        return jdbc.list("select id from long_term_node where user_id = ? and agent_id = ? order by id",
                rs -> rs.getLong(1), userId, agentId);
    }

    /** The cosines of all unordered distinct pairs of the pair's node vectors, in one statement. */
    public double[] allPairCosines(String userId, String agentId) {
        return cosines("select 1 - (a.embedding <=> b.embedding) from long_term_node_embedding a"
                + " join long_term_node_embedding b on a.node_id < b.node_id where " + PAIR_FILTER,
                userId, agentId, userId, agentId);
    }

    /** The cosines of the node pairs {@code from[k]}–{@code to[k]} of the pair, in one statement. */
    public double[] pairCosines(String userId, String agentId, Long[] from, Long[] to) {
        return cosines("select 1 - (a.embedding <=> b.embedding) from unnest(?::bigint[], ?::bigint[]) p(x, y)"
                + " join long_term_node_embedding a on a.node_id = p.x"
                + " join long_term_node_embedding b on b.node_id = p.y"
                + " where " + PAIR_FILTER, from, to, userId, agentId, userId, agentId);
    }

    /** The last {@code limit} non-blank answers ReinforceUsage stored for the pair, newest first. */
    public List<String> storedAnswers(String userId, String agentId, int limit) {
        return jdbc.list("select answer_text from usage_decision where user_id = ?"
                + " and agent_id = ? and answer_text ~ '\\S' order by created_at desc limit ?", rs -> rs.getString(1),
                userId, agentId, limit);
    }

    /** The cosines of every answer vector (pgvector literals) against every active node of the pair. */
    public double[] answerNodeCosines(String userId, String agentId, String[] answerVectors) {
        return cosines("select 1 - (e.embedding <=> q.v::vector) from unnest(?::text[]) q(v) cross join"
                + " long_term_node n join long_term_node_embedding e on e.node_id = n.id and e.user_id = n.user_id"
                + " and e.agent_id = n.agent_id"
                + " where n.user_id = ? and n.agent_id = ? and n.active", answerVectors, userId,
                agentId);
    }

    /** Stores a report (a JSON object); its id. */
    public long insertReport(String userId, String agentId, String model, int dimension, String reportJson,
            OffsetDateTime now) {
        return jdbc.one("insert into calibration (user_id, agent_id, model, dimension, report, created_at)"
                + " values (?, ?, ?, ?, ?::jsonb, ?) returning id", rs -> rs.getLong(1), userId, agentId,
                model, dimension, reportJson, now).orElseThrow();
    }

    /** The single column of {@code sql}, streamed {@value #FETCH_SIZE} rows at a time. */
    private double[] cosines(String sql, Object... params) {
        DoubleStream.Builder values = DoubleStream.builder();
        jdbc.forEach(sql, FETCH_SIZE, s -> Jdbc.bind(s, params), rs -> values.add(rs.getDouble(1)));
        return values.build().toArray();
    }
}
