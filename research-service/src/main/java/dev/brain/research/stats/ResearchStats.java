package dev.brain.research.stats;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.stats.repository.ResearchStatsRepository;

/** What schema research holds for a tenant: live row counts per table, counted by {@link ResearchStatsRepository}. */
@ApplicationScoped
public class ResearchStats {

    private final ResearchStatsRepository repository;

    public ResearchStats(ResearchStatsRepository repository) {
        this.repository = repository;
    }

    /** The tenant's rows per table of schema research. */
    public Map<String, Long> rowCounts(String tenant) {
        return repository.rowCounts(tenant);
    }
}
