package dev.brain.memory.longterm.decay.repository;

import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The statements of job {@code NODE_DECAY} (memory.md §8.1) on tables {@code long_term_node} and
 * {@code partition_stats}: one set-based decay over all active nodes of all pairs, then the active counts from one
 * aggregate. The job holds the transaction.
 */
@ApplicationScoped
public class NodeDecayRepository {

    /** Nodes the decay statement updated, and how many of them it deactivated. */
    public record Decayed(long updated, long deactivated) {
    }

    private static final String WEIGHT = "decay_base * exp(-(?::double precision)"
            + " * (extract(epoch from (?::timestamptz - decay_base_at))::double precision / 86400.0))";

    private final Jdbc jdbc;

    public NodeDecayRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * decay_weight = decay_base × exp(−rate × fractional days since decay_base_at), decayed_at = now, active =
     * decay_weight ≥ minWeight, for every active node.
     */
    public Decayed decay(double rate, OffsetDateTime now, double minWeight) {
        String update = "with u as (update long_term_node set decay_weight = " + WEIGHT + ", decayed_at = ?,"
                + " active = " + WEIGHT + " >= ? where active returning active)"
                + " select count(*), count(*) filter (where not active) from u";
        return jdbc.one(update, rs -> new Decayed(rs.getLong(1), rs.getLong(2)), rate, now, now, rate, now, minWeight)
                .orElseThrow();
    }

    /** partition_stats.active_count from one aggregate over the nodes; the pairs whose count changed. */
    public int refreshActiveCounts() {
        String stats = "update partition_stats ps set active_count = c.n from (select user_id, agent_id,"
                + " count(*) filter (where active) as n from long_term_node group by user_id, agent_id) c"
                + " where ps.user_id = c.user_id and ps.agent_id = c.agent_id and ps.active_count <> c.n";
        return jdbc.update(stats);
    }
}
