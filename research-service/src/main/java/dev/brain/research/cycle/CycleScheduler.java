package dev.brain.research.cycle;

import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.TenantDataPoints;
import dev.brain.research.config.ResearchConfig;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.scheduler.Trigger;

/**
 * The scheduled research cycle (research.md §1.2): every {@code brain.research.cycle.every} (60 min), first
 * {@code brain.research.cycle.delay} (5 min) after start, it visits every tenant error-service knows
 * ({@code ResearchTenants}); off when {@code brain.research.cycle.enabled=false}. Replicas serialise per tenant on
 * the cycle's advisory lock.
 */
@ApplicationScoped
public class CycleScheduler {

    static final String IDENTITY = "research-cycle";

    private final ResearchCycle cycle;
    private final ResearchConfig config;
    private final Scheduler scheduler;

    public CycleScheduler(ResearchCycle cycle, ResearchConfig config, Scheduler scheduler) {
        this.cycle = cycle;
        this.config = config;
        this.scheduler = scheduler;
    }

    @Scheduled(identity = IDENTITY, every = "${brain.research.cycle.every:60m}", delayed = "${brain.research.cycle.delay:5m}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (!config.cycle().enabled()) {
            return;
        }
        visitAll();
    }

    /** One cycle per tenant; a tenant's failure does not stop the others. */
    void visitAll() {
        for (TenantDataPoints t : cycle.tenants()) {
            try {
                cycle.run(t.getTenant(), "scheduled", t);
            } catch (RuntimeException e) {
                Log.errorf(e, "research_cycle of %s failed", t.getTenant());
            }
        }
    }

    /** When the scheduler runs the next cycle; empty when the scheduled cycle is off. */
    public Optional<Instant> nextRunAt() {
        if (!config.cycle().enabled()) {
            return Optional.empty();
        }
        Trigger trigger = scheduler.getScheduledJob(IDENTITY);
        return trigger == null ? Optional.empty() : Optional.ofNullable(trigger.getNextFireTime());
    }
}
