package dev.brain.gateway.status;

import java.time.Instant;
import java.util.Map;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.wire.WireNames;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The tenant's research cycles: the latest run (any trigger; null when none ran yet) and when the scheduler runs
 * the next one (null when the scheduled cycle is off).
 */
@RegisterForReflection
public record ResearchCycles(Cycle last, String next_at) {

    /** One run: status (done, skipped_precondition, failed, …), times, duration and the run's totals. */
    @RegisterForReflection
    public record Cycle(String status, String started_at, String finished_at, long duration_ms, Map<String, Long> counts,
            String message) {
    }

    static ResearchCycles of(JobRunResult last, Timestamp next) {
        return new ResearchCycles(last == null ? null : cycle(last), next == null ? null : instant(next));
    }

    static Cycle cycle(JobRunResult r) {
        String status = r.getStatus() == JobStatus.UNRECOGNIZED ? "unknown"
                : WireNames.of(r.getStatus());
        return new Cycle(status, r.hasStartedAt() ? instant(r.getStartedAt()) : null,
                r.hasFinishedAt() ? instant(r.getFinishedAt()) : null, r.getDurationMs(), r.getCountsMap(),
                r.getMessage().isEmpty() ? null : r.getMessage());
    }

    private static String instant(Timestamp t) {
        return Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString();
    }
}
