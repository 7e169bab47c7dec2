package dev.brain.error.learning.repository;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * What learning produced, counted per tenant: rows of {@code rule} and {@code antipattern} (active and not),
 * {@code cross_project_link} and {@code error_solution}.
 */
@ApplicationScoped
public class LearningRepository {

    private final Jdbc jdbc;

    public LearningRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The tenant's counts, in one statement: {@code rules_active}, {@code rules_inactive}, {@code antipatterns_active},
     * {@code antipatterns_inactive}, {@code cross_project_links} and {@code error_solution_pairs}.
     */
    public Map<String, Long> counts(String tenant) {
        return jdbc.one("""
                select (select count(*) from rule where tenant = ? and active),
                       (select count(*) from rule where tenant = ? and not active),
                       (select count(*) from antipattern where tenant = ? and active),
                       (select count(*) from antipattern where tenant = ? and not active),
                       (select count(*) from cross_project_link where tenant = ?),
                       (select count(*) from error_solution where tenant = ?)""", rs -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("rules_active", rs.getLong(1));
            counts.put("rules_inactive", rs.getLong(2));
            counts.put("antipatterns_active", rs.getLong(3));
            counts.put("antipatterns_inactive", rs.getLong(4));
            counts.put("cross_project_links", rs.getLong(5));
            counts.put("error_solution_pairs", rs.getLong(6));
            return counts;
        }, tenant, tenant, tenant, tenant, tenant, tenant).orElseThrow();
    }
}
