package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ErrorCountsRequest;
import dev.brain.grpc.v1.ModuleAdaptationGroupsRequest;
import dev.brain.grpc.v1.ModuleCapabilitiesRequest;
import dev.brain.grpc.v1.ModuleCoUsageRequest;
import dev.brain.grpc.v1.Scope;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** The module aggregates belong to code intelligence, not built yet; a foreign scope.tenant is refused. */
@QuarkusTest
class ModuleAnalyticsTest extends AnalyticsTestBase {

    @Test
    void moduleAggregatesAreUnimplementedWithADescription() {
        assertUnimplemented(() -> analytics().moduleAdaptationGroups(ModuleAdaptationGroupsRequest.getDefaultInstance()),
                "ModuleAdaptationGroups");
        assertUnimplemented(() -> analytics().moduleCoUsage(ModuleCoUsageRequest.getDefaultInstance()), "ModuleCoUsage");
        assertUnimplemented(() -> analytics().moduleCapabilities(ModuleCapabilitiesRequest.getDefaultInstance()),
                "ModuleCapabilities");
    }

    @Test
    void aScopeNamingAnotherTenantIsPermissionDenied() {
        assertThatThrownBy(() -> analytics().errorCounts(ErrorCountsRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(otherTenant)).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
    }

    private static void assertUnimplemented(ThrowingCallable call, String rpc) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
            assertThat(e.getStatus().getDescription()).startsWith(rpc + ": ").doesNotContain("\n");
        });
    }
}
