package dev.brain.error.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ListProjectsRequest;
import dev.brain.grpc.v1.Project;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SessionServiceGrpc;
import dev.brain.grpc.v1.TableCount;
import dev.brain.grpc.v1.UpsertProjectRequest;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** Projects through real gRPC: created once per tenant and name, and never visible to another tenant. */
@QuarkusTest
class SessionGrpcServiceTest {

    private ManagedChannel channel;
    private String tenantA;
    private String tenantB;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        String run = UUID.randomUUID().toString().substring(0, 8);
        tenantA = "tenant-a-" + run;
        tenantB = "tenant-b-" + run;
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private SessionServiceGrpc.SessionServiceBlockingStub sessions(String tenant) {
        return GrpcTestChannel.as(tenant, SessionServiceGrpc.newBlockingStub(channel));
    }

    private long projectRows(String tenant) {
        return GrpcTestChannel.as(tenant, ErrorServiceGrpc.newBlockingStub(channel))
                .stats(ErrorStatsRequest.getDefaultInstance()).getTablesList().stream()
                .filter(t -> t.getTable().equals("project")).mapToLong(TableCount::getRows).sum();
    }

    @Test
    void projectWrittenForTenantAIsInvisibleToTenantB() {
        var created = sessions(tenantA).upsertProject(UpsertProjectRequest.newBuilder()
                .setName("shop-api").setRootPath("/home/dev/shop-api").addLanguages("java").build());
        assertThat(created.getCreated()).isTrue();
        assertThat(created.getProject().getName()).isEqualTo("shop-api");
        assertThat(created.getProject().getLanguagesList()).containsExactly("java");

        assertThat(sessions(tenantA).listProjects(ListProjectsRequest.getDefaultInstance()).getProjectsList())
                .extracting(Project::getName).containsExactly("shop-api");
        assertThat(sessions(tenantB).listProjects(ListProjectsRequest.getDefaultInstance()).getProjectsList()).isEmpty();
        assertThat(projectRows(tenantA)).isEqualTo(1);
        assertThat(projectRows(tenantB)).isZero();
    }

    @Test
    void secondUpsertUpdatesInsteadOfCreating() {
        var first = sessions(tenantA).upsertProject(UpsertProjectRequest.newBuilder().setName("cli").build());
        var second = sessions(tenantA).upsertProject(UpsertProjectRequest.newBuilder().setName("cli")
                .setDescription("command line tool").build());
        assertThat(second.getCreated()).isFalse();
        assertThat(second.getProject().getId()).isEqualTo(first.getProject().getId());
        assertThat(second.getProject().getDescription()).isEqualTo("command line tool");
        assertThat(projectRows(tenantA)).isEqualTo(1);
    }

    @Test
    void emptyTextIsNotGivenAndAbsentTextIsEmpty() {
        var first = sessions(tenantA).upsertProject(UpsertProjectRequest.newBuilder().setName("web")
                .setDescription("storefront").build());
        assertThat(first.getProject().getRootPath()).isEmpty();
        assertThat(first.getProject().getFrameworksList()).isEmpty();
        assertThat(first.getProject().getCreatedAt()).isEqualTo(first.getProject().getUpdatedAt());
        assertThat(first.getProject().getCreatedAt().getSeconds()).isPositive();

        var again = sessions(tenantA).upsertProject(UpsertProjectRequest.newBuilder().setName("web")
                .setDescription("").setRootPath("").addFrameworks("vue").build());
        assertThat(again.getProject().getDescription()).isEqualTo("storefront");
        assertThat(again.getProject().getRootPath()).isEmpty();
        assertThat(again.getProject().getFrameworksList()).containsExactly("vue");
        assertThat(sessions(tenantA).listProjects(ListProjectsRequest.getDefaultInstance()).getProjects(0))
                .isEqualTo(again.getProject());
    }

    @Test
    void scopeNamingAnotherTenantIsPermissionDenied() {
        var request = UpsertProjectRequest.newBuilder().setScope(Scope.newBuilder().setTenant(tenantB)).setName("x").build();
        assertThatThrownBy(() -> sessions(tenantA).upsertProject(request))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
        assertThat(projectRows(tenantB)).isZero();
    }

    @Test
    void invalidNameIsRejectedNamingTheFieldAndStoresNothing() {
        var request = UpsertProjectRequest.newBuilder().setName("../etc").build();
        assertThatThrownBy(() -> sessions(tenantA).upsertProject(request))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("name:");
                });
        assertThat(projectRows(tenantA)).isZero();
    }
}
