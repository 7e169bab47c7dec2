package dev.brain.memory.admin.repository;

import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The statements of job {@code HOUSEKEEPING} (memory.md §11): deletes the rows of table {@code turn_read},
 * {@code usage_decision} or {@code synapse_event} created before a moment, one statement per table.
 */
@ApplicationScoped
public class HousekeepingRepository {

    private final Jdbc jdbc;

    public HousekeepingRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Deletes the rows of {@code table} (a constant of the caller, never input) created before; how many. */
    public int deleteCreatedBefore(String table, OffsetDateTime before) {
        return jdbc.update("delete from " + table + " where created_at < ?", before);
    }
}
