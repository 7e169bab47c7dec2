package dev.brain.memory.synapse.repository;

import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The statements on table {@code synapse_event}, the idempotency keys of applied synapse events with their stored
 * results (memory.md §2.7); every statement filters by tenant. The HOUSEKEEPING job expires old keys.
 */
@ApplicationScoped
public class SynapseEventRepository {

    private final Jdbc jdbc;

    public SynapseEventRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Claims the key with an empty result; false when the tenant's key was claimed before (nothing changes then). */
    public boolean claim(String tenant, String key, OffsetDateTime now) {
        String sql = "insert into synapse_event (tenant, event_id, result, created_at) values (?, ?, '{}', ?)"
                + " on conflict (tenant, event_id) do nothing";
        return jdbc.update(sql, tenant, key, now) == 1;
    }

    /** Stores the result (a JSON object) of the event the key claimed. */
    public void storeResult(String tenant, String key, String json) {
        jdbc.update("update synapse_event set result = ?::jsonb where tenant = ? and event_id = ?", json, tenant, key);
    }

    /** The stored result (JSON) of a claimed key. */
    public String result(String tenant, String key) {
        return jdbc.one("select result::text from synapse_event where tenant = ? and event_id = ?",
                rs -> rs.getString(1), tenant, key).orElseThrow();
    }
}
