package dev.brain.research.stats;

import java.util.Map;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.tenancy.TenantRowCounts;

/** What schema research holds for a tenant: live row counts per table. */
@ApplicationScoped
public class ResearchStats {

    private final DataSource dataSource;

    public ResearchStats(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The tenant's rows per table of schema research. */
    public Map<String, Long> rowCounts(String tenant) {
        return TenantRowCounts.count(dataSource, "research", tenant);
    }
}
