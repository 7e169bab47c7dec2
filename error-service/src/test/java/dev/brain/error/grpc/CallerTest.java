package dev.brain.error.grpc;

import dev.brain.grpc.v1.CodeServiceGrpc;
import dev.brain.grpc.v1.ErrorAnalyticsServiceGrpc;
import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.FindingsServiceGrpc;
import dev.brain.grpc.v1.LearningServiceGrpc;
import dev.brain.grpc.v1.ListProjectsRequest;
import dev.brain.grpc.v1.NotificationServiceGrpc;
import dev.brain.grpc.v1.PreventionServiceGrpc;
import dev.brain.grpc.v1.Project;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SessionServiceGrpc;
import dev.brain.grpc.v1.UpsertProjectRequest;
import dev.brain.testing.CallerContract;
import io.grpc.Channel;
import io.quarkus.test.junit.QuarkusTest;

/** Who may call error-service: every RPC of its eight services, with the tenant's projects as the stored data. */
@QuarkusTest
class CallerTest extends CallerContract {

    CallerTest() {
        super(ErrorServiceGrpc.getServiceDescriptor(), PreventionServiceGrpc.getServiceDescriptor(),
                LearningServiceGrpc.getServiceDescriptor(), CodeServiceGrpc.getServiceDescriptor(),
                SessionServiceGrpc.getServiceDescriptor(), NotificationServiceGrpc.getServiceDescriptor(),
                FindingsServiceGrpc.getServiceDescriptor(), ErrorAnalyticsServiceGrpc.getServiceDescriptor());
    }

    @Override
    protected void read(Channel channel) {
        SessionServiceGrpc.newBlockingStub(channel).listProjects(ListProjectsRequest.newBuilder()
                .setScope(Scope.getDefaultInstance()).build());
    }

    @Override
    protected void write(Channel channel, String tenant, String marker) {
        SessionServiceGrpc.newBlockingStub(channel).upsertProject(UpsertProjectRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(tenant)).setName(marker).build());
    }

    @Override
    protected boolean holds(Channel channel, String tenant, String marker) {
        return SessionServiceGrpc.newBlockingStub(channel).listProjects(ListProjectsRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(tenant)).build()).getProjectsList().stream()
                .map(Project::getName).anyMatch(marker::equals);
    }
}
