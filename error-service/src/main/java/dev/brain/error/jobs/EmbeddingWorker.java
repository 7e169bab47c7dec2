package dev.brain.error.jobs;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.error.code.analysis.ModuleDraft;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.embedding.Embeddings;
import dev.brain.error.jobs.repository.EmbeddingWorkRepository;
import dev.brain.error.report.LateMatch;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.JobRunResult;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * The embedding worker (error-code.md §12.3, §13): every {@code embedding.interval} (2 s), one run at a time
 * across replicas (global advisory lock), errors without an embedding are embedded by memory-service in batches
 * of {@code embedding.batch} (64) per tenant, and each newly embedded error gets its late match
 * ({@link LateMatch}). No row is locked while memory-service answers (the batch is read, embedded, then
 * written for the errors whose {@code embedded_at} is still null), so reports never wait for it. memory-service
 * down → the batch stays unembedded and the next tick retries. A vector of another dimension than the column pauses the
 * worker (status reports it) until a manual {@code RunEmbeddingBackfill} finds the dimensions agree again.
 * Modules without an embedding (their registration's embedding came late) are embedded the same way afterwards,
 * with the text of {@link ModuleDraft#embeddingText(String, String, String, String, String)}, and get their
 * {@code semantic} similarities (the 20 nearest with cosine ≥ {@code code.semanticThreshold}; a stronger stored kind
 * stays).
 */
@ApplicationScoped
public class EmbeddingWorker {

    public static final String JOB = "embedding_worker";

    private final EmbeddingWorkRepository work;
    private final AdvisoryLocks locks;
    private final Embeddings embeddings;
    private final LateMatch lateMatch;
    private final JobRuns runs;
    private final ErrorConfig config;
    private final Clock clock;
    /** Why the worker is paused (a dimension mismatch); null while it runs. */
    private volatile String pauseReason;

    public EmbeddingWorker(EmbeddingWorkRepository work, AdvisoryLocks locks, Embeddings embeddings, LateMatch lateMatch,
            JobRuns runs, ErrorConfig config, Clock clock) {
        this.work = work;
        this.locks = locks;
        this.embeddings = embeddings;
        this.lateMatch = lateMatch;
        this.runs = runs;
        this.config = config;
        this.clock = clock;
    }

    /** What a run did; {@code failure} is why it stopped early (memory-service down, dimension mismatch). */
    public record Counts(long embedded, long modulesEmbedded, long lateMatches, long notifications, long remaining,
            String failure, boolean paused) {

        Map<String, Long> asMap() {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put("errors_embedded", embedded);
            m.put("modules_embedded", modulesEmbedded);
            m.put("late_matches", lateMatches);
            m.put("notifications", notifications);
            m.put("remaining", remaining);
            return m;
        }
    }

    /** Null while the worker runs; else why it is paused. */
    public String pauseReason() {
        return pauseReason;
    }

    /** A scheduled tick writes a job_run row only when it changed something (every 2 s would flood the table). */
    @Scheduled(every = "${brain.error.embedding.interval:2s}", delayed = "5s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (pauseReason != null) {
            return;
        }
        try {
            Instant started = clock.instant();
            Counts counts = withLock(config.embedding().batch());
            if (counts != null && (counts.embedded() + counts.modulesEmbedded() > 0 || counts.paused())) {
                runs.finish(runs.start(JOB, null, false, started), JOB, null, started, List.of(), counts.asMap(),
                        counts.paused() ? counts.failure() : null);
            }
        } catch (RuntimeException e) {
            Log.debugf("embedding worker tick failed: %s", e.getMessage());
        }
    }

    /**
     * {@code RunEmbeddingBackfill}: embeds up to {@code limit} errors now (0 = every pending one), resuming a paused
     * worker; always writes a job_run row.
     */
    public JobRunResult run(boolean manual, int limit) {
        Instant started = clock.instant();
        pauseReason = null;
        Counts counts = withLock(limit <= 0 ? Long.MAX_VALUE : limit);
        if (counts == null) {
            return runs.skipped(JOB, null, manual, started);
        }
        return runs.finish(runs.start(JOB, null, manual, started), JOB, null, started, List.of(), counts.asMap(),
                counts.failure());
    }

    /** Runs batches under the global lock until {@code max} errors are embedded or none is left; null when locked. */
    private Counts withLock(long max) {
        return locks.underLock("error.embedding-worker", () -> embed(max)).orElse(null);
    }

    private record Pending(long id, String tenant, String text) {
    }

    /** How far a run got: rows embedded per kind, late matches and notifications, and why it stopped early. */
    private static final class Progress {
        final long max;
        long errors;
        long modules;
        long matches;
        long notified;
        String failure;
        boolean paused;

        Progress(long max) {
            this.max = max;
        }

        long left() {
            return max - errors - modules;
        }
    }

    private Counts embed(long max) {
        Progress run = new Progress(max);
        String dimension = embeddings.dimensionProblem();
        if (dimension != null) {
            run.failure = pause(dimension);
            run.paused = true;
        }
        batches(run, batch -> work.unembeddedErrors(batch).stream().map(e -> new Pending(e.id(), e.tenant(),
                Embeddings.errorText(e.type(), e.template(), e.taskContext()))).toList(), (rows, response) -> {
                    long[] done = write(rows, response);
                    run.errors += done[0];
                    run.matches += done[1];
                    run.notified += done[2];
                    return done[0];
                });
        batches(run, batch -> work.unembeddedModules(batch).stream().map(m -> new Pending(m.id(), m.tenant(),
                ModuleDraft.embeddingText(m.name(), m.interfaceSignature(), m.purpose(), m.sourceCode(),
                        m.language())))
                .toList(), (rows, response) -> {
                    long done = writeModules(rows, response);
                    run.modules += done;
                    return done;
                });
        long remaining = work.countUnembedded();
        return new Counts(run.errors, run.modules, run.matches, run.notified, remaining, run.failure, run.paused);
    }

    /**
     * Embeds rows of one kind in batches of {@code embedding.batch}, one {@code Embed} call per tenant of a batch,
     * until none is left, the run's maximum is reached, memory-service fails (retried next tick) or answers vectors
     * of another dimension (the worker pauses).
     */
    private void batches(Progress run, java.util.function.IntFunction<List<Pending>> select,
            java.util.function.BiFunction<List<Pending>, EmbedResponse, Long> store) {
        while (!run.paused && run.failure == null && run.left() > 0) {
            int batch = (int) Math.min(config.embedding().batch(), run.left());
            List<Pending> pending = select.apply(batch);
            if (pending.isEmpty()) {
                return;
            }
            Map<String, List<Pending>> byTenant = new LinkedHashMap<>();
            pending.forEach(p -> byTenant.computeIfAbsent(p.tenant(), t -> new ArrayList<>()).add(p));
            long stored = 0;
            for (Map.Entry<String, List<Pending>> group : byTenant.entrySet()) {
                List<Pending> rows = group.getValue();
                EmbedResponse response;
                try {
                    response = embeddings.embed(group.getKey(), rows.stream().map(Pending::text).toList(),
                            config.embedding().callDeadline());
                } catch (RuntimeException e) {
                    run.failure = "memory-service did not embed: " + oneLine(e);
                    Log.debugf("embedding worker: %s (retried next tick)", run.failure);
                    return;
                }
                String problem = embeddings.vectorProblem(response, rows.size());
                if (problem != null) {
                    run.failure = pause(problem);
                    run.paused = true;
                    return;
                }
                stored += store.apply(rows, response);
            }
            if (stored == 0 || pending.size() < batch) {
                return;
            }
        }
    }

    /** Stores the vectors of modules still unembedded and their semantic similarities, in one transaction. */
    private long writeModules(List<Pending> rows, EmbedResponse response) {
        return QuarkusTransaction.requiringNew().call(() -> {
            OffsetDateTime now = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
            long done = 0;
            for (int i = 0; i < rows.size(); i++) {
                long id = rows.get(i).id();
                if (work.storeModuleVector(id, Embeddings.literal(response.getVectors(i)), now)) {
                    done++;
                    work.addSemanticSimilarities(id, now, config.code().semanticThreshold());
                }
            }
            return done;
        });
    }

    /** Stores the vectors of errors still unembedded and late-matches them, in one transaction. */
    private long[] write(List<Pending> rows, EmbedResponse response) {
        return QuarkusTransaction.requiringNew().call(() -> {
            OffsetDateTime now = OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
            long[] done = new long[3];
            List<Long> fresh = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (work.storeErrorVector(rows.get(i).id(), Embeddings.literal(response.getVectors(i)), now)) {
                    fresh.add(rows.get(i).id());
                }
            }
            done[0] = fresh.size();
            Set<Long> batch = new HashSet<>(fresh);
            for (long id : fresh) {
                LateMatch.Outcome o = lateMatch.run(id, batch, now);
                done[1] += o.matches();
                done[2] += o.notifications();
            }
            return done;
        });
    }

    private String pause(String reason) {
        String message = "embedding worker paused: " + reason;
        if (!message.equals(pauseReason)) {
            Log.warn(message);
        }
        pauseReason = message;
        return message;
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
