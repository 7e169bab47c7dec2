package dev.brain.memory.jobs.repository;

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

    /**
     * Those of {@code tables} and of the tables whose name is {@code like} the pattern (in the current schema) past
     * autovacuum's analyze threshold, by name.
     */
    public List<String> stale(List<String> tables, String like) {
        return jdbc.list("""
                select relname from pg_stat_user_tables where schemaname = current_schema()
                  and (relname = any(?) or relname like ?)
                  and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0) order by relname""",
                rs -> rs.getString(1), tables.toArray(String[]::new), like);
    }

    /** Analyzes the table (its name quoted); {@code table} is a name of the catalog, never input. */
    public void analyze(String table) {
        jdbc.update("analyze \"" + table + "\"");
    }
}
