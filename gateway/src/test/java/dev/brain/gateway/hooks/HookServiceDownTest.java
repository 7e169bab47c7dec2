package dev.brain.gateway.hooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyString;

import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** error-service unreachable: every hook still answers 200 with an empty body; the tools say so in one line. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
@TestProfile(HookServiceDownTest.ErrorServiceUnreachable.class)
class HookServiceDownTest {

    /** Points the error-service client at a port where nothing listens. */
    public static class ErrorServiceUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.grpc.clients.error.test-port", "1");
        }
    }

    @Inject
    ApiTokens tokens;

    @Test
    void everyHookAnswersEmptyAndFast() {
        String token = tokens.create("hook-down", "default", Set.of("read", "write"), "test");
        Map<String, String> fixtures = Map.of("session-start", "SessionStart.json", "pre-tool-use", "PreToolUse-Bash.json",
                "post-tool-use-failure", "PostToolUseFailure-Bash.json", "post-tool-use", "PostToolUse-Bash-success.json");
        fixtures.forEach((endpoint, fixture) -> {
            long start = System.nanoTime();
            given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                    .body(HooksTest.payload(fixture).toString())
                    .when().post("/hooks/" + endpoint)
                    .then().statusCode(200).body(emptyString());
            assertThat((System.nanoTime() - start) / 1_000_000).as(endpoint + " ms").isLessThan(6_000);
        });
    }

    @Test
    void theToolsSayErrorServiceIsUnavailable() {
        String token = tokens.create("hook-down", "default", Set.of("read", "write"), "test");
        JsonPath result = new McpSession(token).open().callTool("brain_report_error", Map.of("error_output", "fatal: boom"));
        assertThat(result.getBoolean("isError")).isTrue();
        assertThat(result.getString("content[0].text")).startsWith("error-service unavailable");
    }
}
