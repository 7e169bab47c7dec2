package dev.brain.research.stats.repository;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.tenancy.TenantRowCounts;

/**
 * The counting statement of the research {@code Stats}: a tenant's live rows per table of schema research, every table
 * of the schema, counted as {@link TenantRowCounts} counts every service's tables.
 */
@ApplicationScoped
public class ResearchStatsRepository {

    private final Jdbc jdbc;

    public ResearchStatsRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's rows per table of schema research, in table-name order. */
    public Map<String, Long> rowCounts(String tenant) {
        return jdbc.withConnection(c -> TenantRowCounts.count(c, "research", tenant));
    }
}
