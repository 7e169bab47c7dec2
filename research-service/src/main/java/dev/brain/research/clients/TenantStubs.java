package dev.brain.research.clients;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import dev.brain.tenancy.Tenancy;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;

/** A stub that acts for one tenant (the {@code brain-tenant} metadata) with a deadline: every outgoing call. */
final class TenantStubs {

    private TenantStubs() {
    }

    static <S extends AbstractStub<S>> S forTenant(S stub, String tenant, Duration deadline) {
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)))
                .withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }
}
