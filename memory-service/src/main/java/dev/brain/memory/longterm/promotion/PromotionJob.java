package dev.brain.memory.longterm.promotion;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.jobs.TableStatistics;
import dev.brain.memory.shortterm.repository.EntryRepository;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Job {@code PROMOTION} (memory.md §6, §11): the oldest {@code batch-size} pending entries of all pairs, each
 * promoted in its own transaction (serialised per pair by its lock), batch after batch while a batch was full — a run
 * drains the queue; {@code promotion.interval} is only the poll when nothing is pending.
 */
@ApplicationScoped
public class PromotionJob {

    public static final String JOB = "PROMOTION";
    /** A run that processed this many entries refreshes the planner statistics at its end. */
    static final long STATISTICS_AFTER = 100;

    private final Promotion promotion;
    private final JobRuns runs;
    private final MemoryConfig config;
    private final EntryRepository entries;
    private final TableStatistics statistics;

    public PromotionJob(Promotion promotion, JobRuns runs, MemoryConfig config, EntryRepository entries,
            TableStatistics statistics) {
        this.statistics = statistics;
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
            int batchSize = config.promotion().batchSize();
            java.util.List<EntryRepository.Pending> batch;
            do {
                batch = entries.pending(batchSize, null);
                long promoted = 0;
                for (EntryRepository.Pending pending : batch) {
                    Promotion.Result result = promotion.promote(pending.userId(), pending.agentId(), pending.id(), "job");
                    counts.merge("processed", 1L, Long::sum);
                    counts.merge(result.outcome(), 1L, Long::sum);
                    counts.merge("edges_created", result.edgesCreated(), Long::sum);
                    promoted += Promotion.NOT_PENDING.equals(result.outcome()) || Promotion.FAILED.equals(result.outcome())
                            ? 0
                            : 1;
                }
                if (promoted == 0) {
                    // what is left failed (retried at the next poll, up to promotion.max-attempts) or is another
                    // runner's (a second replica's)
                    break;
                }
            } while (batch.size() == batchSize);
            counts.remove(Promotion.NOT_PENDING);
            if (counts.get("processed") >= STATISTICS_AFTER) {
                // a burst of new memories: the read path's plans need the pair's new size now, not within a minute
                statistics.analyzeStale();
            }
            return counts;
        });
    }
}
