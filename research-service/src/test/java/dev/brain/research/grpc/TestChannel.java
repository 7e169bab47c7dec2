package dev.brain.research.grpc;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.brain.tenancy.Tenancy;
import io.grpc.ClientInterceptor;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;

/** A real gRPC channel to the service under test (same port as HTTP), and tenant metadata for stubs. */
public final class TestChannel {

    private TestChannel() {
    }

    public static ManagedChannel open() {
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        return ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    public static <S extends AbstractStub<S>> S as(String tenant, S stub) {
        ClientInterceptor tenantHeader = MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant));
        return stub.withInterceptors(tenantHeader);
    }
}
