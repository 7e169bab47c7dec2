package dev.brain.memory.synapse.scheduler;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.synapse.repository.SynapseRepository.DecayCounts;
import dev.brain.memory.synapse.service.SynapseNetwork;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.runtime.TransactionConfiguration;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Daily synapse decay (memory.md §2.3); also run on demand
 * ({@code MemoryAdminService.RunJob(SYNAPSE_DECAY)}). One replica runs it at a time
 * ({@code pg_try_advisory_xact_lock}); every run leaves a {@code job_run} row. Remembered event keys
 * ({@code synapse_event}) are expired by the hourly HOUSEKEEPING job (§11), not here.
 */
@ApplicationScoped
public class SynapseDecayJob {

    static final String JOB = "SYNAPSE_DECAY";

    /** Outcome of one run: DONE with counts, or SKIPPED_LOCKED. */
    public record Run(boolean skipped, Map<String, Long> counts, long durationMs) {
    }

    private final SynapseNetwork network;
    private final Jdbc jdbc;
    private final Clock clock;

    public SynapseDecayJob(SynapseNetwork network, Jdbc jdbc, Clock clock) {
        this.network = network;
        this.jdbc = jdbc;
        this.clock = clock;
    }

    @Scheduled(cron = "{brain.memory.synapses.decay-cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        try {
            run("scheduled", JobRuns.period(execution));
        } catch (RuntimeException e) {
            Log.errorf(e, "synapse-decay failed");
        }
    }

    /** A run on demand (the transaction is the one of {@link #run(String, Duration)}, entered here). */
    public Run run(String trigger) {
        return run(trigger, Duration.ZERO);
    }

    /**
     * One transaction; the default 60 s timeout would roll a large decay back, so the job sets its own. A scheduled
     * run ({@code period} > 0) is skipped when the job ran less than ¾ period ago (JobRuns).
     */
    @Transactional
    @TransactionConfiguration(timeout = 3600)
    Run run(String trigger, Duration period) {
        long started = System.nanoTime();
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (!tryLock()) {
            Log.infof("synapse-decay skipped: another replica holds the lock");
            record(trigger, now, "skipped", Map.of());
            return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
        }
        if (!(period.isNegative() || period.isZero()) && jdbc.one(
                "select exists (select 1 from job_run where job = ? and trigger = 'scheduled'"
                        + " and status = 'done' and started_at > ?)",
                rs -> rs.getBoolean(1), JOB,
                now.minus(period.multipliedBy(3).dividedBy(4))).orElse(false)) {
            record(trigger, now, "skipped", Map.of());
            return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
        }
        Log.infof("synapse-decay started (%s)", trigger);
        DecayCounts decay = network.decay(now);
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("updated", decay.updated());
        counts.put("pruned", decay.pruned());
        record(trigger, now, "done", counts);
        Log.infof("synapse-decay done: %s", counts);
        return new Run(false, counts, (System.nanoTime() - started) / 1_000_000);
    }

    /** The job's transaction-scoped lock: false when another replica holds it. */
    private boolean tryLock() {
        return jdbc.one("select pg_try_advisory_xact_lock(hashtext('memory:' || ?))", rs -> rs.getBoolean(1), JOB)
                .orElseThrow();
    }

    private void record(String trigger, OffsetDateTime started, String status, Map<String, Long> counts) {
        StringBuilder json = new StringBuilder("{");
        counts.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        json.append('}');
        jdbc.update("insert into job_run (job, trigger, started_at, finished_at, status, counts)"
                + " values (?, ?, ?, ?, ?, ?::jsonb)", JOB, trigger, started, OffsetDateTime.now(clock), status,
                json.toString());
    }
}
