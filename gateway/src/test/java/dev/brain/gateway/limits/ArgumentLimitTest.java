package dev.brain.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.HashMap;
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
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * Every size and list limit of a tool argument (gateway and services), exactly at the limit (taken) and one over
 * (refused with one line naming the field), through MCP and REST; a refused write stores nothing. The limits:
 * brain_report_error command 8 KiB and working_directory 4,096 characters; brain_report_solution title 200
 * characters, steps 50; save_finding title 200, body 2,000, hook 120 characters; memory_remember content 64 KiB;
 * brain_query_error query 4 KiB; knowledge_search query 4 KiB; brain_suggest context 4 KiB; memory_recall limit
 * 10, hops 3. One tenant per test.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class ArgumentLimitTest {

    static final String PROJECT = "limits";

    @Inject
    ApiTokens tokens;

    private String token(String name) {
        return tokens.create("arg-limit-" + name + "-" + System.nanoTime(), PROJECT, Set.of("read", "write"), "test");
    }

    private static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).accept(ContentType.JSON);
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> map = new HashMap<>(base);
        map.put(key, value);
        return map;
    }

    /** A tool call that must be refused: isError, one line, naming {@code field}. */
    private static void refused(McpSession mcp, String tool, Map<String, Object> args, String field) {
        JsonPath result = mcp.callTool(tool, args);
        assertThat(result.getBoolean("isError")).as(tool + " " + field + " one over").isTrue();
        assertThat(result.getString("content[0].text")).startsWith(field + ":").doesNotContain("\n");
    }

    private static JsonPath taken(McpSession mcp, String tool, Map<String, Object> args) {
        JsonPath result = mcp.callTool(tool, args);
        assertThat(result.getBoolean("isError")).as(tool + " at the limit: " + result.getString("content[0].text")).isFalse();
        return result;
    }

    private static void refused(Response response, String field) {
        assertThat(response.statusCode()).as(field + " one over: " + response.asString()).isEqualTo(400);
        assertThat(response.jsonPath().getString("error")).startsWith(field + ":").doesNotContain("\n");
    }

    /** Text of ordinary words (ASCII) of exactly {@code bytes} bytes. */
    static String words(int bytes) {
        String sentence = "The limit test checks what the gateway takes at its edge. ";
        return sentence.repeat(bytes / sentence.length() + 1).substring(0, bytes);
    }

    /** The project's stored errors (an unknown project has none). */
    private static int storedErrors(String token) {
        Response list = as(token).queryParam("filter", "recent").queryParam("project", PROJECT).when().get("/api/v1/errors");
        if (list.statusCode() == 404) {
            return 0;
        }
        assertThat(list.statusCode()).as(list.asString()).isEqualTo(200);
        return list.jsonPath().getList("errors").size();
    }

    @Test
    void reportError() {
        String token = token("report");
        McpSession mcp = new McpSession(token).open();
        Map<String, Object> base = Map.of("error_output", "KeyError: 'argument_limits'", "project", PROJECT);
        Map<String, Object> commandOver = with(base, "command", "c".repeat(8 * 1024 + 1));
        Map<String, Object> cwdOver = with(base, "working_directory", "/" + "d".repeat(4095 + 1));

        refused(mcp, "brain_report_error", commandOver, "command");
        refused(mcp, "brain_report_error", cwdOver, "working_directory");
        refused(as(token).body(commandOver).when().post("/api/v1/errors"), "command");
        refused(as(token).body(cwdOver).when().post("/api/v1/errors"), "working_directory");
        assertThat(storedErrors(token)).isZero();

        Map<String, Object> at = with(with(base, "command", "c".repeat(8 * 1024)), "working_directory", "/" + "d".repeat(4095));
        taken(mcp, "brain_report_error", at);
        as(token).body(at).when().post("/api/v1/errors").then().statusCode(200);
        assertThat(storedErrors(token)).isEqualTo(1);
    }

    @Test
    void reportSolution() {
        String token = token("solution");
        McpSession mcp = new McpSession(token).open();
        long errorId = taken(mcp, "brain_report_error",
                Map.of("error_output", "KeyError: 'solution_limits'", "project", PROJECT))
                .getLong("structuredContent.error_id");
        List<String> fifty = Collections.nCopies(50, "step");
        List<String> fiftyOne = Collections.nCopies(51, "step");
        Map<String, Object> base = Map.of("error_id", errorId, "title", "t".repeat(200), "steps", fifty);

        refused(mcp, "brain_report_solution", with(base, "title", "t".repeat(201)), "title");
        refused(mcp, "brain_report_solution", with(base, "steps", fiftyOne), "steps");
        refused(as(token).body(Map.of("title", "t".repeat(201), "steps", fifty))
                .when().post("/api/v1/errors/" + errorId + "/solutions"), "title");
        refused(as(token).body(Map.of("title", "t".repeat(200), "steps", fiftyOne))
                .when().post("/api/v1/errors/" + errorId + "/solutions"), "steps");
        assertThat(solutions(token, errorId)).isZero();

        taken(mcp, "brain_report_solution", base);
        as(token).body(Map.of("title", "u".repeat(200), "steps", fifty))
                .when().post("/api/v1/errors/" + errorId + "/solutions").then().statusCode(201);
        assertThat(solutions(token, errorId)).isEqualTo(2);
    }

    private static int solutions(String token, long errorId) {
        return as(token).when().get("/api/v1/errors/" + errorId).then().statusCode(200).extract().jsonPath()
                .getList("solutions").size();
    }

    @Test
    void saveFinding() {
        String token = token("finding");
        McpSession mcp = new McpSession(token).open();
        Map<String, Object> rest = Map.of("title", "t".repeat(200), "body", "b".repeat(2000), "hook", "h".repeat(120));
        Map<String, Object> base = with(with(rest, "slug", "at-the-limit"), "project", PROJECT);

        for (String field : List.of("title", "body", "hook")) {
            int over = ((String) rest.get(field)).length() + 1;
            refused(mcp, "save_finding", with(base, field, field.substring(0, 1).repeat(over)), field);
            refused(as(token).body(with(rest, field, field.substring(0, 1).repeat(over)))
                    .when().put("/api/v1/findings/" + PROJECT + "/traps/over-the-limit"), field);
        }
        assertThat(findings(token)).isZero();

        taken(mcp, "save_finding", base);
        as(token).body(rest).when().put("/api/v1/findings/" + PROJECT + "/traps/at-the-limit-rest").then().statusCode(201);
        assertThat(findings(token)).isEqualTo(2);
    }

    private static int findings(String token) {
        return as(token).when().get("/api/v1/findings/" + PROJECT).then().statusCode(200).extract().jsonPath().getInt("count");
    }

    @Test
    void memoryRemember() {
        String token = token("remember");
        McpSession mcp = new McpSession(token).open();
        String over = words(64 * 1024 + 1);
        int before = exported(token);

        refused(mcp, "memory_remember", Map.of("content", over, "salience", 0.8), "content");
        refused(as(token).body(Map.of("content", over, "salience", 0.8)).when().post("/api/v1/memory/remember"), "content");
        assertThat(exported(token)).isEqualTo(before);

        String at = words(64 * 1024);
        assertThat(taken(mcp, "memory_remember", Map.of("content", at, "salience", 0.8)).getBoolean("structuredContent.stored"))
                .isTrue();
        as(token).body(Map.of("content", "Second. " + at.substring(8), "salience", 0.8)).when().post("/api/v1/memory/remember")
                .then().statusCode(201);
        assertThat(exported(token)).isEqualTo(before + 2);
    }

    /** Lines of the pair's export of short-term entries. */
    private static int exported(String token) {
        String lines = given().header("Authorization", "Bearer " + token).queryParam("kinds", "entries")
                .when().get("/api/v1/memory/export").then().statusCode(200).extract().asString();
        return (int) lines.lines().filter(l -> !l.isBlank()).count();
    }

    @Test
    void readsAtTheirLimits() {
        String token = token("reads");
        McpSession mcp = new McpSession(token).open();
        String q4k = words(4096);
        String q4kPlus = words(4097);

        taken(mcp, "brain_query_error", Map.of("query", q4k));
        refused(mcp, "brain_query_error", Map.of("query", q4kPlus), "query");
        as(token).queryParam("q", q4k).when().get("/api/v1/errors").then().statusCode(200);
        refused(as(token).queryParam("q", q4kPlus).when().get("/api/v1/errors"), "query");

        taken(mcp, "knowledge_search", Map.of("query", q4k));
        refused(mcp, "knowledge_search", Map.of("query", q4kPlus), "query");
        as(token).queryParam("query", q4k).when().get("/api/v1/knowledge/search").then().statusCode(200);
        refused(as(token).queryParam("query", q4kPlus).when().get("/api/v1/knowledge/search"), "query");

        taken(mcp, "brain_suggest", Map.of("context", q4k));
        refused(mcp, "brain_suggest", Map.of("context", q4kPlus), "context");
        as(token).queryParam("context", q4k).when().get("/api/v1/insights/suggest").then().statusCode(200);
        refused(as(token).queryParam("context", q4kPlus).when().get("/api/v1/insights/suggest"), "context");

        taken(mcp, "memory_recall", Map.of("query", "limits", "limit", 10, "hops", 3));
        refused(mcp, "memory_recall", Map.of("query", "limits", "limit", 11), "limit");
        refused(mcp, "memory_recall", Map.of("query", "limits", "hops", 4), "hops");
        as(token).body(Map.of("query", "limits", "limit", 10, "hops", 3)).when().post("/api/v1/memory/recall").then()
                .statusCode(200);
        refused(as(token).body(Map.of("query", "limits", "limit", 11)).when().post("/api/v1/memory/recall"), "limit");
        refused(as(token).body(Map.of("query", "limits", "hops", 4)).when().post("/api/v1/memory/recall"), "hops");
    }
}
