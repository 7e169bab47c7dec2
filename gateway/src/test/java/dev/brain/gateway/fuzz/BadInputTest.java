package dev.brain.gateway.fuzz;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
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
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * Issue #41 §2 and §3, each input that gave a 5xx or was quietly misread, through REST, MCP, the hooks and the web
 * view against the real services: NUL is removed from every text, text made only of invisible characters is blank
 * (400 / isError naming the field), a JSON-RPC body that is no message gets a JSON-RPC error, numbers and switches
 * in a query, wrong JSON types and trailing garbage are 400s naming the parameter or field, a hook answers 200 to
 * any body, and the web view answers 404 for another tenant's error and an error page for a bad project.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class BadInputTest {

    static final String NUL_CODE = "def total(order):\n    return order.get(\"a\u0000b\", 0)\n";
    static final String INVISIBLE = "\u200b\u202e";

    @Inject
    ApiTokens tokens;

    String token;
    String project;
    String tenant;

    @BeforeEach
    void tenant() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        tenant = "bad-input-" + run;
        project = "bad-" + run;
        token = tokens.create(tenant, project, Set.of("read", "write"), "bad input");
    }

    RequestSpecification json() {
        return given().header("Authorization", "Bearer " + token).contentType("application/json").accept("application/json");
    }

    RequestSpecification json(String body) {
        return json().body(body.getBytes(StandardCharsets.UTF_8));
    }

    /** A 400 whose one-line reason starts with the field's name. */
    static void refusedNaming(Response response, String field) {
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(400);
        String error = response.jsonPath().getString("error");
        assertThat(error).as(response.asString()).startsWith(field).doesNotContain("\n");
    }

    /** An MCP tool error whose one-line text names the argument. */
    static void toolErrorNaming(JsonPath result, String argument) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isTrue();
        assertThat(result.getString("content[0].text")).contains(argument).doesNotContain("unavailable").doesNotContain("\n");
    }

    long reportedError() {
        return json().body(Map.of("error_output", "KeyError: 'bad_input_" + project + "'", "project", project))
                .post("/api/v1/errors").then().statusCode(200).extract().jsonPath().getLong("error_id");
    }

    // --------------------------------------------------------------- NUL: removed from every text

    @Test
    void nulIsRemovedFromCodeTextAndQueriesEverywhere() {
        Response registered = json()
                .body(Map.of("source_code", NUL_CODE, "file_path", "n.py", "purpose", "total \u0000 of an order",
                        "project", project))
                .post("/api/v1/code/modules");
        assertThat(registered.statusCode()).as(registered.asString()).isBetween(200, 201);
        Response found = json().queryParam("purpose", "total\u0000order").queryParam("project", project)
                .get("/api/v1/code/modules");
        assertThat(found.statusCode()).as(found.asString()).isEqualTo(200);

        McpSession mcp = new McpSession(token).open();
        JsonPath mcpRegistered = mcp.callTool("brain_register_code", Map.of("source_code", NUL_CODE.replace("total", "sum"),
                "file_path", "m.py", "project", project));
        assertThat(mcpRegistered.getBoolean("isError")).as(mcpRegistered.prettify()).isFalse();
        JsonPath mcpFound = mcp.callTool("brain_find_reusable_code", Map.of("purpose", "a\u0000b", "project", project));
        assertThat(mcpFound.getBoolean("isError")).as(mcpFound.prettify()).isFalse();

        Response reported = json().body(Map.of("error_output", "KeyError: 'nul\u0000key'", "project", project))
                .post("/api/v1/errors");
        assertThat(reported.statusCode()).as(reported.asString()).isEqualTo(200);
    }

    @Test
    void aTokenLabelWithNulIsStoredWithoutItAndAnEmptyTenantIsRefused() {
        String admin = tokens.create(tenant, project, Set.of("admin"), "bad input admin");
        Response created = given().header("Authorization", "Bearer " + admin).contentType("application/json")
                .body(Map.of("label", "a\u0000b", "scopes", List.of("read"))).post("/api/v1/admin/tokens");
        assertThat(created.statusCode()).as(created.asString()).isEqualTo(201);
        assertThat(created.jsonPath().getString("label")).isEqualTo("ab");
        assertThat(created.jsonPath().getString("tenant")).isEqualTo(tenant);

        Response emptyTenant = given().header("Authorization", "Bearer " + admin).contentType("application/json")
                .body(Map.of("tenant", "", "scopes", List.of("read"))).post("/api/v1/admin/tokens");
        refusedNaming(emptyTenant, "tenant");
    }

    // --------------------------------------------------------------- invisible-only text is blank

    @Test
    void invisibleOnlyTextIsBlankNamingTheFieldOnRestAndMcp() {
        refusedNaming(json().body(Map.of("content", INVISIBLE, "salience", 0.8)).post("/api/v1/memory/remember"), "content");
        refusedNaming(json().body(Map.of("query", INVISIBLE)).post("/api/v1/memory/recall"), "query");
        refusedNaming(json().body(Map.of("error_output", INVISIBLE, "project", project)).post("/api/v1/errors"),
                "error_output");
        refusedNaming(json().body(Map.of("source_code", " \u200b\n", "file_path", "blank.py", "project", project))
                .post("/api/v1/code/modules"), "source_code");
        long errorId = reportedError();
        refusedNaming(json().body(Map.of("title", INVISIBLE)).post("/api/v1/errors/" + errorId + "/solutions"), "title");
        refusedNaming(
                json().body(Map.of("title", INVISIBLE, "body", "the trap")).put("/api/v1/findings/" + project + "/traps/blank"),
                "title");

        McpSession mcp = new McpSession(token).open();
        toolErrorNaming(mcp.callTool("memory_remember", Map.of("content", INVISIBLE, "salience", 0.8)), "content");
        toolErrorNaming(mcp.callTool("memory_recall", Map.of("query", INVISIBLE)), "query");
        toolErrorNaming(mcp.callTool("brain_suggest", Map.of("context", INVISIBLE)), "context");
    }

    // --------------------------------------------------------------- JSON-RPC bodies that are no message

    @Test
    void aJsonRpcBodyThatIsNoMessageGetsAJsonRpcError() {
        McpSession mcp = new McpSession(token).open();
        for (Map.Entry<String, Integer> body : Map.of("null", -32600, "[]", -32600, "42", -32600, "\"x\"", -32600,
                "[1, 2]", -32600).entrySet()) {
            Response answer = mcp.postRaw(body.getKey());
            assertThat(answer.statusCode()).as(body.getKey() + ": " + answer.asString()).isEqualTo(400);
            JsonPath error = new JsonPath(McpSession.body(answer));
            assertThat(error.getString("jsonrpc")).isEqualTo("2.0");
            assertThat(error.getInt("error.code")).as(body.getKey()).isEqualTo(body.getValue());
            assertThat(error.getString("error.message")).startsWith("Invalid Request");
        }
        JsonPath stillWorks = mcp.callTool("brain_status", Map.of());
        assertThat(stillWorks.getBoolean("isError")).isFalse();
    }

    // --------------------------------------------------------------- numbers and switches in a query

    @Test
    void aQueryNumberOrSwitchThatDoesNotParseIsA400NamingIt() {
        for (String bad : List.of("abc", "NaN", "1e3", "2147483648", "1.5", "")) {
            Response errors = json().queryParam("filter", "recent").queryParam("limit", bad).queryParam("project", project)
                    .get("/api/v1/errors");
            if (bad.isEmpty()) {
                assertThat(errors.statusCode()).as(errors.asString()).isEqualTo(200); // empty is absent: the default
            } else {
                refusedNaming(errors, "limit");
            }
        }
        refusedNaming(json().queryParam("query", "kafka").queryParam("limit", "x").get("/api/v1/knowledge/search"), "limit");
        refusedNaming(json().queryParam("purpose", "retry").queryParam("limit", "x").get("/api/v1/code/modules"), "limit");
        refusedNaming(json().queryParam("limit", "x").get("/api/v1/insights"), "limit");
        refusedNaming(json().queryParam("window_days", "x").get("/api/v1/insights/trends"), "window_days");
        refusedNaming(json().queryParam("node_type", "error").queryParam("node_id", "x").get("/api/v1/network/explore"),
                "node_id");
        refusedNaming(json().queryParam("acknowledge", "maybe").get("/api/v1/notifications"), "acknowledge");
        refusedNaming(json().queryParam("include_inactive", "yes").get("/api/v1/rules"), "include_inactive");
    }

    // --------------------------------------------------------------- JSON read as written

    @Test
    void wrongJsonTypesAndTrailingGarbageAre400sNamingTheField() {
        refusedNaming(json("{\"error_output\":\"x\"} garbage").post("/api/v1/errors"), "body");
        refusedNaming(json("{\"error_output\": 123}").post("/api/v1/errors"), "error_output");
        refusedNaming(json("{\"error_output\": \"x\", \"exit_code\": 1.5}").post("/api/v1/errors"), "exit_code");
        long errorId = reportedError();
        refusedNaming(json("{\"resolved\": 2}").patch("/api/v1/errors/" + errorId), "resolved");
        refusedNaming(json("{\"resolved\": \"maybe\"}").patch("/api/v1/errors/" + errorId), "resolved");
        Response stillOpen = json().get("/api/v1/errors/" + errorId);
        assertThat(stillOpen.jsonPath().getBoolean("resolved")).as(stillOpen.asString()).isFalse();

        McpSession mcp = new McpSession(token).open();
        Response fraction = mcp.post(Map.of("jsonrpc", "2.0", "id", 7, "method", "tools/call",
                "params", Map.of("name", "brain_get_error", "arguments", Map.of("error_id", 1.5))));
        JsonPath answer = new JsonPath(McpSession.body(fraction));
        String refusal = answer.get("error") != null ? answer.getString("error.message")
                : answer.getString("result.content[0].text");
        assertThat(answer.get("error") != null || answer.getBoolean("result.isError")).as(answer.prettify()).isTrue();
        assertThat(refusal).contains("error_id");

        // a number written as text is the number it says (some MCP clients send them so)
        JsonPath asText = mcp.callTool("memory_recall",
                Map.of("query", "what does the shop read its orders from", "limit", "3"));
        assertThat(asText.getBoolean("isError")).as(asText.prettify()).isFalse();
    }

    // --------------------------------------------------------------- hooks: 200, always

    @Test
    void aHookAnswers200WithNothingToAnyBody() {
        String deep = "[".repeat(5000) + "]".repeat(5000);
        for (String hook : List.of("session-start", "pre-tool-use", "post-tool-use-failure", "post-tool-use")) {
            for (String body : List.of("not json", "{\"session_id\": \"x\"} trailing", deep, "")) {
                Response answer = json(body).post("/hooks/" + hook);
                assertThat(answer.statusCode()).as(hook + " " + body.substring(0, Math.min(20, body.length()))).isEqualTo(200);
                assertThat(answer.asString()).isEmpty();
            }
            Response text = given().header("Authorization", "Bearer " + token).contentType("text/plain")
                    .body("{\"session_id\": \"x\"}".getBytes(StandardCharsets.UTF_8)).post("/hooks/" + hook);
            assertThat(text.statusCode()).as(hook + " text/plain").isEqualTo(200);
        }
    }

    // --------------------------------------------------------------- the web view

    @Test
    void theWebViewAnswers404ForAnotherTenantsErrorAndAPageForABadProject() {
        long errorId = reportedError();
        String other = tokens.create("bad-input-other-" + UUID.randomUUID().toString().substring(0, 8), "default",
                Set.of("read"), "other");
        Response foreign = given().header("Authorization", "Bearer " + other).redirects().follow(false)
                .get("/ui/errors/" + errorId);
        assertThat(foreign.statusCode()).as(foreign.asString()).isEqualTo(404);
        assertThat(foreign.asString()).doesNotContain("bad_input_");
        Response own = given().header("Authorization", "Bearer " + token).redirects().follow(false)
                .get("/ui/errors/" + errorId);
        assertThat(own.statusCode()).isEqualTo(200);
        assertThat(own.asString()).contains("bad_input_");

        Response badProject = given().header("Authorization", "Bearer " + token).redirects().follow(false)
                .queryParam("project", "../bad project").get("/ui/errors");
        assertThat(badProject.statusCode()).isEqualTo(400);
        assertThat(badProject.contentType()).startsWith("text/html");
        assertThat(badProject.asString()).contains("<nav").contains("project");
    }
}
