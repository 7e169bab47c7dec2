package dev.brain.testing;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.brain.tenancy.Tenancy;
import grpc.health.v1.HealthGrpc;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;

/** A real gRPC channel to the service under test (same port as HTTP), tenant metadata, and the standard probes. */
public final class GrpcTestChannel {

    private GrpcTestChannel() {
    }

    public static ManagedChannel open() {
        int port = ConfigProvider.getConfig().getValue("quarkus.http.test-port", Integer.class);
        return ManagedChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }

    /**
     * A channel to the packaged service a {@code @QuarkusIntegrationTest} started: its port is the one Quarkus read
     * from the service's log and gave RestAssured ({@code quarkus.http.test-port} is 0, a free port).
     */
    public static ManagedChannel openPackaged() {
        return ManagedChannelBuilder.forAddress("127.0.0.1", io.restassured.RestAssured.port).usePlaintext().build();
    }

    /** The stub with {@code brain-tenant: tenant} on every call. */
    public static <S extends AbstractStub<S>> S as(String tenant, S stub) {
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    /** The service names that gRPC server reflection lists (what {@code grpcurl list} shows). */
    public static List<String> reflectedServices(ManagedChannel channel) throws Exception {
        CompletableFuture<List<String>> services = new CompletableFuture<>();
        StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel)
                .serverReflectionInfo(new StreamObserver<>() {
                    @Override
                    public void onNext(ServerReflectionResponse response) {
                        services.complete(response.getListServicesResponse().getServiceList().stream()
                                .map(ServiceResponse::getName).toList());
                    }

                    @Override
                    public void onError(Throwable t) {
                        services.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                    }
                });
        requests.onNext(ServerReflectionRequest.newBuilder().setListServices("").build());
        requests.onCompleted();
        return services.get(10, TimeUnit.SECONDS);
    }

    /** The answer of the standard {@code grpc.health.v1.Health/Check} for the whole server. */
    public static ServingStatus health(ManagedChannel channel) {
        return HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.newBuilder().build()).getStatus();
    }
}
