package dev.brain.research.knowledge.repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.research.knowledge.KnowledgePair;

/**
 * {@code job_run} rows of the library's jobs ({@code knowledge_prune}, {@code knowledge_decay}) and their
 * session-level advisory lock, held on one connection (outside every transaction) for the whole run.
 */
@ApplicationScoped
public class JobRunRepository {

    private final Jdbc jdbc;

    public JobRunRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Runs {@code work} while holding {@code pg_try_advisory_lock(hashtext(key))}; null when another holds it. */
    public <T> T underLock(String key, Supplier<T> work) {
        return jdbc.withConnection(c -> {
            if (!advisory(c, "select pg_try_advisory_lock(hashtext(?))", key)) {
                return null;
            }
            try {
                return work.get();
            } finally {
                advisory(c, "select pg_advisory_unlock(hashtext(?))", key);
            }
        });
    }

    public long start(String job, String trigger, KnowledgePair pair, Instant startedAt, String status) {
        return jdbc.one("insert into job_run (job, trigger, user_id, agent_id, started_at, status)"
                + " values (?, ?, ?, ?, ?, ?) returning id", rs -> rs.getLong(1), job, trigger,
                pair == null ? null : pair.userId(), pair == null ? null : pair.agentId(), startedAt, status)
                .orElseThrow();
    }

    public void finish(long id, String status, String countsJson, String error, Instant finishedAt) {
        jdbc.update("update job_run set status = ?, counts = ?::jsonb, error = ?, finished_at = ? where id = ?", status,
                countsJson, error, finishedAt, id);
    }

    private static boolean advisory(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }
}
