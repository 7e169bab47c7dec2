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
}
