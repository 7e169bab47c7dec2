package dev.brain.memory.admin.scheduler;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.admin.repository.HousekeepingRepository;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.synapse.config.SynapseConfig;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Job {@code HOUSEKEEPING} (memory.md §11, hourly): expires {@code turn_read} rows after
 * {@code read.turn-record-retention} (24 h), {@code usage_decision} rows after {@code usage.decision-retention}
 * (30 d) and remembered synapse event keys ({@code synapse_event}) after {@code synapses.event-id-retention}
 * (7 d). It is the only job that forgets event keys (SYNAPSE_DECAY no longer does). Each table is one statement
 * in its own transaction; counts are the rows deleted per table.
 */
@ApplicationScoped
public class HousekeepingJob {

    public static final String JOB = "HOUSEKEEPING";

    private final JobRuns runs;
    private final HousekeepingRepository tables;
    private final MemoryConfig config;
    private final SynapseConfig synapses;
    private final Clock clock;

    public HousekeepingJob(JobRuns runs, HousekeepingRepository tables, MemoryConfig config, SynapseConfig synapses,
            Clock clock) {
        this.runs = runs;
        this.tables = tables;
        this.config = config;
        this.synapses = synapses;
        this.clock = clock;
    }

    /** {@code off} disables the schedule (tests). */
    @Scheduled(cron = "{brain.jobs.housekeeping.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        try {
            run("scheduled", JobRuns.period(execution));
        } catch (RuntimeException e) {
            Log.errorf(e, "housekeeping failed");
        }
    }

    public JobRuns.Run run(String trigger) {
        return run(trigger, Duration.ZERO);
    }

    /** A run; a scheduled one ({@code period} > 0) is skipped when the job ran less than ¾ period ago. */
    JobRuns.Run run(String trigger, Duration period) {
        return runs.run(JOB, trigger, period, () -> {
            OffsetDateTime now = OffsetDateTime.now(clock);
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("turn_read", expire("turn_read", now, config.read().turnRecordRetention()));
            counts.put("usage_decision", expire("usage_decision", now, config.usage().decisionRetention()));
            counts.put("synapse_event", expire("synapse_event", now, synapses.eventIdRetention()));
            return counts;
        });
    }

    private long expire(String table, OffsetDateTime now, Duration retention) {
        return tables.deleteCreatedBefore(table, now.minus(retention));
    }
}
