package dev.brain.error.project.grpc;

import dev.brain.error.project.mapping.ProjectMapper;
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

/** {@code SessionService}: projects so far (sessions come with the error issue). */
@GrpcService
public class SessionGrpcService extends MutinySessionServiceGrpc.SessionServiceImplBase {

    private final ProjectService projects;

    public SessionGrpcService(ProjectService projects) {
        this.projects = projects;
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
