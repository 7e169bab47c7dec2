package dev.brain.memory.synapse.scheduler;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.db.jobs.JobRunLog;
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
    private final AdvisoryLocks locks;
    private final JobRunLog runs;
    private final Clock clock;

    public SynapseDecayJob(SynapseNetwork network, AdvisoryLocks locks, JobRunLog runs, Clock clock) {
        this.network = network;
        this.locks = locks;
        this.runs = runs;
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
     * run ({@code period} > 0) is skipped when the job ran less than ¾ period ago ({@link JobRunLog#periodStart}).
     * Lock and row are the transaction's: a failed decay leaves neither.
     */
    @Transactional
    @TransactionConfiguration(timeout = 3600)
    Run run(String trigger, Duration period) {
        long started = System.nanoTime();
        OffsetDateTime now = OffsetDateTime.now(clock);
        if (!locks.tryInTransaction("memory:" + JOB)) {
            Log.infof("synapse-decay skipped: another replica holds the lock");
            record(trigger, now, "skipped", Map.of());
            return new Run(true, Map.of(), (System.nanoTime() - started) / 1_000_000);
        }
        Optional<Instant> since = JobRunLog.periodStart(period, now.toInstant());
        if (since.isPresent() && runs.ranSince(JOB, null, since.get())) {
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

    private void record(String trigger, OffsetDateTime started, String status, Map<String, Long> counts) {
        runs.record(JOB, null, trigger, started.toInstant(), clock.instant(), status, JobRunLog.countsJson(counts), null);
    }
}
