package dev.brain.research.cycle;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.db.jobs.JobRunLog;
import dev.brain.research.cycle.repository.CycleRunRepository;
import dev.brain.research.insight.Structs;

/**
 * The research cycle's bookkeeping (research.md §1.2): the per-tenant session-level advisory lock
 * {@code pg_try_advisory_lock(hashtext('research_cycle:' || tenant))}, held on a connection of its own for the whole
 * run, and the {@code job_run} rows (job {@code research_cycle}; counts = per phase
 * {@code {"<phase>": {"status", "duration_ms", "counts": {…}, "message"}}, "totals": {…}}).
 */
@ApplicationScoped
public class CycleRuns {

    public static final String JOB = "research_cycle";
    static final String BELOW_MIN_DATA = "below minDataPoints";

    private final CycleRunRepository repository;
    private final AdvisoryLocks locks;
    private final JobRunLog runs;

    public CycleRuns(CycleRunRepository repository, AdvisoryLocks locks, JobRunLog runs) {
        this.repository = repository;
        this.locks = locks;
        this.runs = runs;
    }

    /** Runs {@code work} holding the tenant's cycle lock; empty when another run holds it. */
    public <T> Optional<T> underLock(String tenant, Supplier<T> work) {
        return locks.underLock("research_cycle:" + tenant, work);
    }

    public long start(String tenant, String trigger, Instant startedAt) {
        return runs.start(JOB, tenant, trigger, startedAt);
    }

    public void finish(long id, CycleRun run) {
        runs.finish(id, run.outcome() == CycleRun.Outcome.FAILED, countsJson(run),
                run.message() == null || run.message().isEmpty() ? null : run.message(), run.finishedAt());
    }

    /** A run that did not happen (lock held, too little data): one 'skipped' row with the reason. */
    public long skipped(String tenant, String trigger, Instant startedAt, Instant finishedAt, String reason) {
        return runs.record(JOB, tenant, trigger, startedAt, finishedAt, "skipped", "{}", reason);
    }

    /** The tenant's latest research cycle (any trigger). */
    public Optional<CycleRun> latest(String tenant) {
        return repository.latest(JOB, tenant).map(CycleRuns::map);
    }

    static String countsJson(CycleRun run) {
        Structs.Obj json = Structs.obj();
        for (CycleRun.Phase p : run.phases()) {
            Structs.Obj phase = Structs.obj().put("status", p.failed() ? "failed" : "done")
                    .put("duration_ms", p.durationMs()).put("counts", numbers(p.counts()));
            if (p.message() != null && !p.message().isEmpty()) {
                phase.put("message", p.message());
            }
            json.put(p.name(), phase.build());
        }
        json.put("totals", numbers(run.totals()));
        return Structs.json(json.build());
    }

    static Struct numbers(Map<String, Long> counts) {
        Structs.Obj o = Structs.obj();
        counts.forEach((k, v) -> o.put(k, v));
        return o.build();
    }

    /** A stored run with its phases and totals read from the counts JSON. */
    static CycleRun map(CycleRunRepository.Row row) {
        String status = row.status();
        String error = row.error();
        CycleRun.Outcome outcome = switch (status) {
            case "done" -> CycleRun.Outcome.DONE;
            case "failed" -> CycleRun.Outcome.FAILED;
            case "running" -> CycleRun.Outcome.RUNNING;
            default -> error != null && error.startsWith(BELOW_MIN_DATA) ? CycleRun.Outcome.SKIPPED_PRECONDITION
                    : CycleRun.Outcome.SKIPPED_LOCKED;
        };
        Struct counts = Structs.parse(row.counts());
        List<CycleRun.Phase> phases = new ArrayList<>();
        for (String name : ResearchCycle.PHASES) {
            Value v = counts.getFieldsOrDefault(name, null);
            if (v == null || !v.hasStructValue()) {
                continue;
            }
            Struct p = v.getStructValue();
            phases.add(new CycleRun.Phase(name, "failed".equals(p.getFieldsOrDefault("status", Value.getDefaultInstance())
                    .getStringValue()), longs(p.getFieldsOrDefault("counts", Value.getDefaultInstance()).getStructValue()),
                    (long) Structs.number(p, "duration_ms", 0),
                    p.getFieldsOrDefault("message", Value.getDefaultInstance()).getStringValue()));
        }
        Value totals = counts.getFieldsOrDefault("totals", Value.getDefaultInstance());
        return new CycleRun(row.id(), row.tenant(), row.trigger(), outcome, error == null ? "" : error, row.startedAt(),
                row.finishedAt(), phases, longs(totals.getStructValue()));
    }

    static Map<String, Long> longs(Struct struct) {
        Map<String, Long> out = new LinkedHashMap<>();
        struct.getFieldsMap().forEach((k, v) -> out.put(k, (long) v.getNumberValue()));
        return out;
    }
}
