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

/** error-service unreachable: the hook still answers 200 with an empty body; the tools say so in one line. */
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
    void theHookAnswersEmptyAndFast() {
        String token = tokens.create("hook-down", "default", Set.of("read", "write"), "test");
        long start = System.nanoTime();
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("session_id", "s-down", "cwd", "/tmp", "hook_event_name", "PostToolUse", "tool_name", "Bash",
                        "tool_input", Map.of("command", "make"),
                        "tool_response", Map.of("stdout", "", "stderr", "make: *** No rule to make target 'x'.  Stop.\nfatal: boom",
                                "interrupted", false, "exit_code", 2)))
                .when().post("/hooks/post-tool-use")
                .then().statusCode(200).body(emptyString());
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(6_000);
    }

    @Test
    void theToolsSayErrorServiceIsUnavailable() {
        String token = tokens.create("hook-down", "default", Set.of("read", "write"), "test");
        JsonPath result = new McpSession(token).open().callTool("brain_report_error", Map.of("error_output", "fatal: boom"));
        assertThat(result.getBoolean("isError")).isTrue();
        assertThat(result.getString("content[0].text")).startsWith("error-service unavailable");
    }
}
