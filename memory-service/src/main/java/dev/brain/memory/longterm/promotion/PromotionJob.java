package dev.brain.memory.longterm.promotion;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.shortterm.repository.EntryRepository;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Job {@code PROMOTION} (memory.md §6, §11): every {@code promotion.interval}, the oldest {@code batch-size}
 * pending entries of all pairs, each promoted in its own transaction.
 */
@ApplicationScoped
public class PromotionJob {

    public static final String JOB = "PROMOTION";

    private final Promotion promotion;
    private final JobRuns runs;
    private final MemoryConfig config;
    private final EntryRepository entries;

    public PromotionJob(Promotion promotion, JobRuns runs, MemoryConfig config, EntryRepository entries) {
        this.promotion = promotion;
        this.runs = runs;
        this.config = config;
        this.entries = entries;
    }

    /** {@code brain.jobs.promotion.every} follows promotion.interval; {@code off} disables the schedule (tests). */
    @Scheduled(every = "{brain.jobs.promotion.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        try {
            run("scheduled", JobRuns.period(execution));
        } catch (RuntimeException e) {
            Log.errorf(e, "promotion job failed");
        }
    }

    public JobRuns.Run run(String trigger) {
        return run(trigger, Duration.ZERO);
    }

    /** A run; a scheduled one ({@code period} > 0) is skipped when the job ran less than ¾ period ago. */
    JobRuns.Run run(String trigger, Duration period) {
        return runs.run(JOB, trigger, period, () -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (String key : new String[] { "processed", Promotion.NEW_NODE, Promotion.DUPLICATE,
                    Promotion.REACTIVATED, Promotion.FAILED, "edges_created" }) {
                counts.put(key, 0L);
            }
            for (EntryRepository.Pending pending : entries.pending(config.promotion().batchSize(), null)) {
                Promotion.Result result = promotion.promote(pending.userId(), pending.agentId(), pending.id(), "job");
                counts.merge("processed", 1L, Long::sum);
                counts.merge(result.outcome(), 1L, Long::sum);
                counts.merge("edges_created", result.edgesCreated(), Long::sum);
            }
            counts.remove(Promotion.NOT_PENDING);
            return counts;
        });
    }
}
