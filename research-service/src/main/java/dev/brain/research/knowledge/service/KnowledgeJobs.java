package dev.brain.research.knowledge.service;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.repository.JobRunRepository;
import io.quarkus.logging.Log;

/**
 * Runs a library job ({@code knowledge_prune}, {@code knowledge_decay}): under a session-level
 * {@code pg_try_advisory_lock} so that two replicas never run it twice (held elsewhere → one {@code skipped}
 * job_run row), with one {@code job_run} row (running → done / failed, counts per step in {@code counts}) and one
 * log line per step.
 */
@ApplicationScoped
public class KnowledgeJobs {

    public static final String DONE = "done", SKIPPED = "skipped", FAILED = "failed";

    /** One step's result. */
    public record Step(String name, Map<String, Long> counts, long durationMs) {
    }

    /** A run's result: status done / skipped / failed, totals and steps. */
    public record Outcome(String job, String status, Map<String, Long> counts, List<Step> steps, long runId,
            Instant startedAt, Instant finishedAt, long durationMs, String message) {
    }

    /** Records the steps of a run. */
    public static final class Steps {
        private final String job;
        final List<Step> steps = new ArrayList<>();

        Steps(String job) {
            this.job = job;
        }

        public Map<String, Long> step(String name, Supplier<Map<String, Long>> work) {
            long started = System.nanoTime();
            Log.infof("%s step %s started", job, name);
            Map<String, Long> counts = work.get();
            long ms = (System.nanoTime() - started) / 1_000_000;
            steps.add(new Step(name, counts, ms));
            Log.infof("%s step %s done in %d ms: %s", job, name, ms, counts);
            return counts;
        }
    }

    private final JobRunRepository runs;
    private final AdvisoryLocks locks;
    private final Clock clock;

    public KnowledgeJobs(JobRunRepository runs, AdvisoryLocks locks, Clock clock) {
        this.runs = runs;
        this.locks = locks;
        this.clock = clock;
    }

    public Outcome run(String job, String trigger, KnowledgePair pair, String lockKey,
            Function<Steps, Map<String, Long>> work) {
        Instant startedAt = clock.instant();
        long started = System.nanoTime();
        Optional<Outcome> outcome = locks.underLock(lockKey, () -> {
            long id = runs.start(job, trigger, pair, startedAt, "running");
            Log.infof("%s started (%s)", job, trigger);
            Steps steps = new Steps(job);
            try {
                Map<String, Long> totals = work.apply(steps);
                Instant finished = clock.instant();
                runs.finish(id, DONE, json(totals, steps.steps), null, finished);
                Log.infof("%s done: %s", job, totals);
                return new Outcome(job, DONE, totals, steps.steps, id, startedAt, finished,
                        (System.nanoTime() - started) / 1_000_000, "");
            } catch (RuntimeException e) {
                Log.errorf(e, "%s failed", job);
                Instant finished = clock.instant();
                String message = e.getClass().getSimpleName() + ": " + e.getMessage();
                runs.finish(id, FAILED, json(Map.of(), steps.steps), message, finished);
                return new Outcome(job, FAILED, Map.of(), steps.steps, id, startedAt, finished,
                        (System.nanoTime() - started) / 1_000_000, message);
            }
        });
        if (outcome.isPresent()) {
            return outcome.get();
        }
        Log.infof("%s skipped: another replica holds the lock", job);
        long id = runs.start(job, trigger, pair, startedAt, SKIPPED);
        Instant finished = clock.instant();
        runs.finish(id, SKIPPED, "{}", "lock held by another run", finished);
        return new Outcome(job, SKIPPED, Map.of(), List.of(), id, startedAt, finished,
                (System.nanoTime() - started) / 1_000_000, "another run holds the job's lock");
    }

    /** {"total_key": n, …, "steps": {"step": {"key": n}}}. */
    static String json(Map<String, Long> totals, List<Step> steps) {
        StringBuilder out = new StringBuilder("{");
        totals.forEach((k, v) -> out.append(out.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        if (!steps.isEmpty()) {
            out.append(out.length() > 1 ? "," : "").append("\"steps\":{");
            for (int i = 0; i < steps.size(); i++) {
                Step s = steps.get(i);
                out.append(i > 0 ? "," : "").append('"').append(s.name()).append("\":{");
                int[] n = { 0 };
                s.counts().forEach((k, v) -> out.append(n[0]++ > 0 ? "," : "").append('"').append(k).append("\":").append(v));
                out.append('}');
            }
            out.append('}');
        }
        return out.append('}').toString();
    }

    /** Sums step counts into totals. */
    static Map<String, Long> totals(List<Map<String, Long>> parts) {
        Map<String, Long> totals = new LinkedHashMap<>();
        parts.forEach(p -> p.forEach((k, v) -> totals.merge(k, v, Long::sum)));
        return totals;
    }
}
