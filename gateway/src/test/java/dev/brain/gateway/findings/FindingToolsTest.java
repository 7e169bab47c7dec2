package dev.brain.gateway.findings;

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

/** save_finding and findings_index over MCP, their REST equivalents and the SessionStart digest, one tenant per test. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class FindingToolsTest {

    static final String ADMISSION_RULE = "Save only what is durable (still true next month), not obvious (a careful"
            + " reader of the code would miss it) and behaviour-changing (it makes the next agent act differently):"
            + " \"X looks like Y but is Z — do W instead\". A fixed bug is not a finding; that is git history.";
    static final String DEFAULT_BODY = "The order cache looks per request but is per tenant. Evict it after imports.";

    @Inject
    ApiTokens tokens;

    private String token;

    @BeforeEach
    void tenant() {
        token = tokenOf("find-" + UUID.randomUUID().toString().substring(0, 8), Set.of("read", "write"));
    }

    private String tokenOf(String tenant, Set<String> scopes) {
        return tokens.create(tenant, "shop", scopes, "test");
    }

    private static JsonPath ok(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        return result;
    }

    private static String error(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isTrue();
        return result.getString("content[0].text");
    }

    private static Map<String, Object> finding(String slug) {
        return Map.of("slug", slug, "title", "Title of " + slug, "body", DEFAULT_BODY);
    }

    private static io.restassured.specification.RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token);
    }

    @Test
    void theToolsAreListedWithinTheBudgetAndSaveFindingStatesTheAdmissionRule() {
        List<Map<String, Object>> tools = new McpSession(token).open().request("tools/list", Map.of()).getList("tools");
        Map<String, Object> save = tools.stream().filter(t -> t.get("name").equals("save_finding")).findFirst().orElseThrow();
        Map<String, Object> index = tools.stream().filter(t -> t.get("name").equals("findings_index")).findFirst()
                .orElseThrow();
        assertThat((String) save.get("description")).contains(ADMISSION_RULE).hasSizeLessThanOrEqualTo(600);
        assertThat((String) index.get("description")).hasSizeLessThanOrEqualTo(600);
        @SuppressWarnings("unchecked")
        Map<String, Object> schema = (Map<String, Object>) save.get("inputSchema");
        @SuppressWarnings("unchecked")
        List<String> required = (List<String>) schema.get("required");
        @SuppressWarnings("unchecked")
        Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
        assertThat(required).containsExactlyInAnyOrder("slug", "title", "body");
        assertThat(properties).containsOnlyKeys("slug", "title", "body", "scope", "project", "hook",
                "source_task", "verified_against");
    }

    @Test
    void aSameSlugSaveOverwritesAndTheIndexHasOneLine() {
        McpSession mcp = new McpSession(token).open();
        JsonPath first = ok(mcp.callTool("save_finding", Map.of("slug", "order-cache", "title", "Order cache is per tenant",
                "body", DEFAULT_BODY, "scope", "src/orders", "verified_against", "0a1b2c3")));
        assertThat(first.getString("structuredContent.slug")).isEqualTo("order-cache");
        assertThat(first.getBoolean("structuredContent.created")).isTrue();
        assertThat(first.getInt("structuredContent.count")).isEqualTo(1);
        assertThat(first.getString("structuredContent.warning")).isNull();
        assertThat(first.getString("content[0].text")).startsWith("Saved new finding `order-cache` in project shop: 1 finding");

        JsonPath second = ok(mcp.callTool("save_finding", Map.of("slug", "order-cache", "title", "Order cache is per tenant",
                "body", "Only one sentence now.", "hook", "Evict after imports")));
        assertThat(second.getBoolean("structuredContent.created")).isFalse();
        assertThat(second.getInt("structuredContent.count")).isEqualTo(1);
        assertThat(second.getString("structuredContent.warning"))
                .isEqualTo("body has 1 sentence; 2-6 sentences are the guideline (saved anyway)");
        assertThat(second.getString("content[0].text")).startsWith("Overwrote finding `order-cache`")
                .contains("Warning: body has 1 sentence");

        JsonPath index = ok(mcp.callTool("findings_index", Map.of()));
        String line = "order-cache — Order cache is per tenant — Evict after imports";
        assertThat(index.getList("structuredContent.lines")).containsExactly(line);
        assertThat(index.getInt("structuredContent.count")).isEqualTo(1);
        assertThat(index.getInt("structuredContent.chars")).isEqualTo(line.length() + 1);
        assertThat(index.getString("content[0].text")).isEqualTo("Findings of project shop (1, " + (line.length() + 1)
                + " characters; each in full: .brain/traps/<slug>.md after `./brain findings sync`):\n- " + line + "\n");
    }

    @Test
    void badArgumentsAreToolErrorsNamingTheField() {
        McpSession mcp = new McpSession(token).open();
        assertThat(error(mcp.callTool("save_finding", finding("../x")))).startsWith("slug:");
        assertThat(error(mcp.callTool("save_finding", finding("A B")))).startsWith("slug:");
        assertThat(error(mcp.callTool("save_finding", finding("a".repeat(65))))).startsWith("slug:");
        assertThat(error(mcp.callTool("save_finding", Map.of("slug", "ok", "title", "T", "body", DEFAULT_BODY,
                "scope", "../etc")))).startsWith("scope:").doesNotContain("finding_scope");
        assertThat(error(mcp.callTool("save_finding", Map.of("slug", "ok", "title", "two\nlines", "body", DEFAULT_BODY))))
                .startsWith("title:");
        assertThat(error(mcp.callTool("save_finding", Map.of("slug", "ok", "title", "T", "body", DEFAULT_BODY,
                "verified_against", "HEAD")))).startsWith("verified_against:");
        assertThat(error(mcp.callTool("findings_index", Map.of("project", "no spaces please")))).startsWith("project:");

        JsonPath index = ok(mcp.callTool("findings_index", Map.of()));
        assertThat(index.getList("structuredContent.lines")).isEmpty();
        assertThat(index.getString("content[0].text")).startsWith("No findings in project shop (searched");
    }

    @Test
    void aReadOnlyTokenCannotSaveOrDelete() {
        String readOnly = tokenOf("ro-" + UUID.randomUUID().toString().substring(0, 8), Set.of("read"));
        assertThat(error(new McpSession(readOnly).open().callTool("save_finding", finding("x"))))
                .startsWith("scope: this call needs a token with scope write");
        as(readOnly).contentType(ContentType.JSON).body(Map.of("title", "T", "body", DEFAULT_BODY))
                .when().put("/api/v1/findings/shop/traps/x").then().statusCode(403);
        as(readOnly).when().delete("/api/v1/findings/shop/traps/x").then().statusCode(403);
        as(readOnly).accept(ContentType.JSON).when().get("/api/v1/findings/shop").then().statusCode(200)
                .body("count", equalTo(0));
    }

    @Test
    void restSavesReadsExportsAndDeletes() {
        as(token).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("title", "Build needs -o", "body", "Maven looks online. The machine has no network.",
                        "scope", "pom.xml", "source_task", "issue-22"))
                .when().put("/api/v1/findings/api/traps/build-flag")
                .then().statusCode(201).body("created", equalTo(true)).body("count", equalTo(1))
                .body("hook", equalTo("Maven looks online."));
        as(token).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("title", "Build needs -o", "body", "Maven looks online. The machine has no network."))
                .when().put("/api/v1/findings/api/traps/build-flag")
                .then().statusCode(200).body("created", equalTo(false)).body("count", equalTo(1));

        as(token).accept(ContentType.JSON).when().get("/api/v1/findings/api")
                .then().statusCode(200).body("project", equalTo("api"))
                .body("lines", equalTo(List.of("build-flag — Build needs -o — Maven looks online.")))
                .body("count", equalTo(1)).body("chars", equalTo(50));
        as(token).accept(ContentType.TEXT).when().get("/api/v1/findings/api")
                .then().statusCode(200).contentType(startsWith("text/plain"))
                .body(startsWith("Findings of project api (1, 50"));
        as(token).accept(ContentType.JSON).when().get("/api/v1/findings/api/traps/build-flag")
                .then().statusCode(200).body("title", equalTo("Build needs -o")).body("scope", equalTo(""))
                .body("body", equalTo("Maven looks online. The machine has no network."));

        JsonPath export = as(token).accept(ContentType.JSON).when().get("/api/v1/findings/api/export")
                .then().statusCode(200).extract().jsonPath();
        assertThat(export.getList("slugs")).containsExactly("build-flag");
        assertThat(export.getList("files.path")).containsExactly("INDEX.md", "traps/build-flag.md");
        assertThat(export.getString("files[0].content")).isEqualTo(
                "# Findings — api\n- [build-flag](traps/build-flag.md) — Build needs -o — Maven looks online.\n");
        assertThat(export.getString("files[1].content")).isEqualTo("---\nslug: build-flag\nscope:\nsource-task:\n"
                + "verified-against:\n---\n\n# Build needs -o\n\nMaven looks online. The machine has no network.\n");

        as(token).contentType(ContentType.JSON).body(Map.of("title", "T", "body", DEFAULT_BODY, "scope", "/etc"))
                .when().put("/api/v1/findings/api/traps/other").then().statusCode(400).body("error", startsWith("scope:"));
        as(token).contentType(ContentType.JSON).body(Map.of("title", "T", "body", DEFAULT_BODY))
                .when().put("/api/v1/findings/api/traps/Bad_Slug").then().statusCode(400).body("error", startsWith("slug:"));

        as(token).accept(ContentType.JSON).when().delete("/api/v1/findings/api/traps/build-flag")
                .then().statusCode(200).body("count", equalTo(0));
        as(token).accept(ContentType.JSON).when().get("/api/v1/findings/api/traps/build-flag")
                .then().statusCode(404).body("error", startsWith("slug:"));
        as(token).accept(ContentType.JSON).when().delete("/api/v1/findings/api/traps/build-flag").then().statusCode(404);
        given().accept(ContentType.JSON).when().get("/api/v1/findings/api").then().statusCode(401);
    }

    @Test
    void anotherTenantsTokenSeesAndChangesNothing() {
        McpSession mine = new McpSession(token).open();
        ok(mine.callTool("save_finding", finding("secret-trap")));
        String theirs = tokenOf("other-" + UUID.randomUUID().toString().substring(0, 8), Set.of("read", "write"));

        assertThat(ok(new McpSession(theirs).open().callTool("findings_index", Map.of("project", "shop")))
                .getList("structuredContent.lines")).isEmpty();
        as(theirs).accept(ContentType.JSON).when().get("/api/v1/findings/shop/traps/secret-trap").then().statusCode(404);
        as(theirs).accept(ContentType.JSON).when().delete("/api/v1/findings/shop/traps/secret-trap").then().statusCode(404);
        as(theirs).accept(ContentType.JSON).when().get("/api/v1/findings/shop/export").then().statusCode(200)
                .body("slugs", equalTo(List.of()));
        // their own finding of the same slug and project name is theirs alone
        as(theirs).contentType(ContentType.JSON).accept(ContentType.JSON).body(Map.of("title", "Theirs", "body", DEFAULT_BODY))
                .when().put("/api/v1/findings/shop/traps/secret-trap").then().statusCode(201);

        JsonPath index = ok(mine.callTool("findings_index", Map.of()));
        assertThat(index.getList("structuredContent.lines")).containsExactly(
                "secret-trap — Title of secret-trap — The order cache looks per request but is per tenant.");
    }

    @Test
    void theSessionStartDigestCountsTheProjectsFindings() {
        ok(new McpSession(token).open().callTool("save_finding", finding("one")));
        McpSession mcp = new McpSession(token).open();
        ok(mcp.callTool("save_finding", finding("two")));
        // another project's findings are not counted
        ok(mcp.callTool("save_finding", Map.of("slug", "elsewhere", "title", "T", "body", DEFAULT_BODY, "project", "web")));

        String payload = """
                {"session_id": "s-digest", "cwd": "/home/dev/src/shop", "hook_event_name": "SessionStart",
                 "source": "startup"}""";
        as(token).contentType(ContentType.JSON).body(payload).when().post("/hooks/session-start")
                .then().statusCode(200)
                .body("hookSpecificOutput.hookEventName", equalTo("SessionStart"))
                .body("hookSpecificOutput.additionalContext", equalTo("Brain, project shop: 2 findings of this project:"
                        + " read .brain/INDEX.md or findings_index before exploring."));
    }
}
