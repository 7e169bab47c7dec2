package dev.brain.research.stats;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.tenancy.TenantRowCounts;

/** What schema research holds for a tenant: live row counts per table. */
@ApplicationScoped
public class ResearchStats {

    private final Jdbc jdbc;

    public ResearchStats(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's rows per table of schema research. */
    public Map<String, Long> rowCounts(String tenant) {
        return jdbc.withConnection(c -> TenantRowCounts.count(c, "research", tenant));
    }
}
