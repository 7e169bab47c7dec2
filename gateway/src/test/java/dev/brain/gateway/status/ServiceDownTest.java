package dev.brain.gateway.status;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.restassured.path.json.JsonPath;

/** When services are unreachable, answers say so in one line and the other services still answer. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
@TestProfile(ServiceDownTest.ResearchUnreachable.class)
class ServiceDownTest {

    /** Points the research and memory clients at a port where nothing listens. */
    public static class ResearchUnreachable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.grpc.clients.research.test-port", "1", "quarkus.grpc.clients.memory.test-port", "1");
        }
    }

    @Inject
    ApiTokens tokens;

    @Test
    void downServiceIsReportedAndTheOthersStillAnswer() {
        String token = tokens.create("down-test", "default", Set.of("read"), "test");
        JsonPath result = new McpSession(token).open().callTool("brain_status", Map.of());

        assertThat(result.getBoolean("isError")).isFalse();
        assertThat(result.getBoolean("structuredContent.services.error.up")).isTrue();
        assertThat(result.getBoolean("structuredContent.services.memory.up")).isFalse();
        assertThat(result.getMap("structuredContent")).containsEntry("network", null);
        assertThat(result.getBoolean("structuredContent.services.research.up")).isFalse();
        assertThat(result.getString("structuredContent.services.research.error")).startsWith("research-service unavailable");
        assertThat(result.getString("content[0].text")).contains("research-service: DOWN — research-service unavailable")
                .contains("error-service: up");
    }

    @Test
    void networkToolsSayTheMemoryServiceIsUnavailable() {
        String token = tokens.create("down-test", "default", Set.of("read"), "test");
        JsonPath result = new McpSession(token).open().callTool("brain_explore", Map.of("node_type", "error", "node_id", 1));
        assertThat(result.getBoolean("isError")).isTrue();
        assertThat(result.getString("content[0].text")).startsWith("memory-service unavailable");
    }

    @Test
    void memoryToolsSayTheMemoryServiceIsUnavailableAndErrorToolsStillAnswer() {
        String token = tokens.create("down-test", "default", Set.of("read", "write"), "test");
        McpSession mcp = new McpSession(token).open();
        JsonPath recall = mcp.callTool("memory_recall", Map.of("query", "anything"));
        assertThat(recall.getBoolean("isError")).isTrue();
        assertThat(recall.getString("content[0].text")).startsWith("memory-service unavailable");
        JsonPath remember = mcp.callTool("memory_remember", Map.of("content", "x", "salience", 0.8));
        assertThat(remember.getString("content[0].text")).startsWith("memory-service unavailable");
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token)
                .contentType(io.restassured.http.ContentType.JSON).body(Map.of("turn_id", "t", "answer", "x"))
                .when().post("/api/v1/memory/feedback")
                .then().statusCode(503).body("error", org.hamcrest.Matchers.startsWith("memory-service unavailable"));
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + token)
                .when().get("/api/v1/memory/export")
                .then().statusCode(503).body("error", org.hamcrest.Matchers.startsWith("memory-service unavailable"));
        JsonPath query = mcp.callTool("brain_query_error", Map.of("query", "TypeError"));
        assertThat(query.getBoolean("isError")).isFalse();
    }
}
