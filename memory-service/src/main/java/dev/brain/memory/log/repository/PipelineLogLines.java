package dev.brain.memory.log.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The service's own pipeline-log lines (memory.md §10): one insert into table {@code pipeline_log}, run
 * synchronously in the caller's transaction so a decision line commits or rolls back with the decision it records.
 * {@code content} is a JSON object or string; {@code userId}/{@code agentId} are both given or both null (the
 * table's CHECK).
 */
@ApplicationScoped
public class PipelineLogLines {

    private final Jdbc jdbc;

    public PipelineLogLines(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void write(String turnId, String source, String node, String art, String jsonContent, String userId,
            String agentId) {
        String sql = "insert into pipeline_log (turn_id, source, node, art, content, user_id, agent_id)"
                + " values (?, ?, ?, ?, ?::jsonb, ?, ?)";
        jdbc.update(sql, s -> {
            s.setString(1, turnId);
            s.setString(2, source);
            s.setString(3, node);
            s.setString(4, art);
            s.setString(5, jsonContent);
            s.setString(6, userId);
            s.setString(7, agentId);
        });
    }
}
