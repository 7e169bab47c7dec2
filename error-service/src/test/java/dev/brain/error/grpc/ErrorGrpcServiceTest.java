package dev.brain.error.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ErrorGrpcServiceTest extends GrpcTestBase {

    @Test
    void statsCountsEveryTenantOwnedTableOfTheSchema() {
        var stats = GrpcTestChannel.as("stats-tenant", ErrorServiceGrpc.newBlockingStub(channel))
                .stats(ErrorStatsRequest.getDefaultInstance());
        assertThat(stats.getTablesList()).extracting(TableCount::getTable)
                .contains("project", "error", "solution", "rule", "code_module", "finding", "outbox")
                .doesNotContain("flyway_schema_history", "stack_frame");
        assertThat(stats.getTablesList()).allSatisfy(t -> assertThat(t.getRows()).isZero());
    }

    @Test
    void callWithTheServiceTokenButWithoutTenantIsUnauthenticated() {
        var stub = ErrorServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(
                dev.brain.tenancy.Tenancy.metadataFor(dev.brain.tenancy.Tenancy.serviceToken(), null)));
        assertThatThrownBy(() -> stub.stats(ErrorStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
                    assertThat(e.getStatus().getDescription()).contains("brain-tenant");
                });
    }

    @Test
    void callWithMalformedTenantIsUnauthenticated() {
        Metadata bad = dev.brain.tenancy.Tenancy.metadataFor(dev.brain.tenancy.Tenancy.serviceToken(), "no spaces allowed");
        var stub = ErrorServiceGrpc.newBlockingStub(channel).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(bad));
        assertThatThrownBy(() -> stub.stats(ErrorStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
                    assertThat(e.getStatus().getDescription()).startsWith("invalid tenant in metadata 'brain-tenant'");
                });
    }
}
