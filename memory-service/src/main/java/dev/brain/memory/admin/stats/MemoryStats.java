package dev.brain.memory.admin.stats;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.tenancy.TenantRowCounts;

/** What schema memory holds for a tenant (the admin {@code Stats}): live row counts per table. */
@ApplicationScoped
public class MemoryStats {

    /**
     * {@code long_term_edge} has no index on user_id (none of its statements needs one); its rows are counted
     * through their from-node (edge_from_idx), exact because the composite foreign key
     * {@code (user_id, agent_id, from_node_id)} puts every edge in its from-node's pair.
     */
    public static final Map<String, TenantRowCounts.Via> COUNTED_VIA = Map.of("long_term_edge",
            new TenantRowCounts.Via("from_node_id", "long_term_node", "id"));

    private final Jdbc jdbc;

    public MemoryStats(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The tenant's rows per table of schema memory. */
    public Map<String, Long> rowCounts(String tenant) {
        return jdbc.withConnection(c -> TenantRowCounts.count(c, "memory", tenant, COUNTED_VIA));
    }
}
