package dev.brain.error.grpc;

import dev.brain.db.Jdbc;
import dev.brain.error.jobs.EmbeddingWorker;
import dev.brain.error.jobs.JobRuns;
import dev.brain.error.learning.LearningCycle;
import dev.brain.error.notification.Notifications;
import dev.brain.error.project.mapping.ProjectMapper;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.session.Sessions;
import dev.brain.grpc.v1.DisconnectRequest;
import dev.brain.grpc.v1.DisconnectResponse;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.grpc.v1.HeartbeatRequest;
import dev.brain.grpc.v1.HeartbeatResponse;
import dev.brain.grpc.v1.ListSessionsRequest;
import dev.brain.grpc.v1.ListSessionsResponse;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.RegisterSessionResponse;
import io.quarkus.narayana.jta.QuarkusTransaction;
import dev.brain.error.project.service.ProjectService;
import dev.brain.grpc.v1.ListProjectsRequest;
import dev.brain.grpc.v1.ListProjectsResponse;
import dev.brain.grpc.v1.MutinySessionServiceGrpc;
import dev.brain.grpc.v1.UpsertProjectRequest;
import dev.brain.grpc.v1.UpsertProjectResponse;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code SessionService}: sessions (error-code.md §4), projects and the tenant's status. */
@GrpcService
public class SessionGrpcService extends MutinySessionServiceGrpc.SessionServiceImplBase {

    private final ProjectService projects;
    private final Sessions sessions;
    private final Scopes scopes;
    private final Jdbc jdbc;
    private final JobRuns runs;
    private final Notifications notifications;
    private final EmbeddingWorker embeddingWorker;

    public SessionGrpcService(ProjectService projects, Sessions sessions, Scopes scopes, Jdbc jdbc, JobRuns runs,
            Notifications notifications, EmbeddingWorker embeddingWorker) {
        this.embeddingWorker = embeddingWorker;
        this.projects = projects;
        this.sessions = sessions;
        this.scopes = scopes;
        this.jdbc = jdbc;
        this.runs = runs;
        this.notifications = notifications;
    }

    @Override
    @Blocking
    public Uni<RegisterSessionResponse> registerSession(RegisterSessionRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forCall(r.getScope().toBuilder().clearSession().build())
                    .withSession(r.getScope().getSession());
            Sessions.Registered registered = sessions.register(scope, r.getKey(), r.getKind(), r.getClientName(),
                    r.getMetadata());
            return RegisterSessionResponse.newBuilder().setSession(registered.session())
                    .setCreated(registered.created()).build();
        }));
    }

    @Override
    @Blocking
    public Uni<HeartbeatResponse> heartbeat(HeartbeatRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forCall(r.getScope().toBuilder().clearSession().build())
                    .withSession(r.getScope().getSession());
            return HeartbeatResponse.newBuilder().setSession(sessions.heartbeat(scope, r.getKey())).build();
        }));
    }

    @Override
    @Blocking
    public Uni<DisconnectResponse> disconnect(DisconnectRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(r.getScope().toBuilder().clearSession().build())
                    .withSession(r.getScope().getSession());
            return DisconnectResponse.newBuilder().setSession(sessions.disconnect(scope, r.getKey())).build();
        }));
    }

    @Override
    @Blocking
    public Uni<ListSessionsResponse> listSessions(ListSessionsRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(r.getScope().toBuilder().clearSession().build());
            int limit = Pages.limit(r.getLimit());
            int offset = Pages.offset(r.getPageToken());
            var rows = sessions.list(scope, r.getStatusesList(), limit + 1, offset);
            ListSessionsResponse.Builder b = ListSessionsResponse.newBuilder()
                    .addAllSessions(rows.subList(0, Math.min(limit, rows.size())));
            if (rows.size() > limit) {
                b.setNextPageToken(Integer.toString(offset + limit));
            }
            return b.build();
        }));
    }

    @Override
    @Blocking
    public Uni<GetStatusResponse> getStatus(GetStatusRequest r) {
        return Uni.createFrom().item(() -> QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(r.getScope());
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
            String paused = embeddingWorker.pauseReason();
            b.setEmbeddingPaused(paused != null).setEmbeddingPauseReason(paused == null ? "" : paused);
            return b.build();
        }));
    }

    @Override
    @Blocking
    public Uni<UpsertProjectResponse> upsertProject(UpsertProjectRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getScope().getTenant());
            ProjectService.Upserted upserted = projects.upsert(tenant, request.getName(),
                    ProjectMapper.emptyToNull(request.getRootPath()), request.getLanguagesList(),
                    request.getFrameworksList(), ProjectMapper.emptyToNull(request.getDescription()));
            return UpsertProjectResponse.newBuilder().setProject(ProjectMapper.toProto(upserted.project()))
                    .setCreated(upserted.created()).build();
        });
    }

    @Override
    @Blocking
    public Uni<ListProjectsResponse> listProjects(ListProjectsRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getScope().getTenant());
            ListProjectsResponse.Builder response = ListProjectsResponse.newBuilder();
            projects.list(tenant).forEach(p -> response.addProjects(ProjectMapper.toProto(p)));
            return response.build();
        });
    }
}
