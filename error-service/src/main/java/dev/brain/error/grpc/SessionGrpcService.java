package dev.brain.error.grpc;

import java.util.List;

import dev.brain.db.Page;
import dev.brain.error.project.service.ProjectService;
import dev.brain.error.session.Sessions;
import dev.brain.error.status.TenantStatus;
import dev.brain.error.trail.SessionTrail;
import dev.brain.grpc.v1.DisconnectRequest;
import dev.brain.grpc.v1.DisconnectResponse;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.grpc.v1.HeartbeatRequest;
import dev.brain.grpc.v1.HeartbeatResponse;
import dev.brain.grpc.v1.ListProjectsRequest;
import dev.brain.grpc.v1.ListProjectsResponse;
import dev.brain.grpc.v1.ListSessionsRequest;
import dev.brain.grpc.v1.ListSessionsResponse;
import dev.brain.grpc.v1.MutinySessionServiceGrpc;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.RecordToolUseResponse;
import dev.brain.grpc.v1.RegisterSessionRequest;
import dev.brain.grpc.v1.RegisterSessionResponse;
import dev.brain.grpc.v1.Session;
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
    private final TenantStatus status;

    private final SessionTrail trail;

    public SessionGrpcService(ProjectService projects, Sessions sessions, TenantStatus status, SessionTrail trail) {
        this.trail = trail;
        this.projects = projects;
        this.sessions = sessions;
        this.status = status;
    }

    @Override
    @Blocking
    public Uni<RegisterSessionResponse> registerSession(RegisterSessionRequest r) {
        return Uni.createFrom().item(() -> {
            Sessions.Registered registered = sessions.register(r.getScope(), r.getKey(), r.getKind(),
                    r.getClientName(), r.getMetadata());
            return RegisterSessionResponse.newBuilder().setSession(registered.session())
                    .setCreated(registered.created()).build();
        });
    }

    @Override
    @Blocking
    public Uni<HeartbeatResponse> heartbeat(HeartbeatRequest r) {
        return Uni.createFrom().item(() -> HeartbeatResponse.newBuilder()
                .setSession(sessions.heartbeat(r.getScope(), r.getKey())).build());
    }

    @Override
    @Blocking
    public Uni<DisconnectResponse> disconnect(DisconnectRequest r) {
        return Uni.createFrom().item(() -> DisconnectResponse.newBuilder()
                .setSession(sessions.disconnect(r.getScope(), r.getKey())).build());
    }

    @Override
    @Blocking
    public Uni<ListSessionsResponse> listSessions(ListSessionsRequest r) {
        return Uni.createFrom().item(() -> {
            Page page = Pages.page(r.getLimit(), r.getPageToken());
            List<Session> rows = sessions.list(r.getScope(), r.getStatusesList(), page.fetch(), page.offset());
            return ListSessionsResponse.newBuilder().addAllSessions(page.rows(rows))
                    .setNextPageToken(page.nextToken(rows.size())).build();
        });
    }

    @Override
    @Blocking
    public Uni<GetStatusResponse> getStatus(GetStatusRequest r) {
        return Uni.createFrom().item(() -> status.of(r.getScope()));
    }

    @Override
    @Blocking
    public Uni<RecordToolUseResponse> recordToolUse(RecordToolUseRequest r) {
        return Uni.createFrom().item(() -> trail.record(r));
    }

    @Override
    @Blocking
    public Uni<UpsertProjectResponse> upsertProject(UpsertProjectRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getScope().getTenant());
            ProjectService.Upserted upserted = projects.upsert(tenant, request.getName(),
                    request.getRootPath(), request.getLanguagesList(), request.getFrameworksList(),
                    request.getDescription());
            return UpsertProjectResponse.newBuilder().setProject(upserted.project())
                    .setCreated(upserted.created()).build();
        });
    }

    @Override
    @Blocking
    public Uni<ListProjectsResponse> listProjects(ListProjectsRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(request.getScope().getTenant());
            return ListProjectsResponse.newBuilder().addAllProjects(projects.list(tenant)).build();
        });
    }
}
