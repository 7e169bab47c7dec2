package dev.brain.memory.longterm.decay;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.log.repository.PipelineLogLines;
import dev.brain.memory.longterm.decay.repository.NodeDecayRepository;
import dev.brain.memory.longterm.decay.repository.NodeDecayRepository.Decayed;
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

    private final JobRuns runs;
    private final MemoryConfig config;
    private final NodeDecayRepository nodes;
    private final PipelineLogLines log;
    private final Clock clock;

    public NodeDecayJob(JobRuns runs, MemoryConfig config, NodeDecayRepository nodes, PipelineLogLines log,
            Clock clock) {
        this.runs = runs;
        this.config = config;
        this.nodes = nodes;
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
        Decayed decayed = nodes.decay(config.node().decayRate(), now, config.node().minWeight());
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("nodes_updated", decayed.updated());
        counts.put("deactivated", decayed.deactivated());
        counts.put("partitions_refreshed", (long) nodes.refreshActiveCounts());
        log.write("background", "job", "memory.decay", "note", "{\"job\":\"NODE_DECAY\",\"status\":\"done\","
                + "\"nodes_updated\":" + counts.get("nodes_updated") + ",\"deactivated\":" + counts.get("deactivated")
                + "}", null, null);
        return counts;
    }
}
