package dev.brain.error.outbox.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Table {@code outbox} (error-code.md §12): the synapse events written in the transaction of their cause, and the
 * relay's reads and marks of them (due rows locked {@code FOR UPDATE SKIP LOCKED}, one relay per database by a
 * transaction-scoped advisory lock).
 */
@ApplicationScoped
public class OutboxRepository {

    private final Jdbc jdbc;

    public OutboxRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Inserts the events (JSON texts, each with its tenant) in one statement, in the given order. Each idempotency key
     * names its row's own id, so the ids are drawn first (in the events' order: unnest keeps it).
     */
    public void insert(String[] tenants, String[] events, OffsetDateTime now) {
        jdbc.update("""
                insert into outbox (id, tenant, idempotency_key, event, created_at, next_attempt_at)
                overriding system value
                select n.id, n.tenant, 'error-service:' || n.id,
                       jsonb_set(n.event::jsonb, '{idempotency_key}', to_jsonb('error-service:' || n.id)), ?, ?
                from (select nextval(pg_get_serial_sequence('error.outbox', 'id')) as id, t.tenant, t.event
                      from unnest(?::text[], ?::text[]) as t(tenant, event)) n""", now, now, tenants, events);
    }

    /** An event due for delivery: its row id, tenant, attempts so far and JSON. */
    public record Pending(long id, String tenant, int attempts, String event) {
    }

    /** Up to {@code batch} undelivered, live events due at {@code now}, in id order, locked for this transaction. */
    public List<Pending> due(Instant now, int batch) {
        return jdbc.list("""
                select id, tenant, attempts, event::text from outbox
                where delivered_at is null and dead_at is null and next_attempt_at <= ?
                order by id limit ? for update skip locked""",
                rs -> new Pending(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4)), now, batch);
    }

    /** The event is dead at once (memory-service rejected it as invalid; it can never succeed). */
    public void markRejected(long id, String reason, Instant now) {
        jdbc.update("update outbox set dead_at = ?, attempts = attempts + 1, last_error = ? where id = ?",
                now, "rejected: " + reason, id);
    }

    /** The events delivered, in one statement; the count marked. */
    public int markDelivered(Long[] ids, Instant now) {
        return jdbc.update("update outbox set delivered_at = ?, last_error = null where id = any(?)", now, ids);
    }

    /** A failed delivery: the attempts so far, when the next is due, why it failed, and {@code deadAt} when it gave up. */
    public void markFailed(long id, int attempts, Instant nextAttemptAt, String reason, Instant deadAt) {
        jdbc.update("update outbox set attempts = ?, next_attempt_at = ?, last_error = ?, dead_at = ? where id = ?",
                attempts, nextAttemptAt, reason, deadAt, id);
    }

    /** Re-queues the tenant's dead events (attempts reset, due at {@code now}); the count re-queued. */
    public int retryDead(String tenant, OffsetDateTime now) {
        return jdbc.update(
                "update outbox set dead_at = null, attempts = 0, next_attempt_at = ? where tenant = ? and dead_at is not null",
                now, tenant);
    }
}
