package dev.brain.gateway.research;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The knowledge tools (knowledge_save, knowledge_search, knowledge_read) and {@code /api/v1/knowledge} against the
 * real research-service (and memory-service, which embeds), one fresh tenant — so one library pair — per test.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class KnowledgeToolsTest {

    static final String TOPIC = "PostgreSQL HNSW index tuning";
    static final String DISTILLATE = """
            HNSW indexes in pgvector trade recall for speed through ef_search: the default 40 misses neighbours \
            on large tables; raise it per session with SET hnsw.ef_search = 100 before a nearest-neighbour query.
            Build the index after the bulk load, with maintenance_work_mem large enough to hold the graph, or the \
            build spills to disk and takes ten times longer.""";

    @Inject
    ApiTokens tokens;

    private String tenant;
    private String token;

    @BeforeEach
    void pair() {
        tenant = "know-" + UUID.randomUUID().toString().substring(0, 8);
        token = tokenOf(tenant);
    }

    private String tokenOf(String tenant) {
        return tokens.create(tenant, "shop", Set.of("read", "write"), "test");
    }

    private static JsonPath ok(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        return result;
    }

    private static String error(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isTrue();
        return result.getString("content[0].text");
    }

    private static io.restassured.specification.RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token);
    }

    @Test
    void savedResearchIsFoundInStageOneAndReadInStageTwo() {
        McpSession mcp = new McpSession(token).open();
        JsonPath saved = ok(mcp.callTool("knowledge_save", Map.of("topic", TOPIC, "distillate", DISTILLATE,
                "salience", 0.8, "report", "## Queries\n- pgvector hnsw ef_search\n")));
        String knowledgePath = saved.getString("structuredContent.knowledge_path");
        String reportPath = saved.getString("structuredContent.report_path");
        assertThat(saved.getString("structuredContent.status")).isEqualTo("deep");
        assertThat(knowledgePath).startsWith("claude/" + tenant + "/").endsWith("_knowledge.md")
                .contains("postgresql-hnsw-index-tuning");
        assertThat(reportPath).startsWith("claude/" + tenant + "/").endsWith("_report.md");
        assertThat(saved.getString("structuredContent.index_line")).startsWith("- [").contains("(1 run");
        assertThat(saved.getBoolean("structuredContent.created")).isTrue();
        assertThat(saved.getString("content[0].text")).startsWith("Research saved as deep (knowledge file created).")
                .contains("knowledge: `" + knowledgePath + "`");

        // stage 1: metadata with the footprint, said to be stage 1
        JsonPath found = ok(mcp.callTool("knowledge_search", Map.of("query", "tuning HNSW indexes in PostgreSQL")));
        assertThat(found.getString("structuredContent.entries[0].path")).isEqualTo(knowledgePath);
        assertThat(found.getString("structuredContent.entries[0].topic")).isEqualTo(TOPIC);
        assertThat(found.getString("structuredContent.entries[0].summary")).isNotBlank();
        assertThat(found.getLong("structuredContent.entries[0].entry_id")).isPositive();
        assertThat(found.getDouble("structuredContent.entries[0].score")).isPositive();
        assertThat(found.getInt("structuredContent.stage")).isEqualTo(1);
        assertThat(found.getLong("structuredContent.footprint.searched")).isPositive();
        assertThat(found.getDouble("structuredContent.footprint.nearest")).isPositive();
        assertThat(found.getString("content[0].text"))
                .startsWith("Stage 1 — library metadata (topic, summary, path), not the full text; searched ")
                .contains("**" + TOPIC + "**").contains("`" + knowledgePath + "`");

        // stage 2: the structure, then the CURRENT block
        JsonPath structure = ok(mcp.callTool("knowledge_read", Map.of("path", knowledgePath)));
        assertThat(structure.getList("structuredContent.blocks.heading")).contains("CURRENT");
        assertThat(structure.getString("content[0].text")).startsWith("Stage 2 — blocks of `" + knowledgePath + "`")
                .contains("## CURRENT");
        JsonPath block = ok(mcp.callTool("knowledge_read", Map.of("path", knowledgePath, "heading", "CURRENT")));
        assertThat(block.getString("structuredContent.block.heading")).isEqualTo("CURRENT");
        assertThat(block.getString("structuredContent.block.text")).contains("SET hnsw.ef_search = 100");
        assertThat(block.getString("content[0].text")).startsWith("Stage 2 — block \"CURRENT\" of `" + knowledgePath + "`");

        // the same distillate again: nothing new — a new report, the knowledge file untouched
        JsonPath again = ok(mcp.callTool("knowledge_save", Map.of("topic", TOPIC, "distillate", DISTILLATE, "salience", 0.8)));
        assertThat(again.getString("structuredContent.status")).isEqualTo("repetition");
        // one report per run: the day's second report of the topic gets a counter
        assertThat(again.getString("structuredContent.report_path")).isNotEqualTo(reportPath)
                .startsWith("claude/" + tenant + "/").matches(".*_report(-\\d+)?\\.md");
        assertThat(again.getString("content[0].text"))
                .startsWith("Research saved as repetition (nothing new: knowledge file untouched).");
        JsonPath unchanged = ok(mcp.callTool("knowledge_read", Map.of("path", knowledgePath, "heading", "CURRENT")));
        assertThat(unchanged.getString("structuredContent.block.text"))
                .isEqualTo(block.getString("structuredContent.block.text"));
    }

    @Test
    void pathsCannotLeaveThePairDirectory() {
        McpSession mcp = new McpSession(token).open();
        assertThat(error(mcp.callTool("knowledge_read", Map.of("path", "../x")))).startsWith("path: '../x'");
        assertThat(error(mcp.callTool("knowledge_read", Map.of("path", "claude/" + tenant + "/../../etc/passwd"))))
                .startsWith("path:");
        assertThat(error(mcp.callTool("knowledge_read", Map.of("path", "/etc/passwd")))).startsWith("path: '/etc/passwd'");
        assertThat(error(mcp.callTool("knowledge_read", Map.of("path", "claude/x/\uFF0E\uFF0E\uFF0Fsecret.md"))))
                .startsWith("path:");
        assertThat(error(mcp.callTool("knowledge_read", Map.of("path", "../x", "heading", "CURRENT")))).startsWith("path:");
        as(token).accept(ContentType.JSON).queryParam("path", "../x").when().get("/api/v1/knowledge/structure")
                .then().statusCode(400).body("error", startsWith("path:"));
        as(token).accept(ContentType.JSON).queryParam("path", "../x").queryParam("heading", "CURRENT")
                .when().get("/api/v1/knowledge/block").then().statusCode(400).body("error", startsWith("path:"));
    }

    @Test
    void anotherPairFindsNothingAndCannotReadTheFile() {
        McpSession mine = new McpSession(token).open();
        String path = ok(mine.callTool("knowledge_save", Map.of("topic", "Kafka consumer rebalancing", "distillate",
                "Cooperative sticky assignment avoids stop-the-world rebalances of Kafka consumer groups.", "salience", 0.6)))
                .getString("structuredContent.knowledge_path");

        McpSession theirs = new McpSession(tokenOf("know-other-" + UUID.randomUUID().toString().substring(0, 8))).open();
        JsonPath nothing = ok(theirs.callTool("knowledge_search", Map.of("query", "Kafka consumer rebalancing")));
        assertThat(nothing.getList("structuredContent.entries")).isEmpty();
        assertThat(nothing.getLong("structuredContent.footprint.searched")).isZero();
        assertThat(nothing.getString("content[0].text"))
                .startsWith("No library entry for \"Kafka consumer rebalancing\": searched 0 entries");
        assertThat(theirs.callTool("knowledge_read", Map.of("path", path)).getBoolean("isError")).isTrue();
        assertThat(theirs.callTool("knowledge_read", Map.of("path", path, "heading", "CURRENT")).getBoolean("isError"))
                .isTrue();

        // the same user with another agent has another library
        JsonPath otherAgent = ok(
                mine.callTool("knowledge_search", Map.of("query", "Kafka consumer rebalancing", "agent", "codex")));
        assertThat(otherAgent.getList("structuredContent.entries")).isEmpty();
        assertThat(otherAgent.getString("structuredContent.pair")).isEqualTo("codex/" + tenant);
        assertThat(ok(mine.callTool("knowledge_search", Map.of("query", "Kafka consumer rebalancing")))
                .getString("structuredContent.entries[0].path")).isEqualTo(path);
    }

    @Test
    void badSaveArgumentsAreToolErrorsNamingTheField() {
        McpSession mcp = new McpSession(token).open();
        assertThat(error(mcp.callTool("knowledge_save", Map.of("topic", "T", "distillate", "D", "salience", 1.5))))
                .isEqualTo("salience: 1.5 is outside 0-1");
        assertThat(error(mcp.callTool("knowledge_save", Map.of("topic", " ", "distillate", "D", "salience", 0.5))))
                .startsWith("topic:");
        assertThat(error(mcp.callTool("knowledge_save", Map.of("topic", "T", "distillate", "D", "salience", 0.5,
                "status", "great")))).isEqualTo("status: 'great' is not one of deep, supplement, repetition, failure");
        assertThat(error(mcp.callTool("knowledge_save", Map.of("topic", "T", "distillate", "D", "salience", 0.5,
                "mode", "guess")))).isEqualTo("mode: 'guess' is not one of research, deepening, dream, clarifying");
        assertThat(error(mcp.callTool("knowledge_save", Map.of("topic", "T", "distillate", "D", "salience", 0.5,
                "agent", "no spaces")))).startsWith("agent:");
        assertThat(error(mcp.callTool("knowledge_search", Map.of("query", "")))).startsWith("query:");
        assertThat(error(mcp.callTool("knowledge_search", Map.of("query", "x", "limit", 21))))
                .isEqualTo("limit: must be 1-20, was 21");
        as(token).contentType(ContentType.JSON).body(Map.of("topic", "T", "distillate", "D"))
                .when().post("/api/v1/knowledge").then().statusCode(400).body("error", startsWith("salience:"));
    }

    @Test
    void restSavesSearchesReadsAndDeactivates() {
        JsonPath saved = as(token).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("topic", "Gradle build cache", "distillate",
                        "The Gradle build cache reuses task outputs across machines when inputs are stable.", "salience", 0.5,
                        "for_user", false, "status", "deep", "mode", "deepening"))
                .when().post("/api/v1/knowledge").then().statusCode(201).body("status", equalTo("deep"))
                .extract().jsonPath();
        long entryId = saved.getLong("entry_id");
        String path = saved.getString("knowledge_path");

        JsonPath found = as(token).accept(ContentType.JSON).queryParam("query", "Gradle build cache")
                .when().get("/api/v1/knowledge/search").then().statusCode(200).extract().jsonPath();
        assertThat(found.getLong("entries[0].entry_id")).isEqualTo(entryId);
        assertThat(as(token).accept(ContentType.TEXT).queryParam("query", "Gradle build cache")
                .when().get("/api/v1/knowledge/search").then().statusCode(200).extract().asString()).startsWith("Stage 1");
        as(token).accept(ContentType.JSON).queryParam("path", path).when().get("/api/v1/knowledge/structure")
                .then().statusCode(200).body("blocks.heading", org.hamcrest.Matchers.hasItem("CURRENT"));
        assertThat(as(token).accept(ContentType.TEXT).queryParam("path", path).queryParam("heading", "CURRENT")
                .when().get("/api/v1/knowledge/block").then().statusCode(200).extract().asString())
                .contains("reuses task outputs");
        as(token).accept(ContentType.JSON).queryParam("path", path).queryParam("heading", "NO SUCH BLOCK")
                .when().get("/api/v1/knowledge/block").then().statusCode(404);

        as(token).accept(ContentType.JSON).when().post("/api/v1/knowledge/" + entryId + "/deactivate").then()
                .statusCode(200).body("active", equalTo(false));
        assertThat(as(token).accept(ContentType.JSON).queryParam("query", "Gradle build cache")
                .when().get("/api/v1/knowledge/search").then().statusCode(200).extract().jsonPath()
                .getList("entries")).isEmpty();
        as(token).accept(ContentType.JSON).when().post("/api/v1/knowledge/" + entryId + "/reactivate").then()
                .statusCode(200).body("active", equalTo(true));
        assertThat(as(token).accept(ContentType.JSON).queryParam("query", "Gradle build cache")
                .when().get("/api/v1/knowledge/search").then().statusCode(200).extract().jsonPath()
                .getLong("entries[0].entry_id")).isEqualTo(entryId);

        // the suggestion path sees the library entry of the pair too
        JsonPath suggested = ok(new McpSession(token).open().callTool("brain_suggest",
                Map.of("context", "speed up the Gradle build with a build cache")));
        List<Map<String, Object>> suggestions = suggested.getList("structuredContent.suggestions");
        assertThat(suggestions).anySatisfy(s -> {
            assertThat(s).containsEntry("kind", "knowledge").containsEntry("path", path);
            assertThat(((Number) s.get("id")).longValue()).isEqualTo(entryId);
        });

        // another tenant's token cannot touch the entry
        int foreign = as(tokenOf("know-x-" + UUID.randomUUID().toString().substring(0, 8))).accept(ContentType.JSON)
                .when().post("/api/v1/knowledge/" + entryId + "/deactivate").then().extract().statusCode();
        assertThat(foreign).isIn(403, 404);
    }
}
