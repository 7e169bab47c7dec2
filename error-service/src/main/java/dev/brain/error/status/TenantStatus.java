package dev.brain.error.status;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.jobs.EmbeddingWorker;
import dev.brain.error.jobs.JobRuns;
import dev.brain.error.learning.LearningCycle;
import dev.brain.error.notification.Notifications;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.status.repository.StatusRepository;
import dev.brain.error.trail.repository.TrailRepository;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.grpc.v1.Scope;

/**
 * The tenant's status: what {@code GetStatus} shows (sessions, errors, solutions, prevention, outbox, embeddings,
 * pending notifications, the last learning run) and the rows per table {@code ErrorStats} counts.
 */
@ApplicationScoped
public class TenantStatus {

    private final StatusRepository status;
    private final Scopes scopes;
    private final Notifications notifications;
    private final JobRuns runs;
    private final EmbeddingWorker embeddingWorker;
    private final TrailRepository trails;

    public TenantStatus(StatusRepository status, Scopes scopes, Notifications notifications, JobRuns runs,
            EmbeddingWorker embeddingWorker, TrailRepository trails) {
        this.trails = trails;
        this.status = status;
        this.scopes = scopes;
        this.notifications = notifications;
        this.runs = runs;
        this.embeddingWorker = embeddingWorker;
    }

    /** {@code GetStatus} of the scope (the whole tenant, or one project where the counts have a project). */
    @Transactional
    public GetStatusResponse of(Scope requestScope) {
        CallScope scope = scopes.forRead(requestScope);
        String t = scope.tenant();
        Long p = scope.projectId();
        GetStatusResponse.Builder b = GetStatusResponse.newBuilder();
        status.counts(t, p, b);
        b.setPendingNotifications(notifications.countPending(t, scope.sessionId(), p));
        runs.last(LearningCycle.JOB, t).ifPresent(b::setLastLearningRun);
        b.setLift(trails.lift(t, p));
        String paused = embeddingWorker.pauseReason();
        b.setEmbeddingPaused(paused != null).setEmbeddingPauseReason(paused == null ? "" : paused);
        return b.build();
    }

    /** {@code ErrorStats}: the tenant's rows in every table of schema {@code error}, outside a transaction. */
    public Map<String, Long> rowsPerTable(String tenant) {
        return status.rowsPerTable(tenant);
    }
}
