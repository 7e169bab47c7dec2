package dev.brain.memory.longterm.promotion;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.shortterm.repository.EntryRepository;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Job {@code SHORT_TERM_EXPIRY} (memory.md §4.2, hourly): expired {@code pending} entries are promoted first
 * (each in its own transaction, like the PROMOTION job); then every expired entry that is not pending is
 * deleted. A pending entry whose promotion fails stays until it is promoted or {@code failed}. The job lives with
 * the promotion it drives, so that short-term memory does not depend on long-term memory.
 */
@ApplicationScoped
public class ShortTermExpiryJob {

    public static final String JOB = "SHORT_TERM_EXPIRY";
    /** Most expired pending entries promoted per run. */
    static final int PROMOTE_LIMIT = 10_000;

    private final JobRuns runs;
    private final EntryRepository entries;
    private final Promotion promotion;
    private final Clock clock;

    public ShortTermExpiryJob(JobRuns runs, EntryRepository entries, Promotion promotion, Clock clock) {
        this.runs = runs;
        this.entries = entries;
        this.promotion = promotion;
        this.clock = clock;
    }

    @Scheduled(cron = "{brain.jobs.short-term-expiry.cron}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled(ScheduledExecution execution) {
        try {
            run("scheduled", JobRuns.period(execution));
        } catch (RuntimeException e) {
            Log.errorf(e, "short-term expiry failed");
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
            long promoted = 0;
            for (EntryRepository.Pending p : entries.pending(PROMOTE_LIMIT, now)) {
                Promotion.Result result = promotion.promote(p.userId(), p.agentId(), p.id(), "job");
                if (!result.outcome().equals(Promotion.FAILED) && !result.outcome().equals(Promotion.NOT_PENDING)) {
                    promoted++;
                }
            }
            counts.put("promoted", promoted);
            counts.put("deleted", QuarkusTransaction.requiringNew().call(() -> entries.deleteExpired(now)));
            return counts;
        });
    }
}
