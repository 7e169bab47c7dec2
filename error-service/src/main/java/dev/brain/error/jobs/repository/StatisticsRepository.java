package dev.brain.error.jobs.repository;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * Planner statistics of the service's tables: {@code pg_stat_user_tables} read, {@code ANALYZE} run.
 */
@ApplicationScoped
public class StatisticsRepository {

    private final Jdbc jdbc;

    public StatisticsRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Those of {@code tables} (in the current schema) past autovacuum's analyze threshold, by name. */
    public List<String> stale(List<String> tables) {
        return jdbc.list("""
                select relname from pg_stat_user_tables where schemaname = current_schema() and relname = any(?)
                  and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0) order by relname""",
                rs -> rs.getString(1), (Object) tables.toArray(String[]::new));
    }

    /** Analyzes the table; {@code table} is a name the caller knows, never input. */
    public void analyze(String table) {
        jdbc.update("analyze " + table);
    }
}
