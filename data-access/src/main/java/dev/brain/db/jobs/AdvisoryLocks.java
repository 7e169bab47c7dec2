package dev.brain.db.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * How every service's jobs keep replicas apart: PostgreSQL advisory locks on {@code hashtext(key)}. A job that spans
 * many transactions holds a session-level lock on a connection of its own for the whole run ({@link #underLock}); a
 * job that is one transaction takes a transaction-scoped lock, released by its commit or rollback
 * ({@link #tryInTransaction}). Keys are the services' own ({@code memory:synapse_decay}, {@code error.retention},
 * {@code research_cycle:<tenant>}, …), so the locks of two services never meet.
 */
@ApplicationScoped
public class AdvisoryLocks {

    private final Jdbc jdbc;

    public AdvisoryLocks(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Runs {@code work} holding the session lock named {@code key}; empty when another session holds it. */
    public <T> Optional<T> underLock(String key, Supplier<T> work) {
        // the lock is the session's: taken and released on the one connection held for the whole run
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

    /** Takes the lock named {@code key} until the current transaction ends; false when another one holds it. */
    public boolean tryInTransaction(String key) {
        return jdbc.one("select pg_try_advisory_xact_lock(hashtext(?))", rs -> rs.getBoolean(1), key).orElseThrow();
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
