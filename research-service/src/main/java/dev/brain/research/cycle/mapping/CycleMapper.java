package dev.brain.research.cycle.mapping;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.JobStep;
import dev.brain.research.cycle.CycleRun;
import dev.brain.research.cycle.CycleRuns;

/** A research cycle run → {@code JobRunResult} (job "research_cycle", one JobStep per phase). */
public final class CycleMapper {

    private CycleMapper() {
    }

    public static JobRunResult toProto(CycleRun run) {
        JobRunResult.Builder b = JobRunResult.newBuilder().setJob(CycleRuns.JOB).setStatus(status(run.outcome()))
                .putAllCounts(run.totals()).setDurationMs(run.durationMs()).setRunId(run.runId())
                .setMessage(run.message() == null ? "" : run.message()).setTenant(run.tenant());
        if (run.startedAt() != null) {
            b.setStartedAt(Timestamp.newBuilder().setSeconds(run.startedAt().getEpochSecond())
                    .setNanos(run.startedAt().getNano()));
        }
        if (run.finishedAt() != null) {
            b.setFinishedAt(Timestamp.newBuilder().setSeconds(run.finishedAt().getEpochSecond())
                    .setNanos(run.finishedAt().getNano()));
        }
        for (CycleRun.Phase p : run.phases()) {
            b.addSteps(JobStep.newBuilder().setName(p.name())
                    .setStatus(p.failed() ? JobStatus.JOB_STATUS_FAILED : JobStatus.JOB_STATUS_DONE)
                    .putAllCounts(p.counts()).setDurationMs(p.durationMs())
                    .setMessage(p.message() == null ? "" : p.message()));
        }
        return b.build();
    }

    public static JobStatus status(CycleRun.Outcome outcome) {
        return switch (outcome) {
            case DONE -> JobStatus.JOB_STATUS_DONE;
            case FAILED -> JobStatus.JOB_STATUS_FAILED;
            case SKIPPED_LOCKED -> JobStatus.JOB_STATUS_SKIPPED_LOCKED;
            case SKIPPED_PRECONDITION -> JobStatus.JOB_STATUS_SKIPPED_PRECONDITION;
            case RUNNING -> JobStatus.JOB_STATUS_RUNNING;
        };
    }
}
