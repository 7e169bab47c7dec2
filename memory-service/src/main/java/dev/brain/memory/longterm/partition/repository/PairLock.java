package dev.brain.memory.longterm.partition.repository;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The pair lock of memory.md §6 step 1: a transaction-scoped advisory lock ({@code pg_advisory_xact_lock}, no
 * table) that serialises promotion, usage reinforcement and Trigger 3 within one pair. Every writer of a pair's
 * nodes or edges takes this same key.
 */
@ApplicationScoped
public class PairLock {

    private final Jdbc jdbc;

    public PairLock(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Blocks until the pair's lock is held; released at commit or rollback of the current transaction. */
    public void lock(String userId, String agentId) {
        lock(jdbc, userId, agentId);
    }

    /** As {@link #lock(String, String)}, through the given {@code Jdbc} (for a repository that holds one). */
    public static void lock(Jdbc jdbc, String userId, String agentId) {
        jdbc.withConnection(c -> {
            lock(c, userId, agentId);
            return null;
        });
    }

    /** As {@link #lock(String, String)}, on a connection the caller holds. */
    public static void lock(Connection c, String userId, String agentId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "select pg_advisory_xact_lock(hashtextextended('memory.pair:' || ? || chr(31) || ?, 0))")) {
            s.setString(1, userId);
            s.setString(2, agentId);
            s.executeQuery().close();
        }
    }
}
