package dev.brain.memory.longterm.decay;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.log.PipelineLogLines;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Job {@code NODE_DECAY} (memory.md §8.1): one set-based statement over all active nodes of all pairs —
 * decay_weight = decay_base × exp(−rate × fractional days since decay_base_at), decayed_at = now, active =
 * decay_weight ≥ node.min-weight — then partition_stats.active_count from one aggregate statement. Edges,
 * absolute weights and inactive nodes are untouched; nothing is deleted. Because every run computes from
 * decay_base, one run and many runs give the same weight at a moment.
 */
@ApplicationScoped
public class NodeDecayJob {

    public static final String JOB = "NODE_DECAY";

    private static final String WEIGHT = "decay_base * exp(-(?::double precision)"
            + " * (extract(epoch from (?::timestamptz - decay_base_at))::double precision / 86400.0))";

    private final JobRuns runs;
    private final MemoryConfig config;
    private final Jdbc jdbc;
    private final PipelineLogLines log;
    private final Clock clock;

    public NodeDecayJob(JobRuns runs, MemoryConfig config, Jdbc jdbc, PipelineLogLines log, Clock clock) {
        this.runs = runs;
        this.config = config;
        this.jdbc = jdbc;
        this.log = log;
        this.clock = clock;
    }

    @Scheduled(cron = "{brain.memory.decay.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        try {
            run("scheduled", JobRuns.period(execution));
        } catch (RuntimeException e) {
            Log.errorf(e, "node decay failed");
        }
    }

    public JobRuns.Run run(String trigger) {
        return run(trigger, Duration.ZERO);
    }

    /** A run; a scheduled one ({@code period} > 0) is skipped when the job ran less than ¾ period ago. */
    JobRuns.Run run(String trigger, Duration period) {
        return runs.run(JOB, trigger, period, () -> QuarkusTransaction.requiringNew().timeout(3600).call(this::decay));
    }

    private Map<String, Long> decay() {
        OffsetDateTime now = OffsetDateTime.now(clock);
        double rate = config.node().decayRate();
        String update = "with u as (update long_term_node set decay_weight = " + WEIGHT + ", decayed_at = ?,"
                + " active = " + WEIGHT + " >= ? where active returning active)"
                + " select count(*), count(*) filter (where not active) from u";
        String stats = "update partition_stats ps set active_count = c.n from (select user_id, agent_id,"
                + " count(*) filter (where active) as n from long_term_node group by user_id, agent_id) c"
                + " where ps.user_id = c.user_id and ps.agent_id = c.agent_id and ps.active_count <> c.n";
        long[] updated = jdbc.one(update, rs -> new long[] { rs.getLong(1), rs.getLong(2) }, rate, now, now, rate, now,
                config.node().minWeight()).orElseThrow();
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("nodes_updated", updated[0]);
        counts.put("deactivated", updated[1]);
        counts.put("partitions_refreshed", (long) jdbc.update(stats));
        log.write("background", "job", "memory.decay", "note", "{\"job\":\"NODE_DECAY\",\"status\":\"done\","
                + "\"nodes_updated\":" + counts.get("nodes_updated") + ",\"deactivated\":" + counts.get("deactivated")
                + "}", null, null);
        return counts;
    }
}
