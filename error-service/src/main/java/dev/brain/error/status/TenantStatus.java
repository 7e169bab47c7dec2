package dev.brain.error.status;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.jobs.EmbeddingWorker;
import dev.brain.error.jobs.JobRuns;
import dev.brain.error.learning.LearningCycle;
import dev.brain.error.notification.Notifications;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.trail.repository.TrailRepository;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.TenantRowCounts;

/**
 * The tenant's status: what {@code GetStatus} shows (sessions, errors, solutions, prevention, outbox, embeddings,
 * pending notifications, the last learning run) and the rows per table {@code ErrorStats} counts.
 */
@ApplicationScoped
public class TenantStatus {

    private final Jdbc jdbc;
    private final Scopes scopes;
    private final Notifications notifications;
    private final JobRuns runs;
    private final EmbeddingWorker embeddingWorker;
    private final TrailRepository trails;

    public TenantStatus(Jdbc jdbc, Scopes scopes, Notifications notifications, JobRuns runs,
            EmbeddingWorker embeddingWorker, TrailRepository trails) {
        this.trails = trails;
        this.jdbc = jdbc;
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
        jdbc.one("""
                select (select count(*) from session where tenant = ? and status = 'connected'),
                       (select count(*) from session where tenant = ? and status = 'stale'),
                       (select count(*) from session where tenant = ? and status = 'disconnected'),
                       (select count(*) from error where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from error where tenant = ? and not resolved and (?::bigint is null or project_id = ?)),
                       (select count(*) from solution where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from rule where tenant = ? and active),
                       (select count(*) from antipattern where tenant = ? and active),
                       (select count(*) from code_module where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from finding where tenant = ? and (?::bigint is null or project_id = ?)),
                       (select count(*) from outbox where tenant = ? and delivered_at is null and dead_at is null),
                       (select count(*) from outbox where tenant = ? and dead_at is not null),
                       (select count(*) from error where tenant = ? and embedded_at is null),
                       (select count(*) from code_module where tenant = ? and embedding is null),
                       (select count(*) from project where tenant = ?)""", rs -> b
                .setSessionsConnected(rs.getLong(1)).setSessionsStale(rs.getLong(2))
                .setSessionsDisconnected(rs.getLong(3)).setErrors(rs.getLong(4)).setUnresolvedErrors(rs.getLong(5))
                .setSolutions(rs.getLong(6)).setActiveRules(rs.getLong(7)).setActiveAntipatterns(rs.getLong(8))
                .setModules(rs.getLong(9)).setFindings(rs.getLong(10)).setOutboxPending(rs.getLong(11))
                .setOutboxDead(rs.getLong(12)).setUnembeddedErrors(rs.getLong(13))
                .setUnembeddedModules(rs.getLong(14)).setProjects(rs.getLong(15)),
                t, t, t, t, p, p, t, p, p, t, p, p, t, t, t, p, p, t, p, p, t, t, t, t, t);
        b.setPendingNotifications(notifications.countPending(t, scope.sessionId(), p));
        runs.last(LearningCycle.JOB, t).ifPresent(b::setLastLearningRun);
        b.setLift(trails.lift(t, p));
        String paused = embeddingWorker.pauseReason();
        b.setEmbeddingPaused(paused != null).setEmbeddingPauseReason(paused == null ? "" : paused);
        return b.build();
    }

    /** {@code ErrorStats}: the tenant's rows in every table of schema {@code error}, outside a transaction. */
    public Map<String, Long> rowsPerTable(String tenant) {
        return jdbc.withConnection(c -> TenantRowCounts.count(c, "error", tenant));
    }
}
