package dev.brain.research.cycle;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One research cycle of a tenant (a {@code job_run} row of job {@code research_cycle}) with its phases. */
public record CycleRun(long runId, String tenant, String trigger, Outcome outcome, String message, Instant startedAt,
        Instant finishedAt, List<Phase> phases, Map<String, Long> totals) {

    /** How a run ended. */
    public enum Outcome {
        DONE,
        FAILED,
        SKIPPED_LOCKED,
        SKIPPED_PRECONDITION,
        RUNNING
    }

    /** One phase: its counts (keys in snake_case), duration and, when it failed, why. */
    public record Phase(String name, boolean failed, Map<String, Long> counts, long durationMs, String message) {
    }

    public long durationMs() {
        return startedAt == null || finishedAt == null ? 0 : finishedAt.toEpochMilli() - startedAt.toEpochMilli();
    }
}
