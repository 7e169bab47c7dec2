package dev.brain.memory.synapse.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The one statement synapse runs on table {@code long_term_node}: whether a memory endpoint exists for one of the
 * tenant's users (memory.md §2.1).
 */
@ApplicationScoped
public class MemoryNodeRepository {

    private final Jdbc jdbc;

    public MemoryNodeRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Whether long-term node {@code id} belongs to user {@code tenant} or one of its {@code <tenant>:} users. */
    public boolean exists(String tenant, long id) {
        String sql = "select 1 from long_term_node where id = ? and (user_id = ? or starts_with(user_id, ? || ':'))";
        return jdbc.one(sql, rs -> true, id, tenant, tenant).isPresent();
    }
}
