package dev.brain.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * The per-token rate limit (one request per 5 s, bursts of 3 here) on REST, hooks and MCP: over it, 429 with
 * Retry-After and one line; another token is not affected; a made-up token is limited before authentication.
 * No service is needed (the hooks answer empty while error-service is absent).
 */
@QuarkusTest
@TestProfile(RateLimitTest.LowLimit.class)
class RateLimitTest {

    public static class LowLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.limits.requests-per-second", "0.2", "brain.limits.burst", "3");
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }
    }

    @Inject
    ApiTokens tokens;

    private String token() {
        return tokens.create("rate-limit", "default", Set.of("read", "write"), "test");
    }

    @Test
    void restOverTheLimitGets429WithRetryAfterAndOtherTokensAreNotAffected() throws InterruptedException {
        String a = token();
        Function<String, Response> get = t -> given().header("Authorization", "Bearer " + t)
                .when().get("/api/v1/no-such-resource");
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            statuses.add(get.apply(a).statusCode());
        }
        assertThat(statuses).containsOnly(404);
        Response limited = get.apply(a);
        assertThat(limited.statusCode()).isEqualTo(429);
        int retryAfter = Integer.parseInt(limited.header("Retry-After"));
        assertThat(retryAfter).isBetween(1, 5);
        assertThat(limited.jsonPath().getString("error"))
                .isEqualTo("rate limit: more than 0.2 requests/s per token, bursts of 3; retry after " + retryAfter + " s");

        assertThat(get.apply(token()).statusCode()).as("another token").isEqualTo(404);

        Thread.sleep(retryAfter * 1000L + 200);
        assertThat(get.apply(a).statusCode()).as("after Retry-After").isEqualTo(404);
    }

    @Test
    void hooksOverTheLimitGet429() {
        String t = token();
        Function<String, Response> hook = token -> given().header("Authorization", "Bearer " + token)
                .contentType(ContentType.JSON).body(Map.of("hook_event_name", "PreToolUse", "tool_name", "Bash",
                        "tool_input", Map.of("command", "ls"), "session_id", "s", "cwd", "/tmp"))
                .when().post("/hooks/pre-tool-use");
        for (int i = 0; i < 3; i++) {
            assertThat(hook.apply(t).statusCode()).isEqualTo(200);
        }
        Response limited = hook.apply(t);
        for (int i = 0; i < 3 && limited.statusCode() != 429; i++) {
            limited = hook.apply(t); // a slow first call may have let one token refill
        }
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.header("Retry-After")).isNotBlank();
    }

    @Test
    void mcpOverTheLimitGets429AtTheTransport() {
        String t = token();
        McpSession mcp = new McpSession(t).open();
        mcp.request("tools/list", Map.of());
        Response limited = mcp.post(Map.of("jsonrpc", "2.0", "id", 99, "method", "tools/list", "params", Map.of()));
        for (int i = 0; i < 3 && limited.statusCode() != 429; i++) {
            limited = mcp.post(Map.of("jsonrpc", "2.0", "id", 100 + i, "method", "tools/list", "params", Map.of()));
        }
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.header("Retry-After")).isNotBlank();
        assertThat(limited.jsonPath().getString("error")).startsWith("rate limit: ");
    }

    @Test
    void aMadeUpTokenIsLimitedBeforeAuthentication() {
        String madeUp = "brn_made_up_" + System.nanoTime();
        for (int i = 0; i < 3; i++) {
            given().header("Authorization", "Bearer " + madeUp).when().get("/api/v1/status").then().statusCode(401);
        }
        given().header("Authorization", "Bearer " + madeUp).when().get("/api/v1/status").then().statusCode(429);
    }
}
