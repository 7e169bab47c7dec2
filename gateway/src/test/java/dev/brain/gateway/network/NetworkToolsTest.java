package dev.brain.gateway.network;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/** brain_explore and brain_connections against a real memory-service, over MCP and REST. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class NetworkToolsTest {

    @Inject
    ApiTokens tokens;

    private String tenant;
    private String token;
    private ManagedChannel channel;

    @BeforeEach
    void graph() {
        tenant = "net-" + java.util.UUID.randomUUID().toString().substring(0, 8);
        token = tokens.create(tenant, "default", Set.of("read", "write"), "test");
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", BrainServices.PORTS.get("memory-service")).usePlaintext()
                .build();
        var synapses = SynapseServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
        // solution 7 solves error 1 (strengthened 8 times: strong); error 1 causes error 2 (3 times: weak)
        for (int i = 0; i < 8; i++) {
            synapses.strengthen(StrengthenRequest.newBuilder().setSource(ref(NodeType.NODE_TYPE_SOLUTION, 7))
                    .setTarget(ref(NodeType.NODE_TYPE_ERROR, 1)).setType(SynapseType.SYNAPSE_TYPE_SOLVES)
                    .setSourceLabel("Guard against undefined").setTargetLabel("TypeError: x is undefined").build());
        }
        for (int i = 0; i < 3; i++) {
            synapses.strengthen(StrengthenRequest.newBuilder().setSource(ref(NodeType.NODE_TYPE_ERROR, 1))
                    .setTarget(ref(NodeType.NODE_TYPE_ERROR, 2)).setType(SynapseType.SYNAPSE_TYPE_CAUSES).build());
        }
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private static NodeRef ref(NodeType type, long id) {
        return NodeRef.newBuilder().setType(type).setId(id).build();
    }

    @Test
    void exploreNamesEveryHopWithItsTypeAndStrength() {
        JsonPath result = new McpSession(token).open().callTool("brain_explore", Map.of("node_type", "error", "node_id", 1));
        assertThat(result.getBoolean("isError")).isFalse();
        List<Map<String, Object>> nodes = result.getList("structuredContent.nodes");
        assertThat(nodes).extracting(n -> n.get("type") + ":" + n.get("id")).containsExactly("solution:7", "error:2");
        assertThat(result.getDouble("structuredContent.nodes[0].activation")).isGreaterThan(0.7);
        assertThat(result.getString("structuredContent.nodes[0].path[0].synapse_type")).isEqualTo("solves");
        assertThat(result.getBoolean("structuredContent.nodes[0].path[0].forward")).isFalse();
        assertThat(result.getString("content[0].text"))
                .contains("solution 7 \"Guard against undefined\"")
                .contains("error 1 ←solves (strong")
                .contains("error 1 —causes (weak 0.35)→ error 2");
    }

    @Test
    void exploreOfAnUnlinkedNodeSaysWhatWasSearched() {
        JsonPath result = new McpSession(token).open().callTool("brain_explore", Map.of("node_type", "error", "node_id", 999));
        assertThat(result.getBoolean("isError")).isFalse();
        assertThat(result.getList("structuredContent.nodes")).isEmpty();
        assertThat(result.getString("content[0].text"))
                .startsWith("Nothing is linked to error 999 yet: searched 2 synapses between 3 nodes of your tenant");
    }

    @Test
    void badArgumentsAreToolErrorsNamingTheField() {
        McpSession mcp = new McpSession(token).open();
        JsonPath badType = mcp.callTool("brain_explore", Map.of("node_type", "bug", "node_id", 1));
        assertThat(badType.getBoolean("isError")).isTrue();
        assertThat(badType.getString("content[0].text")).startsWith("node_type: 'bug' is not one of error, solution");
        JsonPath badDepth = mcp.callTool("brain_explore", Map.of("node_type", "error", "node_id", 1, "max_depth", 9));
        assertThat(badDepth.getBoolean("isError")).isTrue();
        assertThat(badDepth.getString("content[0].text")).startsWith("max_depth:");
    }

    @Test
    void connectionsFollowTheStrongestChain() {
        JsonPath result = new McpSession(token).open().callTool("brain_connections",
                Map.of("from_type", "solution", "from_id", 7, "to_type", "error", "to_id", 2));
        assertThat(result.getBoolean("structuredContent.found")).isTrue();
        assertThat(result.getList("structuredContent.hops")).hasSize(2);
        assertThat(result.getString("content[0].text")).startsWith("solution 7 and error 2 are connected in 2 hops")
                .contains("solution 7 —solves (strong").contains("then error 1 —causes (weak 0.35)→ error 2");

        JsonPath none = new McpSession(token).open().callTool("brain_connections",
                Map.of("from_type", "solution", "from_id", 7, "to_type", "error", "to_id", 3));
        assertThat(none.getBoolean("structuredContent.found")).isFalse();
        assertThat(none.getString("content[0].text")).startsWith("No connection: no chain of up to 5 synapses links");
    }

    @Test
    void restEquivalentsAnswerJsonTextAndClearErrors() {
        given().header("Authorization", "Bearer " + token).accept("application/json")
                .queryParam("node_type", "error").queryParam("node_id", 1)
                .when().get("/api/v1/network/explore")
                .then().statusCode(200).body("nodes[0].type", equalTo("solution"));
        given().header("Authorization", "Bearer " + token).accept("text/plain")
                .queryParam("from_type", "solution").queryParam("from_id", 7).queryParam("to_type", "error")
                .queryParam("to_id", 1)
                .when().get("/api/v1/network/connections")
                .then().statusCode(200).body(containsString("connected in 1 hop"));
        given().header("Authorization", "Bearer " + token).accept("application/json")
                .queryParam("node_type", "nope").queryParam("node_id", 1)
                .when().get("/api/v1/network/explore")
                .then().statusCode(400).body("error", startsWith("node_type:"));
    }

    @Test
    void statusCarriesTheNetworkStats() {
        JsonPath status = new McpSession(token).open().callTool("brain_status", Map.of());
        assertThat(status.getInt("structuredContent.network.synapses")).isEqualTo(2);
        assertThat(status.getInt("structuredContent.network.nodes")).isEqualTo(3);
        assertThat(status.getString("content[0].text")).contains("synapse network: 2 synapses between 3 nodes");
    }

    @Test
    void adminRunsSynapseDecayNowOthersAreRefused() {
        String admin = tokens.create(tenant, "default", Set.of("read", "write", "admin"), "test");
        // synapse decay works on every pair: scope system (auth/GlobalJobsScopeTest)
        String system = tokens.create(tenant, "default", Set.of("system"), "test");
        given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/memory/synapse-decay")
                .then().statusCode(403).body("required_scope", equalTo("system"));
        given().header("Authorization", "Bearer " + system).when().post("/api/v1/admin/jobs/memory/synapse-decay")
                .then().statusCode(200).body("job", equalTo("memory/synapse-decay")).body("status", equalTo("DONE"))
                .body("counts.updated", org.hamcrest.Matchers.notNullValue());
        given().header("Authorization", "Bearer " + token).when().post("/api/v1/admin/jobs/memory/synapse-decay")
                .then().statusCode(403);
        given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/memory/nonsense")
                .then().statusCode(404).body("error", startsWith("job: unknown job"));
        given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/research/cycle")
                .then().statusCode(200).body("job", equalTo("research/cycle"));
    }
}
