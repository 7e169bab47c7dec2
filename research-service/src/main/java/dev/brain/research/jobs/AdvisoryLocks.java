package dev.brain.research.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The one way research-service's jobs keep replicas apart: a session-level {@code pg_try_advisory_lock(hashtext(key))}
 * taken and released on one connection held for the whole run, outside every transaction (the research cycle per
 * tenant, the library's prune and decay).
 */
@ApplicationScoped
public class AdvisoryLocks {

    private final Jdbc jdbc;

    public AdvisoryLocks(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Runs {@code work} holding the lock named {@code key}; empty when another session holds it. */
    public <T> Optional<T> underLock(String key, Supplier<T> work) {
        return jdbc.withConnection(c -> {
            if (!advisory(c, "select pg_try_advisory_lock(hashtext(?))", key)) {
                return Optional.empty();
            }
            try {
                return Optional.of(work.get());
            } finally {
                advisory(c, "select pg_advisory_unlock(hashtext(?))", key);
            }
        });
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
