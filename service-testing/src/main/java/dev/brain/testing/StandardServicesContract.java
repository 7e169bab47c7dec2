package dev.brain.testing;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasItem;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;

/**
 * What every service answers without a tenant: gRPC server reflection (what grpcurl uses) lists its services and
 * the standard health service, the health check is serving, and the HTTP readiness includes the database.
 */
public abstract class StandardServicesContract extends GrpcTestBase {

    private final List<String> services;

    /** {@code brainServices}: the service's own gRPC services, e.g. {@code brain.v1.ResearchService}. */
    protected StandardServicesContract(String... brainServices) {
        services = new ArrayList<>(List.of(brainServices));
        services.add("grpc.health.v1.Health");
    }

    @Test
    public void reflectionListsTheBrainServices() throws Exception {
        assertThat(GrpcTestChannel.reflectedServices(channel)).containsAll(services);
    }

    @Test
    public void healthCheckIsServing() {
        assertThat(GrpcTestChannel.health(channel)).isEqualTo(ServingStatus.SERVING);
    }

    @Test
    public void readinessIncludesTheDatabase() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.name", hasItem("Database connections health check"));
        given().when().get("/q/health/live").then().statusCode(200);
    }
}
