package dev.brain.memory.admin.stats;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.admin.stats.repository.MemoryStatsRepository;
import dev.brain.tenancy.TenantRowCounts;

/**
 * What schema memory holds for a tenant (the admin {@code Stats}, the memory part of {@code brain status}): rows
 * per table, in table-name order, counted by {@link MemoryStatsRepository} (the graph tables from
 * {@code partition_stats}).
 */
@ApplicationScoped
public class MemoryStats {

    private final MemoryStatsRepository repository;

    public MemoryStats(MemoryStatsRepository repository) {
        this.repository = repository;
    }

    /** The tenant's rows per table of schema memory (exact up to {@link TenantRowCounts#EXACT_UP_TO} each). */
    public Map<String, Long> rowCounts(String tenant) {
        return rowCounts(tenant, TenantRowCounts.EXACT_UP_TO);
    }

    /** The tenant's rows per table, exact up to {@code exactUpTo} rows each, estimated beyond. */
    Map<String, Long> rowCounts(String tenant, long exactUpTo) {
        return repository.rowCounts(tenant, exactUpTo);
    }
}
