package dev.brain.gateway.research;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
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

/**
 * {@code brain.mcp.groups} without {@code research}: its five tools are neither listed nor callable; and with
 * research-service unreachable, REST answers 503 in one line while the status reports it down without a cycle line.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
@TestProfile(ResearchGroupOffTest.ResearchOff.class)
class ResearchGroupOffTest {

    public static class ResearchOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.mcp.groups", "errors,code,memory,findings", "quarkus.grpc.clients.research.test-port", "1");
        }
    }

    @Inject
    ApiTokens tokens;

    @Test
    void theResearchToolsAreNeitherListedNorCallable() {
        McpSession mcp = new McpSession(tokens.create("rs-off", "default", Set.of("read", "write"), "test")).open();
        List<String> names = mcp.request("tools/list", Map.of()).getList("tools.name");
        assertThat(names).doesNotContainAnyElementsOf(ResearchToolsTest.RESEARCH_TOOLS)
                .contains("brain_status", "memory_recall", "brain_report_error", "save_finding", "brain_find_reusable_code");
        JsonPath call = mcp.callTool("knowledge_search", Map.of("query", "anything"));
        boolean refused = call.get("error") != null || Boolean.TRUE.equals(call.get("isError"));
        assertThat(refused).as(call.prettify()).isTrue();
    }

    @Test
    void aDownResearchServiceIsOneLineAndNoCycleLine() {
        String token = tokens.create("rs-down", "default", Set.of("read"), "test");
        given().header("Authorization", "Bearer " + token).accept(ContentType.JSON).when().get("/api/v1/insights")
                .then().statusCode(503).body("error", startsWith("research-service unavailable"));
        given().header("Authorization", "Bearer " + token).accept(ContentType.JSON)
                .queryParam("query", "x").when().get("/api/v1/knowledge/search")
                .then().statusCode(503).body("error", startsWith("research-service unavailable"));
        JsonPath status = new McpSession(token).open().callTool("brain_status", Map.of());
        assertThat(status.getBoolean("structuredContent.services.research.up")).isFalse();
        assertThat(status.getMap("structuredContent")).containsEntry("research_cycle", null);
        assertThat(status.getString("content[0].text")).contains("research-service: DOWN — research-service unavailable")
                .doesNotContain("research cycle");
    }
}
