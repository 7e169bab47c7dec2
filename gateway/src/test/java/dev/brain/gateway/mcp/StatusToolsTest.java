package dev.brain.gateway.mcp;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import dev.brain.grpc.v1.SessionServiceGrpc;
import dev.brain.grpc.v1.UpsertProjectRequest;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** An MCP client session against the gateway, with the three real services behind it. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class StatusToolsTest {

    @Inject
    ApiTokens tokens;

    private String tokenOf(String tenant) {
        return tokens.create(tenant, "default", Set.of("read", "write"), "test");
    }

    @Test
    void sessionListsToolsAndGetsTheStatusOfAllThreeServices() {
        McpSession mcp = new McpSession(tokenOf("mcp-" + UUID.randomUUID().toString().substring(0, 8))).open();

        List<Map<String, Object>> tools = mcp.request("tools/list", Map.of()).getList("tools");
        assertThat(tools).extracting(t -> t.get("name")).contains("brain_status");
        assertThat(tools).allSatisfy(t -> assertThat((String) t.get("description")).hasSizeLessThanOrEqualTo(600));
        // the answer as it goes over the wire, what a model pays for on every turn (gateway.md §1)
        String answer = mcp.post(Map.of("jsonrpc", "2.0", "id", 98, "method", "tools/list", "params", Map.of())).asString();
        assertThat(answer.length()).as("tools/list budget").isLessThanOrEqualTo(24_000);

        JsonPath result = mcp.callTool("brain_status", Map.of());
        assertThat(result.getBoolean("isError")).isFalse();
        for (String service : List.of("error", "memory", "research")) {
            assertThat(result.getBoolean("structuredContent.services." + service + ".up")).as(service).isTrue();
            assertThat(result.getMap("structuredContent.services." + service + ".counts")).as(service).isNotEmpty();
        }
        assertThat(result.getMap("structuredContent.services.error.counts")).containsKeys("project", "error", "solution");
        assertThat(result.getMap("structuredContent.services.memory.counts")).containsKeys("synapse", "long_term_node");
        assertThat(result.getMap("structuredContent.services.research.counts")).containsKeys("insight", "knowledge_entry");
        assertThat(result.getString("content[0].text")).contains("error-service: up", "memory-service: up",
                "research-service: up");
    }

    @Test
    void statusShowsOnlyTheCallersTenant() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String tenantA = "status-a-" + run;
        var channel = ManagedChannelBuilder.forAddress("127.0.0.1", BrainServices.PORTS.get("error-service")).usePlaintext()
                .build();
        try {
            SessionServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenantA)))
                    .upsertProject(UpsertProjectRequest.newBuilder().setName("web").build());
        } finally {
            channel.shutdownNow();
        }
        JsonPath a = new McpSession(tokenOf(tenantA)).open().callTool("brain_status", Map.of());
        JsonPath b = new McpSession(tokenOf("status-b-" + run)).open().callTool("brain_status", Map.of());
        assertThat(a.getInt("structuredContent.services.error.counts.project")).isEqualTo(1);
        assertThat(a.getString("content[0].text")).contains("project 1");
        assertThat(b.getInt("structuredContent.services.error.counts.project")).isZero();
    }

    @Test
    void withoutTokenTheEndpointAnswers401() {
        McpSession anonymous = new McpSession(null);
        var response = anonymous.post(Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", Map.of()));
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).startsWith("Bearer");
    }

    @Test
    void withBadTokenTheEndpointAnswers401() {
        for (String bad : List.of("brn_not-a-real-token", "garbage", "")) {
            given().contentType(ContentType.JSON).accept(McpSession.ACCEPT).header("Authorization", "Bearer " + bad)
                    .body(Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/list"))
                    .when().post("/mcp").then().statusCode(401);
        }
    }
}
