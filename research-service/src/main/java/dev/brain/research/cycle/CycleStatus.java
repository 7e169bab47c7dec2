package dev.brain.research.cycle;

import java.time.Instant;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

/** "Last and next cycle" for the gateway's status line: the tenant's latest run and the scheduler's next fire time. */
@ApplicationScoped
public class CycleStatus {

    /** Latest run (absent when none ran) and next scheduled run (absent when the scheduled cycle is off). */
    public record Status(Optional<CycleRun> last, Optional<Instant> next) {
    }

    private final ResearchCycle cycle;
    private final CycleScheduler scheduler;

    public CycleStatus(ResearchCycle cycle, CycleScheduler scheduler) {
        this.cycle = cycle;
        this.scheduler = scheduler;
    }

    public Status of(String tenant) {
        return new Status(cycle.lastRun(tenant), scheduler.nextRunAt());
    }
}
