package dev.brain.gateway.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class StatusResourceTest {

    @Inject
    ApiTokens tokens;

    @Test
    void statusAsJson() {
        String token = tokens.create("rest-json", "default", Set.of("read"), "test");
        given().header("Authorization", "Bearer " + token).accept("application/json")
                .when().get("/api/v1/status")
                .then().statusCode(200)
                .body("tenant", equalTo("rest-json"))
                .body("services.error.up", equalTo(true))
                .body("services.memory.up", equalTo(true))
                .body("services.research.up", equalTo(true));
    }

    @Test
    void statusAsTextForPeople() {
        String token = tokens.create("rest-text", "default", Set.of("read"), "test");
        given().header("Authorization", "Bearer " + token).accept("text/plain")
                .when().get("/api/v1/status")
                .then().statusCode(200)
                .body(containsString("Brain status for tenant rest-text"))
                .body(containsString("memory-service: up"));
    }

    @Test
    void statusWithoutTokenIs401AndHealthStaysOpen() {
        given().when().get("/api/v1/status").then().statusCode(401);
        given().when().get("/q/health/ready").then().statusCode(200);
    }
}
