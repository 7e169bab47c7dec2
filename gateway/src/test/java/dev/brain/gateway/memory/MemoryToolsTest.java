package dev.brain.gateway.memory;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.oneOf;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** memory_remember, memory_recall and memory_feedback over MCP and REST against the real memory-service. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class MemoryToolsTest {

    static final String ANNA = "Anna is the user's older sister and she lives in Hamburg with two cats.";
    static final List<String> TOOLS = List.of("memory_remember", "memory_recall", "memory_feedback");

    /** rest-assured sends JSON-lines bodies as text. */
    static final RestAssuredConfig JSON_LINES = RestAssuredConfig.config()
            .encoderConfig(EncoderConfig.encoderConfig().encodeContentTypeAs("application/x-ndjson", ContentType.TEXT));

    @Inject
    ApiTokens tokens;

    private String tenant;
    private String token;
    private ManagedChannel channel;

    @BeforeEach
    void tenant() {
        tenant = "mem-" + UUID.randomUUID().toString().substring(0, 8);
        token = tokens.create(tenant, "default", Set.of("read", "write"), "test");
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", BrainServices.PORTS.get("memory-service")).usePlaintext()
                .build();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private static JsonPath ok(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        return result;
    }

    private static JsonPath error(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isTrue();
        return result;
    }

    /** Promotes an entry of the caller's pair (user = tenant, agent claude) synchronously, as the job would. */
    private void promote(long entryId) {
        var admin = MemoryAdminServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
        var outcome = admin.promoteEntry(PromoteEntryRequest.newBuilder()
                .setPair(Pair.newBuilder().setUserId(tenant).setAgentId("claude")).setId(entryId).build()).getOutcome();
        // the service's own promotion job may have been first
        assertThat(outcome).isIn(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE, PromotionOutcome.PROMOTION_OUTCOME_NOT_PENDING);
    }

    @Test
    void theMemoryToolsAreListedWithinTheToolBudget() {
        McpSession mcp = new McpSession(token).open();
        String body = mcp.post(Map.of("jsonrpc", "2.0", "id", 99, "method", "tools/list", "params", Map.of())).asString();
        assertThat(body.length()).as("tools/list answer").isLessThanOrEqualTo(24_000);
        List<Map<String, Object>> tools = mcp.request("tools/list", Map.of()).getList("tools");
        assertThat(tools).extracting(t -> t.get("name")).containsAll(TOOLS);
        assertThat(tools).filteredOn(t -> TOOLS.contains(t.get("name")))
                .allSatisfy(t -> assertThat((String) t.get("description")).as((String) t.get("name"))
                        .hasSizeLessThanOrEqualTo(600));
    }

    @Test
    void rememberedContentIsRecalledInAnotherCallAndFeedbackReinforcesIt() {
        JsonPath remembered = ok(new McpSession(token).open().callTool("memory_remember", Map.of("content", ANNA,
                "salience", 0.9, "topics", List.of("family"), "entities", List.of("Anna"), "time", "2026-11-30",
                "emotion", "trust")));
        long entryId = remembered.getLong("structuredContent.entry_id");
        assertThat(entryId).isPositive();
        assertThat(remembered.getBoolean("structuredContent.stored")).isTrue();
        assertThat(remembered.getString("structuredContent.promotion_state")).isEqualTo("pending");
        assertThat(remembered.getString("content[0].text")).startsWith("Remembered as short-term entry #" + entryId)
                .contains("queued for promotion");
        promote(entryId);

        McpSession later = new McpSession(token).open();
        JsonPath recalled = ok(later.callTool("memory_recall", Map.of("query", "Where does Anna, the user's sister, live?")));
        String turnId = recalled.getString("structuredContent.turn_id");
        assertThat(turnId).startsWith("turn-");
        List<Map<String, Object>> memories = recalled.getList("structuredContent.memories");
        assertThat(memories).hasSize(1);
        assertThat(memories.get(0)).containsEntry("rank", 1).containsEntry("shell", 0).containsEntry("content", ANNA);
        assertThat(recalled.getList("structuredContent.memories[0].path")).isEmpty();
        long nodeId = recalled.getLong("structuredContent.memories[0].node_id");
        assertThat(recalled.getDouble("structuredContent.memories[0].sort_weight")).isPositive();
        assertThat(recalled.getString("structuredContent.block")).startsWith("One memory is present right now")
                .contains("\"" + ANNA + "\"").contains("Came to mind directly").contains("Feeling: trust");
        assertThat(recalled.getString("content[0].text")).contains("Came to mind directly").contains(turnId)
                .contains("memory_feedback");

        JsonPath feedback = ok(later.callTool("memory_feedback", Map.of("turn_id", turnId,
                "answer", "Your older sister Anna lives in Hamburg with her two cats.")));
        assertThat(feedback.getString("structuredContent.outcome")).isEqualTo("COMPUTED");
        assertThat(feedback.getList("structuredContent.reinforced", Long.class)).containsExactly(nodeId);
        assertThat(feedback.getBoolean("structuredContent.replayed")).isFalse();
        assertThat(feedback.getString("content[0].text")).startsWith("Reinforced 1 memory used in the answer: node #" + nodeId);

        JsonPath again = ok(later.callTool("memory_feedback", Map.of("turn_id", turnId, "answer", "something else")));
        assertThat(again.getBoolean("structuredContent.replayed")).isTrue();
        assertThat(again.getList("structuredContent.reinforced", Long.class)).containsExactly(nodeId);
    }

    @Test
    void anUnknownRankingIsRefusedNamingTheArgument() {
        JsonPath result = new McpSession(token).open().callTool("memory_recall", Map.of("query", "anything",
                "ranking", "loudest"));
        assertThat(result.getBoolean("isError")).isTrue();
        assertThat(result.getString("content[0].text")).contains("ranking: 'loudest' is not one of relevance, strength");
    }

    @Test
    void aMemoryReachedOverAnEdgeShowsItsPathAndTravelsWithItThroughExportAndImport() {
        McpSession mcp = new McpSession(token).open();
        // shares the entity Anna with ANNA (Trigger 1 links them) but not the query's words
        String tax = "The quarterly tax return is due at the end of March.";
        promote(ok(mcp.callTool("memory_remember", Map.of("content", ANNA, "salience", 0.9, "entities", List.of("Anna"))))
                .getLong("structuredContent.entry_id"));
        promote(ok(mcp.callTool("memory_remember", Map.of("content", tax, "salience", 0.9, "entities", List.of("Anna"))))
                .getLong("structuredContent.entry_id"));

        // the seed's ranking follows the strongest edges (the default ranks by relevance: both would come directly)
        JsonPath recalled = ok(mcp.callTool("memory_recall", Map.of("query", "Where does Anna, the user's sister, live?",
                "hops", 1, "ranking", "strength")));
        long anchor = recalled.getLong("structuredContent.memories.find { it.content == \"" + ANNA + "\" }.node_id");
        String via = "structuredContent.memories.find { it.content == \"" + tax + "\" }";
        assertThat(recalled.getInt(via + ".shell")).as(recalled.prettify()).isEqualTo(1);
        assertThat(recalled.getList(via + ".path")).hasSize(1);
        assertThat(recalled.getLong(via + ".path[0].from_node_id")).isEqualTo(anchor);
        assertThat(recalled.getLong(via + ".path[0].to_node_id")).isEqualTo(recalled.getLong(via + ".node_id"));
        assertThat(recalled.getLong(via + ".path[0].edge_id")).isPositive();
        assertThat(recalled.getDouble(via + ".path[0].edge_weight")).isPositive();
        assertThat(recalled.getList(via + ".path[0].reasons", String.class)).contains("entity");
        assertThat(recalled.getList(via + ".path[0].shared_entity_ids")).hasSize(1);
        assertThat(recalled.getString("structuredContent.block")).contains("Came up via");

        // gateway.md §2: the caller's pair only, weights explicit; another tenant imports it into its own pair
        String exported = given().header("Authorization", "Bearer " + token)
                .when().get("/api/v1/memory/export?kinds=nodes,edges")
                .then().statusCode(200).extract().asString();
        assertThat(linesOfKind(exported, "node")).hasSize(2);
        assertThat(linesOfKind(exported, "edge")).hasSize(2).allSatisfy(edge -> {
            assertThat(edge.getDouble("absolute_weight")).isPositive();
            assertThat(edge.getDouble("raw_weight")).isPositive();
        });
        String otherTenant = "mem-copy-" + UUID.randomUUID().toString().substring(0, 8);
        String other = tokens.create(otherTenant, "default", Set.of("read", "write"), "test");
        assertThat(linesOfKind(given().header("Authorization", "Bearer " + other)
                .when().get("/api/v1/memory/export?kinds=nodes,edges").then().statusCode(200).extract().asString(), "node"))
                .isEmpty();
        given().header("Authorization", "Bearer " + other).contentType("application/x-ndjson").config(JSON_LINES)
                .body(exported).when().post("/api/v1/memory/import")
                .then().statusCode(200).body("counts.node", equalTo(2)).body("counts.edge", equalTo(2));
        JsonPath copied = ok(new McpSession(other).open().callTool("memory_recall",
                Map.of("query", "Where does Anna, the user's sister, live?", "hops", 1)));
        assertThat(copied.getList("structuredContent.memories.content", String.class)).containsExactlyInAnyOrder(ANNA, tax);
        assertThat(copied.getList("structuredContent.memories.find { it.content == \"" + tax + "\" }.path")).hasSize(1);
    }

    private static List<JsonPath> linesOfKind(String jsonLines, String kind) {
        return jsonLines.lines().map(JsonPath::from).filter(line -> kind.equals(line.getString("kind"))).toList();
    }

    @Test
    void aRecallThatFindsNothingSaysWhatWasSearchedAndWhatIsStillShortTerm() {
        McpSession mcp = new McpSession(token).open();
        JsonPath empty = ok(mcp.callTool("memory_recall", Map.of("query", "What is the user's favourite colour?")));
        assertThat(empty.getList("structuredContent.memories")).isEmpty();
        assertThat(empty.getString("structuredContent.turn_id")).startsWith("turn-");
        assertThat(empty.getString("content[0].text"))
                .startsWith(
                        "Nothing came to mind: searched the long-term memory of claude for \"What is the user's favourite colour?\"");

        long entryId = ok(mcp.callTool("memory_remember", Map.of("content", "The user's favourite colour is dark green.",
                "salience", 0.5))).getLong("structuredContent.entry_id");
        JsonPath pending = ok(mcp.callTool("memory_recall", Map.of("query", "What is the user's favourite colour?")));
        assertThat(pending.getList("structuredContent.memories")).isEmpty();
        assertThat(pending.getLong("structuredContent.pending[0].entry_id")).isEqualTo(entryId);
        assertThat(pending.getString("content[0].text")).contains("still short-term").contains("entry #" + entryId);

        JsonPath feedback = ok(mcp.callTool("memory_feedback", Map.of("turn_id", pending.getString("structuredContent.turn_id"),
                "answer", "Dark green.")));
        assertThat(feedback.getString("structuredContent.outcome")).isEqualTo("NO_CANDIDATE");
        assertThat(feedback.getList("structuredContent.reinforced")).isEmpty();
    }

    @Test
    void aBelowThresholdSalienceIsNotStoredAndSaysWhy() {
        JsonPath result = ok(new McpSession(token).open().callTool("memory_remember",
                Map.of("content", "The user said hello.", "salience", 0.1)));
        assertThat(result.getBoolean("structuredContent.stored")).isFalse();
        assertThat(result.getString("structuredContent.reason")).contains("below the short-term minimum");
        assertThat(result.getString("content[0].text")).startsWith("Not stored: salience 0.1 is below");
    }

    @Test
    void badInputIsAToolErrorNamingTheField() {
        McpSession mcp = new McpSession(token).open();
        assertThat(error(mcp.callTool("memory_remember", Map.of("salience", 0.8))).getString("content[0].text"))
                .contains("content");
        assertThat(
                error(mcp.callTool("memory_remember", Map.of("content", "  ", "salience", 0.8))).getString("content[0].text"))
                .startsWith("content:");
        assertThat(error(mcp.callTool("memory_remember", Map.of("content", "x", "salience", 1.5))).getString("content[0].text"))
                .startsWith("salience: 1.5 is outside 0–1");
        assertThat(error(mcp.callTool("memory_remember", Map.of("content", "x", "salience", 0.8, "time", "yesterday")))
                .getString("content[0].text")).startsWith("time: 'yesterday' is not an ISO-8601");
        assertThat(error(mcp.callTool("memory_remember", Map.of("content", "x", "salience", 0.8, "time", "2026-11-30",
                "time_precision", "decade"))).getString("content[0].text"))
                .startsWith("time_precision: 'decade' is not one of");
        assertThat(error(mcp.callTool("memory_remember", Map.of("content", "x", "salience", 0.8, "observer", "bot")))
                .getString("content[0].text")).startsWith("observer: 'bot' is not one of user, assistant");
        assertThat(error(mcp.callTool("memory_recall", Map.of("query", "x", "hops", 7))).getString("content[0].text"))
                .startsWith("hops: 7 is outside 0..3");
        assertThat(
                error(mcp.callTool("memory_recall", Map.of("query", "x", "agent", "no spaces"))).getString("content[0].text"))
                .startsWith("agent:");
        assertThat(error(mcp.callTool("memory_feedback", Map.of("answer", "x"))).getString("content[0].text"))
                .contains("turn_id");
        // a turn read under another pair is refused by memory-service (PERMISSION_DENIED, memory.md §7 step 1)
        String turnId = ok(mcp.callTool("memory_recall", Map.of("query", "anything"))).getString("structuredContent.turn_id");
        String other = tokens.create("mem-other-" + UUID.randomUUID().toString().substring(0, 8), "default",
                Set.of("read", "write"), "test");
        JsonPath foreign = error(
                new McpSession(other).open().callTool("memory_feedback", Map.of("turn_id", turnId, "answer", "x")));
        assertThat(foreign.getString("content[0].text")).startsWith("turn_id: turn " + turnId + " was read under another pair");
        given().header("Authorization", "Bearer " + other).contentType(ContentType.JSON)
                .body(Map.of("turn_id", turnId, "answer", "x"))
                .when().post("/api/v1/memory/feedback")
                .then().statusCode(403).body("error", startsWith("turn_id: turn " + turnId));
    }

    @Test
    void restRemembersRecallsAndReinforces() {
        long entryId = given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("content", ANNA, "salience", 0.9, "entities", List.of("Anna"), "time", "2026-11-30T14:05:00Z",
                        "time_precision", "hour"))
                .when().post("/api/v1/memory/remember")
                .then().statusCode(201).body("stored", equalTo(true)).body("promotion_state", equalTo("pending"))
                .extract().jsonPath().getLong("entry_id");
        promote(entryId);

        JsonPath recalled = given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("query", "Where does Anna, the user's sister, live?", "hops", 0))
                .when().post("/api/v1/memory/recall")
                .then().statusCode(200).body("memories[0].content", equalTo(ANNA)).body("hops", equalTo(0))
                .body("block", containsString("Came to mind directly")).extract().jsonPath();
        long nodeId = recalled.getLong("memories[0].node_id");

        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("turn_id", recalled.getString("turn_id"), "answer",
                        "Anna, your older sister, lives in Hamburg with two cats."))
                .when().post("/api/v1/memory/feedback")
                .then().statusCode(200).body("outcome", equalTo("COMPUTED")).body("reinforced", hasItem((int) nodeId));

        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).accept(ContentType.TEXT)
                .body(Map.of("query", "Where does Anna live?"))
                .when().post("/api/v1/memory/recall")
                .then().statusCode(200).body(containsString("memory_feedback"));

        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("content", "x", "salience", 2))
                .when().post("/api/v1/memory/remember")
                .then().statusCode(400).body("error", startsWith("salience: 2.0 is outside 0–1"));
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("salience", 0.5))
                .when().post("/api/v1/memory/remember")
                .then().statusCode(400).body("error", startsWith("content:"));
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("query", "x", "limit", 11))
                .when().post("/api/v1/memory/recall")
                .then().statusCode(400).body("error", startsWith("limit:"));
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).body(Map.of("answer", "x"))
                .when().post("/api/v1/memory/feedback")
                .then().statusCode(400).body("error", startsWith("turn_id:"));
    }

    @Test
    void adminRunsTheMemoryJobsAndUnknownJobsAre404() {
        // memory's jobs work on every pair: scope system (auth/GlobalJobsScopeTest)
        String admin = tokens.create(tenant, "default", Set.of("system"), "test");
        for (String job : List.of("memory/promotion", "memory/node-decay", "memory/short-term-expiry", "memory/decay",
                "memory/expiry", "memory/synapse-decay", "memory/log-retention", "memory/housekeeping")) {
            given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/" + job)
                    .then().statusCode(200).body("job", equalTo(job)).body("status", oneOf("DONE", "SKIPPED_LOCKED"))
                    .body("counts", notNullValue()).body("duration_ms", notNullValue());
        }
        given().header("Authorization", "Bearer " + admin).when().post("/api/v1/admin/jobs/memory/nonsense")
                .then().statusCode(404).body("error", startsWith("job: unknown job 'memory/nonsense'"));
        given().header("Authorization", "Bearer " + token).when().post("/api/v1/admin/jobs/memory/promotion")
                .then().statusCode(403);
    }

    @Test
    void exportAndImportPassThroughToMemoryService() {
        var export = given().header("Authorization", "Bearer " + token)
                .when().get("/api/v1/memory/export?kinds=entries,nodes")
                .then().statusCode(200).extract();
        assertThat(export.asString().lines().findFirst().orElse("")).contains("\"header\"").contains("brain-memory");
        given().header("Authorization", "Bearer " + token).when().get("/api/v1/memory/export?kinds=feelings")
                .then().statusCode(400).body("error", startsWith("kinds: 'feelings'"));

        String header = "{\"kind\":\"header\",\"format\":\"brain-memory\",\"version\":1,\"model\":\"x\",\"dimension\":384,"
                + "\"exported_at\":\"2026-11-30T00:00:00Z\"}\n";
        given().header("Authorization", "Bearer " + token).contentType("application/x-ndjson").config(JSON_LINES)
                .body(export.asString()).when().post("/api/v1/memory/import?on_conflict=skip")
                .then().statusCode(200).body("counts", notNullValue());
        given().header("Authorization", "Bearer " + token).contentType("application/x-ndjson").config(JSON_LINES).body(header)
                .when().post("/api/v1/memory/import?on_conflict=maybe")
                .then().statusCode(400).body("error", startsWith("on_conflict: 'maybe'"));
        String reader = tokens.create(tenant, "default", Set.of("read"), "test");
        given().header("Authorization", "Bearer " + reader).contentType("application/x-ndjson").config(JSON_LINES).body(header)
                .when().post("/api/v1/memory/import")
                .then().statusCode(403);
    }

    @Test
    void adminCalibratesAPairAndStoresTheReport() {
        String admin = tokens.create(tenant, "default", Set.of("read", "write", "admin"), "test");
        given().header("Authorization", "Bearer " + admin).contentType("application/json")
                .body("{\"user_id\":\"" + tenant + "\",\"agent_id\":\"claude\",\"sample_pairs\":100,\"seed\":7,"
                        + "\"answers\":[\"Anna lives in Hamburg\"]}")
                .when().post("/api/v1/admin/memory/calibrate")
                .then().statusCode(200).body("id", notNullValue()).body("dimension", equalTo(384))
                .body("low_sample", equalTo(true)).body("node_node.n", notNullValue())
                .body("suggestions", notNullValue()).body("current", notNullValue());
        given().header("Authorization", "Bearer " + admin).contentType("application/json").body("{\"agent_id\":\"claude\"}")
                .when().post("/api/v1/admin/memory/calibrate")
                .then().statusCode(400).body("error", startsWith("user_id"));
        given().header("Authorization", "Bearer " + token).contentType("application/json")
                .body("{\"user_id\":\"" + tenant + "\",\"agent_id\":\"claude\"}")
                .when().post("/api/v1/admin/memory/calibrate")
                .then().statusCode(403);
    }
}
