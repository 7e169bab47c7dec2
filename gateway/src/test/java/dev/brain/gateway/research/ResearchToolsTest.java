package dev.brain.gateway.research;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The research tools (brain_insights, brain_suggest), {@code /api/v1/insights}, the research admin jobs,
 * {@code ./brain insights} and the status's research line against the three real services, one tenant per test.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class ResearchToolsTest {

    static final List<String> RESEARCH_TOOLS = List.of("brain_insights", "brain_suggest", "knowledge_search",
            "knowledge_read", "knowledge_save");

    /** Reported five times, never solved: a gap (research.md §1.2, gapMinOccurrences 5). */
    static final String RECURRING = """
            Traceback (most recent call last):
              File "sync.py", line 12, in <module>
                conn = psycopg.connect(DSN)
            ConnectionRefusedError: [Errno 111] Connection refused by the inventory database
            """;

    /** Ten distinct errors, so the tenant has more than minDataPoints (10) errors. */
    static final List<String> OTHERS = List.of(
            "ZeroDivisionError: division by zero",
            "KeyError: 'shipping_address'",
            "ValueError: invalid literal for int() with base 10: 'abc'",
            "IndexError: list index out of range",
            "AttributeError: 'NoneType' object has no attribute 'split'",
            "FileNotFoundError: [Errno 2] No such file or directory: 'settings.yaml'",
            "RecursionError: maximum recursion depth exceeded while calling a Python object",
            "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
            "PermissionError: [Errno 13] Permission denied: '/var/log/app.log'",
            "TypeError: Cannot read properties of undefined (reading 'map')\n    at render (/app/src/list.js:14:22)");

    @Inject
    ApiTokens tokens;

    private static String tenant(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private String tokenOf(String tenant, String... extraScopes) {
        Set<String> scopes = new HashSet<>(Set.of("read", "write"));
        scopes.addAll(List.of(extraScopes));
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

    private static io.restassured.specification.RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token);
    }

    @Test
    void theFiveResearchToolsAreListedWithinTheBudget() {
        McpSession mcp = new McpSession(tokenOf(tenant("rs-list"))).open();
        List<Map<String, Object>> tools = mcp.request("tools/list", Map.of()).getList("tools");
        assertThat(tools).extracting(t -> t.get("name")).containsAll(RESEARCH_TOOLS);
        assertThat(tools).filteredOn(t -> RESEARCH_TOOLS.contains(t.get("name")))
                .allSatisfy(t -> assertThat((String) t.get("description")).hasSizeLessThanOrEqualTo(600));
        Map<String, Object> save = tools.stream().filter(t -> t.get("name").equals("knowledge_save")).findFirst().orElseThrow();
        @SuppressWarnings("unchecked")
        List<String> required = (List<String>) ((Map<String, Object>) save.get("inputSchema")).get("required");
        assertThat(required).containsExactlyInAnyOrder("topic", "distillate", "salience");
        String answer = mcp.post(Map.of("jsonrpc", "2.0", "id", 97, "method", "tools/list", "params", Map.of())).asString();
        assertThat(answer.length()).as("tools/list budget").isLessThanOrEqualTo(24_000);
    }

    @Test
    void aRecurringUnresolvedErrorBecomesAGapInsightThatStaysDismissed() throws Exception {
        String tenant = tenant("rs-gap");
        String token = tokenOf(tenant);
        String admin = tokenOf(tenant, "admin");
        McpSession mcp = new McpSession(token).open();

        // before any data: nothing, and the answer says what was listed
        JsonPath none = ok(mcp.callTool("brain_insights", Map.of()));
        assertThat(none.getList("structuredContent.insights")).isEmpty();
        assertThat(none.getString("content[0].text")).startsWith("No insights: listed the active insights of tenant " + tenant);
        as(admin).when().post("/api/v1/admin/jobs/research/cycle").then().statusCode(200)
                .body("job", equalTo("research/cycle")).body("status", equalTo("SKIPPED_PRECONDITION"));

        // 11 errors, one of them reported 5 times and never solved
        long recurring = 0;
        for (int i = 0; i < 5; i++) {
            recurring = ok(mcp.callTool("brain_report_error", Map.of("error_output", RECURRING, "command", "python sync.py")))
                    .getLong("structuredContent.error_id");
        }
        Set<Long> ids = new HashSet<>(List.of(recurring));
        for (String output : OTHERS) {
            ids.add(ok(mcp.callTool("brain_report_error", Map.of("error_output", output)))
                    .getLong("structuredContent.error_id"));
        }
        assertThat(ids).hasSize(11);

        as(admin).when().post("/api/v1/admin/jobs/research/cycle").then().statusCode(200)
                .body("job", equalTo("research/cycle")).body("status", equalTo("DONE"))
                .body("counts.insights_created", org.hamcrest.Matchers.greaterThanOrEqualTo(1))
                .body("duration_ms", org.hamcrest.Matchers.notNullValue());

        // the gap: high (5 ≤ n < 10), confidence min(0.95, 0.5 + 5·0.1) = 0.95, actionable
        JsonPath gaps = ok(mcp.callTool("brain_insights", Map.of("type", "gap")));
        List<Map<String, Object>> listed = gaps.getList("structuredContent.insights");
        Map<String, Object> gap = listed.stream()
                .filter(i -> ((String) i.get("title")).contains("unresolved after 5 occurrences"))
                .findFirst().orElseThrow(() -> new AssertionError(gaps.prettify()));
        long insightId = ((Number) gap.get("insight_id")).longValue();
        assertThat(gap).containsEntry("type", "gap").containsEntry("priority", "high").containsEntry("actionable", true)
                .containsEntry("status", "active");
        // (rest-assured reads JSON numbers as floats)
        assertThat(((Number) gap.get("confidence")).doubleValue()).isEqualTo(0.95, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(gap.get("title").toString()).startsWith("ConnectionRefusedError unresolved after 5 occurrences");
        assertThat(gaps.getString("content[0].text")).contains("- #" + insightId + " [high] gap — ConnectionRefusedError")
                .contains("(confidence 0.95, actionable)");

        // REST: the list and the insight with its evidence
        assertThat(longs(as(token).accept(ContentType.JSON).when().get("/api/v1/insights?type=gap&min_priority=high")
                .then().statusCode(200).extract().jsonPath().getList("insights.insight_id"))).contains(insightId);
        JsonPath detail = as(token).accept(ContentType.JSON).when().get("/api/v1/insights/" + insightId).then()
                .statusCode(200).body("type", equalTo("gap")).body("evidence.occurrences", equalTo(5))
                .body("dedup_key", equalTo("gap:error:" + recurring))
                .body("suggested_action.action", equalTo("find_solution")).extract().jsonPath();
        assertThat(detail.getLong("insight_id")).isEqualTo(insightId);
        assertThat(detail.getLong("evidence.error_id")).isEqualTo(recurring);
        as(token).accept(ContentType.TEXT).when().get("/api/v1/insights/" + insightId).then().statusCode(200)
                .body(startsWith("**Insight #" + insightId + "** [high] gap — "));

        // brain_suggest ranks it for a matching context
        JsonPath suggested = ok(mcp.callTool("brain_suggest", Map.of("context",
                "the sync job fails with ConnectionRefusedError against the inventory database")));
        List<Map<String, Object>> suggestions = suggested.getList("structuredContent.suggestions");
        assertThat(suggestions).anySatisfy(s -> {
            assertThat(s).containsEntry("kind", "insight");
            assertThat(((Number) s.get("id")).longValue()).isEqualTo(insightId);
            assertThat((String) s.get("reason")).isNotBlank();
        });
        assertThat(suggested.getString("content[0].text")).contains("insight #" + insightId);
        assertThat(longs(as(token).accept(ContentType.JSON).queryParam("context", "ConnectionRefusedError inventory database")
                .when().get("/api/v1/insights/suggest").then().statusCode(200).extract().jsonPath()
                .getList("suggestions.id"))).contains(insightId);

        // ./brain insights prints it
        assertThat(brain(token, "insights")).contains("#" + insightId + " [high] gap — ConnectionRefusedError");
        assertThat(brain(token, "insights", "--type", "gap", "--json")).contains("\"insight_id\":" + insightId);
        assertThat(brain(token, "insights", "--status", "dismissed")).startsWith("No insights: listed the dismissed insights");

        // the status shows the cycle
        JsonPath status = ok(mcp.callTool("brain_status", Map.of()));
        assertThat(status.getString("structuredContent.research_cycle.last.status")).isEqualTo("done");
        assertThat(status.getString("structuredContent.research_cycle.last.finished_at")).isNotBlank();
        assertThat(status.getString("structuredContent.research_cycle.next_at")).isNotBlank();
        assertThat(status.getString("content[0].text")).contains("- research cycle: last done ").contains("; next 20");
        as(token).accept(ContentType.TEXT).when().get("/api/v1/status").then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("- research cycle: last done "));

        // dismissed; backwards is refused; the next cycle leaves it dismissed and creates no twin
        as(token).contentType(ContentType.JSON).body(Map.of("status", "dismissed", "outcome", "known outage"))
                .when().post("/api/v1/insights/" + insightId + "/status").then().statusCode(200)
                .body("status", equalTo("dismissed")).body("action_outcome", equalTo("known outage"));
        as(token).contentType(ContentType.JSON).body(Map.of("status", "active"))
                .when().put("/api/v1/insights/" + insightId + "/status").then().statusCode(400);
        as(admin).when().post("/api/v1/admin/jobs/research/cycle").then().statusCode(200).body("status", equalTo("DONE"));
        List<Map<String, Object>> active = ok(mcp.callTool("brain_insights", Map.of("type", "gap")))
                .getList("structuredContent.insights");
        assertThat(active).noneSatisfy(i -> assertThat((String) i.get("title")).contains("unresolved after"));
        assertThat(longs(as(token).accept(ContentType.JSON).when().get("/api/v1/insights?status=dismissed").then()
                .statusCode(200).extract().jsonPath().getList("insights.insight_id"))).containsExactly(insightId);
        as(token).accept(ContentType.JSON).when().get("/api/v1/insights/" + insightId).then().statusCode(200)
                .body("status", equalTo("dismissed"));

        // another tenant sees none of it
        String other = tokenOf(tenant("rs-other"));
        assertThat(ok(new McpSession(other).open().callTool("brain_insights", Map.of("status", "dismissed")))
                .getList("structuredContent.insights")).isEmpty();
        int foreign = as(other).accept(ContentType.JSON).when().get("/api/v1/insights/" + insightId).then().extract()
                .statusCode();
        assertThat(foreign).isIn(403, 404);
    }

    @Test
    void badArgumentsAreToolErrorsAnd400sNamingTheField() {
        String token = tokenOf(tenant("rs-bad"));
        McpSession mcp = new McpSession(token).open();
        assertThat(error(mcp.callTool("brain_insights", Map.of("type", "nonsense"))))
                .isEqualTo("type: 'nonsense' is not one of trend, pattern, gap, synergy, optimization, template_candidate,"
                        + " project_suggestion, warning");
        assertThat(error(mcp.callTool("brain_insights", Map.of("min_priority", "urgent"))))
                .startsWith("min_priority: 'urgent'");
        assertThat(error(mcp.callTool("brain_insights", Map.of("status", "done")))).startsWith("status: 'done'");
        assertThat(error(mcp.callTool("brain_insights", Map.of("limit", 0)))).isEqualTo("limit: must be 1-100, was 0");
        assertThat(error(mcp.callTool("brain_suggest", Map.of("context", "  ")))).startsWith("context:");
        assertThat(error(mcp.callTool("brain_suggest", Map.of("context", "x", "limit", 51)))).startsWith("limit:");

        as(token).accept(ContentType.JSON).when().get("/api/v1/insights?type=nonsense").then().statusCode(400)
                .body("error", startsWith("type:"));
        as(token).accept(ContentType.JSON).when().get("/api/v1/insights/suggest").then().statusCode(400)
                .body("error", startsWith("context:"));
        as(token).accept(ContentType.JSON).when().get("/api/v1/insights/987654321").then().statusCode(404);
        as(token).contentType(ContentType.JSON).body(Map.of("outcome", "x"))
                .when().post("/api/v1/insights/1/status").then().statusCode(400).body("error", startsWith("status:"));
        as(token).contentType(ContentType.JSON).body(Map.of("status", "finished"))
                .when().post("/api/v1/insights/1/status").then().statusCode(400)
                .body("error", startsWith("status: 'finished'"));
        as(token).accept(ContentType.JSON).when().get("/api/v1/insights/trends?window_days=-1").then().statusCode(400)
                .body("error", startsWith("window_days:"));
        given().accept(ContentType.JSON).when().get("/api/v1/insights").then().statusCode(401);
    }

    @Test
    void trendsCountTheProjectsErrors() {
        String token = tokenOf(tenant("rs-trend"));
        McpSession mcp = new McpSession(token).open();
        ok(mcp.callTool("brain_report_error", Map.of("error_output", OTHERS.get(0))));
        ok(mcp.callTool("brain_report_error", Map.of("error_output", OTHERS.get(1))));
        JsonPath trends = as(token).accept(ContentType.JSON).when().get("/api/v1/insights/trends").then().statusCode(200)
                .extract().jsonPath();
        assertThat(trends.getList("projects.project")).containsExactly("shop");
        assertThat(trends.getLong("projects[0].current")).isEqualTo(2);
        assertThat(trends.getLong("projects[0].previous")).isZero();
        assertThat(trends.getString("window_start")).isNotBlank();
        assertThat(as(token).accept(ContentType.TEXT).when().get("/api/v1/insights/trends").then().statusCode(200)
                .extract().asString()).contains("- shop: 2 vs 0");
    }

    @Test
    void researchJobsNeedAdminAndRunForTheCaller() {
        String tenant = tenant("rs-jobs");
        String admin = tokenOf(tenant, "admin");
        // research/decay works on every pair: scope system (auth/GlobalJobsScopeTest); prune is the caller's pair
        as(admin).when().post("/api/v1/admin/jobs/research/decay").then().statusCode(403)
                .body("required_scope", equalTo("system"));
        for (String job : List.of("research/prune", "research/decay")) {
            as(job.equals("research/decay") ? tokenOf(tenant, "system") : admin).when().post("/api/v1/admin/jobs/" + job)
                    .then().statusCode(200).body("job", equalTo(job))
                    .body("status", org.hamcrest.Matchers.oneOf("DONE", "SKIPPED_LOCKED"))
                    .body("counts", org.hamcrest.Matchers.instanceOf(Map.class));
        }
        as(admin).queryParam("agent", "bad agent").when().post("/api/v1/admin/jobs/research/prune").then().statusCode(400)
                .body("error", startsWith("agent:"));
        as(tokenOf(tenant)).when().post("/api/v1/admin/jobs/research/cycle").then().statusCode(403);
    }

    private static List<Long> longs(List<Object> numbers) {
        return numbers.stream().map(n -> ((Number) n).longValue()).toList();
    }

    /** Runs the repository's {@code ./brain} script against this gateway; its standard output (exit 0 asserted). */
    static String brain(String token, String... args) throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("brain").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("BRAIN_GATEWAY_PORT", String.valueOf(RestAssured.port));
        builder.environment().put("BRAIN_TOKEN", token);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        return out;
    }
}
