package dev.brain.error.jobs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.jobs.JobRunLog;
import dev.brain.error.jobs.repository.JobRunRepository;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.JobStep;
import dev.brain.wire.ProtoTime;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.ScheduledExecution;

/**
 * Table {@code job_run}: one row per run of a job (error-code.md §13), written in its own transactions through the
 * shared {@link JobRunLog}, and answered as the contract's {@code JobRunResult} with its steps.
 */
@ApplicationScoped
public class JobRuns {

    private final JobRunRepository repository;
    private final JobRunLog log;
    private final ObjectMapper json;
    private final Clock clock;

    public JobRuns(JobRunRepository repository, JobRunLog log, ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.log = log;
        this.json = json;
        this.clock = clock;
    }

    public long start(String job, String tenant, boolean manual, Instant now) {
        return QuarkusTransaction.requiringNew().call(() -> log.start(job, tenant, trigger(manual), now));
    }

    /** Records a run that did not happen because another one holds the lock. */
    public JobRunResult skipped(String job, String tenant, boolean manual, Instant now) {
        long id = QuarkusTransaction.requiringNew().call(() -> log.record(job, tenant, trigger(manual), now, now,
                "skipped", "{}", "another run holds the lock"));
        return JobRunResult.newBuilder().setJob(job).setStatus(JobStatus.JOB_STATUS_SKIPPED_LOCKED).setRunId(id)
                .setMessage("another run holds the lock").setTenant(tenant == null ? "" : tenant)
                .setStartedAt(ProtoTime.timestamp(now)).setFinishedAt(ProtoTime.timestamp(now)).build();
    }

    /** A step (phase) of a run and its outcome. */
    public record Step(String name, boolean failed, Map<String, Long> counts, long durationMs, String message) {
    }

    public JobRunResult finish(long id, String job, String tenant, Instant started, List<Step> steps,
            Map<String, Long> counts, String failure) {
        Instant finished = clock.instant();
        Map<String, Object> stored = new LinkedHashMap<>(counts);
        stored.put("steps", steps);
        String countsJson;
        try {
            countsJson = json.writeValueAsString(stored);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        QuarkusTransaction.requiringNew().run(() -> log.finish(id, failure != null, countsJson, failure, finished));
        JobRunResult.Builder result = JobRunResult.newBuilder().setJob(job).setRunId(id)
                .setStatus(failure == null ? JobStatus.JOB_STATUS_DONE : JobStatus.JOB_STATUS_FAILED)
                .putAllCounts(counts).setDurationMs(Duration.between(started, finished).toMillis())
                .setMessage(failure == null ? "" : failure).setTenant(tenant == null ? "" : tenant)
                .setStartedAt(ProtoTime.timestamp(started)).setFinishedAt(ProtoTime.timestamp(finished));
        for (Step s : steps) {
            result.addSteps(JobStep.newBuilder().setName(s.name())
                    .setStatus(s.failed() ? JobStatus.JOB_STATUS_FAILED : JobStatus.JOB_STATUS_DONE)
                    .putAllCounts(s.counts()).setDurationMs(s.durationMs())
                    .setMessage(s.message() == null ? "" : s.message()));
        }
        return result.build();
    }

    /** The last finished run of a job (for a tenant, or global when tenant is null). */
    public Optional<JobRunResult> last(String job, String tenant) {
        return repository.last(job, tenant).map(run -> {
            JobRunResult.Builder b = JobRunResult.newBuilder().setJob(job).setRunId(run.id())
                    .setTenant(tenant == null ? "" : tenant).setMessage(run.error())
                    .setStartedAt(ProtoTime.timestamp(run.startedAt()));
            if (run.finishedAt() != null) {
                b.setFinishedAt(ProtoTime.timestamp(run.finishedAt()));
            }
            b.setStatus(switch (run.status()) {
                case "done" -> JobStatus.JOB_STATUS_DONE;
                case "failed" -> JobStatus.JOB_STATUS_FAILED;
                default -> JobStatus.JOB_STATUS_SKIPPED_LOCKED;
            });
            try {
                JsonNode counts = json.readTree(run.counts());
                counts.fields().forEachRemaining(f -> {
                    if (f.getValue().isNumber()) {
                        b.putCounts(f.getKey(), f.getValue().asLong());
                    }
                });
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            return b.build();
        });
    }

    /** The period of a scheduled execution: from its fire time to the next one (zero when there is none). */
    public static Duration period(ScheduledExecution execution) {
        return JobRunLog.period(execution.getScheduledFireTime(), execution.getTrigger().getNextFireTime());
    }

    /**
     * Whether a scheduled run of the job (for a tenant, or global) started less than ¾ {@code period} before
     * {@code now} ({@link JobRunLog#periodStart}). Asked under the job's lock; false when {@code period} is zero.
     */
    public boolean ranThisPeriod(String job, String tenant, Duration period, Instant now) {
        return JobRunLog.periodStart(period, now).map(since -> log.ranSince(job, tenant, since)).orElse(false);
    }

    public Optional<Instant> lastStart(String job, String tenant) {
        return log.lastStart(job, tenant);
    }

    private static String trigger(boolean manual) {
        return manual ? JobRunLog.MANUAL : JobRunLog.SCHEDULED;
    }
}
