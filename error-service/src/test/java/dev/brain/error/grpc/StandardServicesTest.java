package dev.brain.error.grpc;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasItem;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import grpc.health.v1.HealthGrpc;
import grpc.health.v1.HealthOuterClass.HealthCheckRequest;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.grpc.ManagedChannel;
import io.grpc.reflection.v1.ServerReflectionGrpc;
import io.grpc.reflection.v1.ServerReflectionRequest;
import io.grpc.reflection.v1.ServerReflectionResponse;
import io.grpc.reflection.v1.ServiceResponse;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTest;

/** Reflection (what grpcurl uses), the standard health service and the HTTP health checks answer without a tenant. */
@QuarkusTest
class StandardServicesTest {

    private ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = TestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    @Test
    void reflectionListsTheBrainServices() throws Exception {
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
        assertThat(services.get(10, TimeUnit.SECONDS))
                .contains("brain.v1.ErrorService", "brain.v1.SessionService", "grpc.health.v1.Health");
    }

    @Test
    void readinessIncludesTheDatabase() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.name", hasItem("Database connections health check"));
        given().when().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void healthCheckIsServing() {
        var response = HealthGrpc.newBlockingStub(channel).check(HealthCheckRequest.newBuilder().build());
        assertThat(response.getStatus()).isEqualTo(ServingStatus.SERVING);
    }
}
