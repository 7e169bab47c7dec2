package dev.brain.gateway.errors;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

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
 * The tools that let an agent act on what Brain knows and correct it: brain_get_error, brain_list_errors,
 * brain_update_error, brain_forget, brain_list_rules, brain_rule_feedback (and their REST equivalents), against the
 * real error-service, a fresh tenant per test.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class ErrorCorrectionToolsTest {

    static final String KEY_ERROR = """
            Traceback (most recent call last):
              File "/home/dev/shop/app.py", line 7, in main
                print(order["customer_ref"])
            KeyError: 'customer_ref'
            """;
    static final String TYPE_ERROR = """
            Traceback (most recent call last):
              File "/home/dev/shop/report.py", line 3, in total
                return sum(line.price for line in lines)
            TypeError: unsupported operand type(s) for +: 'int' and 'str'
            """;

    @Inject
    ApiTokens tokens;

    private String token;
    private McpSession mcp;

    @BeforeEach
    void tenant() {
        token = tokens.create("fix-" + UUID.randomUUID().toString().substring(0, 8), "shop", Set.of("read", "write"), "test");
        mcp = new McpSession(token).open();
    }

    private static JsonPath ok(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        return result;
    }

    private static String failed(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isTrue();
        return result.getString("content[0].text");
    }

    private long report(String output) {
        return ok(mcp.callTool("brain_report_error", Map.of("error_output", output))).getLong("structuredContent.error_id");
    }

    private long solve(long errorId, Map<String, Object> solution) {
        Map<String, Object> args = new java.util.HashMap<>(solution);
        args.put("error_id", errorId);
        return ok(mcp.callTool("brain_report_solution", args)).getLong("structuredContent.solution_id");
    }

    @Test
    void getErrorCarriesStepsTheDiffCutTo2KiBAndTheFailedAttempts() {
        long errorId = report(KEY_ERROR);
        String longDiff = "--- a/app.py\n+++ b/app.py\n" + "-    x = 1\n+    x = 2\n".repeat(200);
        long solutionId = solve(errorId, Map.of("title", "Use order.get", "description", "the key is optional",
                "steps", List.of("Replace order[\"customer_ref\"] by order.get(\"customer_ref\")", "Handle None"),
                "diff", longDiff));
        ok(mcp.callTool("brain_report_attempt", Map.of("error_id", errorId, "description", "Added the key to the fixture",
                "reason", "live orders lack it")));

        JsonPath error = ok(mcp.callTool("brain_get_error", Map.of("error_id", errorId)));
        assertThat(error.getString("structuredContent.solutions[0].title")).isEqualTo("Use order.get");
        assertThat(error.getLong("structuredContent.solutions[0].solution_id")).isEqualTo(solutionId);
        assertThat(error.getString("structuredContent.solutions[0].description")).isEqualTo("the key is optional");
        assertThat(error.getList("structuredContent.solutions[0].steps")).containsExactly(
                "Replace order[\"customer_ref\"] by order.get(\"customer_ref\")", "Handle None");
        String diff = error.getString("structuredContent.solutions[0].diff");
        assertThat(diff).startsWith("--- a/app.py\n").contains("more bytes not shown)");
        assertThat(diff.substring(0, diff.indexOf("… ("))).hasSizeLessThanOrEqualTo(2048);
        assertThat(error.getString("structuredContent.attempts[0].description")).isEqualTo("Added the key to the fixture");
        assertThat(error.getString("structuredContent.attempts[0].reason")).isEqualTo("live orders lack it");
        assertThat(error.getString("content[0].text")).contains("1. Replace order")
                .contains("failed because live orders lack it");

        // the report of the same error carries the solution's steps and the attempt, so the agent can act at once
        JsonPath again = ok(mcp.callTool("brain_report_error", Map.of("error_output", KEY_ERROR)));
        assertThat(again.getList("structuredContent.solutions[0].steps")).hasSize(2);
        assertThat(again.getString("structuredContent.attempts[0].reason")).isEqualTo("live orders lack it");
        JsonPath query = ok(mcp.callTool("brain_query_error", Map.of("query", "KeyError customer_ref")));
        assertThat(query.getString("structuredContent.results[0].attempts[0].description"))
                .isEqualTo("Added the key to the fixture");
    }

    @Test
    void listErrorsByFilterAndWorkingDirectory() {
        long keyError = report(KEY_ERROR);
        report(KEY_ERROR);
        long typeError = report(TYPE_ERROR);
        solve(typeError, Map.of("title", "Cast the price"));
        // the two errors of this session form a chain (error-code.md §5.10): brain_get_error shows it
        JsonPath typeErrorDetail = ok(mcp.callTool("brain_get_error", Map.of("error_id", typeError)));
        assertThat(typeErrorDetail.getList("structuredContent.chain.before.error_id", Long.class)).containsExactly(keyError);
        assertThat(typeErrorDetail.getList("structuredContent.chain.after")).isEmpty();
        assertThat(typeErrorDetail.getString("content[0].text")).contains("Chain: #" + keyError + " KeyError → this");
        JsonPath unresolved = ok(mcp.callTool("brain_list_errors", Map.of()));
        assertThat(unresolved.getList("structuredContent.errors.error_id", Long.class)).containsExactly(keyError);
        assertThat(ok(mcp.callTool("brain_list_errors", Map.of("filter", "recurring")))
                .getList("structuredContent.errors.error_id", Long.class)).containsExactly(keyError);
        JsonPath recent = ok(mcp.callTool("brain_list_errors", Map.of("filter", "recent")));
        assertThat(recent.getList("structuredContent.errors.error_id", Long.class)).containsExactly(typeError, keyError);
        assertThat(recent.getString("structuredContent.errors[0].best_solution.title")).isEqualTo("Cast the price");
        // the working directory's last segment names the project: nothing in "billing"
        assertThat(ok(mcp.callTool("brain_list_errors", Map.of("working_directory", "/home/dev/billing")))
                .getList("structuredContent.errors")).isEmpty();
        assertThat(ok(mcp.callTool("brain_list_errors", Map.of("working_directory", "/home/dev/shop")))
                .getList("structuredContent.errors")).hasSize(1);
        assertThat(failed(mcp.callTool("brain_list_errors", Map.of("filter", "old")))).startsWith("filter: 'old'");
        // REST
        assertThat(given().header("Authorization", "Bearer " + token).accept(ContentType.JSON)
                .queryParam("filter", "recurring").when().get("/api/v1/errors").then().statusCode(200).extract()
                .jsonPath().getList("errors.error_id", Long.class)).containsExactly(keyError);
    }

    @Test
    void anErrorMarkedNotAnErrorIsNeitherListedNorMatched() {
        long errorId = report(KEY_ERROR);
        JsonPath updated = ok(mcp.callTool("brain_update_error", Map.of("error_id", errorId, "not_an_error", true,
                "note", "expected in the demo")));
        assertThat(updated.getBoolean("structuredContent.not_an_error")).isTrue();
        assertThat(ok(mcp.callTool("brain_list_errors", Map.of("filter", "recent"))).getList("structuredContent.errors"))
                .isEmpty();
        // a near-identical error in another project does not match it
        JsonPath other = ok(mcp.callTool("brain_report_error", Map.of("error_output", KEY_ERROR.replace("line 7", "line 9"),
                "project", "shop-api")));
        assertThat(other.getList("structuredContent.matches")).isEmpty();
        // nor found by a search: only the new one of shop-api is
        assertThat(ok(mcp.callTool("brain_query_error", Map.of("query", "KeyError customer_ref")))
                .getList("structuredContent.results.error_id", Long.class)).doesNotContain(errorId).hasSize(1);

        ok(mcp.callTool("brain_update_error", Map.of("error_id", errorId, "not_an_error", false)));
        assertThat(ok(mcp.callTool("brain_update_error", Map.of("error_id", errorId, "resolved", true)))
                .getBoolean("structuredContent.resolved")).isTrue();
        assertThat(given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("resolved", false)).when().patch("/api/v1/errors/" + errorId).then().statusCode(200)
                .extract().jsonPath().getBoolean("resolved")).isFalse();
        assertThat(failed(mcp.callTool("brain_update_error", Map.of("error_id", errorId)))).startsWith("resolved: give");
    }

    @Test
    void forgetRemovesExactlyWhatItNames() {
        long keyError = report(KEY_ERROR);
        long typeError = report(TYPE_ERROR);
        long onlyHere = solve(keyError, Map.of("title", "Use order.get"));
        long kept = solve(typeError, Map.of("title", "Cast the price"));
        long attempt = ok(mcp.callTool("brain_report_attempt", Map.of("error_id", typeError, "description", "str()")))
                .getLong("structuredContent.attempt_id");

        JsonPath forgotten = ok(mcp.callTool("brain_forget", Map.of("kind", "error", "id", keyError, "reason", "typo")));
        assertThat(forgotten.getMap("structuredContent.deleted")).containsEntry("error", 1).containsEntry("solution", 1)
                .containsEntry("error_occurrence", 1);
        assertThat(failed(mcp.callTool("brain_get_error", Map.of("error_id", keyError)))).contains("no such error");
        assertThat(failed(mcp.callTool("brain_forget", Map.of("kind", "solution", "id", onlyHere))))
                .contains("no such solution");
        JsonPath typeErrorNow = ok(mcp.callTool("brain_get_error", Map.of("error_id", typeError)));
        assertThat(typeErrorNow.getList("structuredContent.solutions.solution_id", Long.class)).containsExactly(kept);
        assertThat(typeErrorNow.getList("structuredContent.attempts")).hasSize(1);

        ok(mcp.callTool("brain_forget", Map.of("kind", "attempt", "id", attempt)));
        assertThat(ok(mcp.callTool("brain_get_error", Map.of("error_id", typeError))).getList("structuredContent.attempts"))
                .isEmpty();
        // forgetting the solution that resolved the error opens it again
        given().header("Authorization", "Bearer " + token).accept(ContentType.JSON).when()
                .delete("/api/v1/solutions/" + kept).then().statusCode(200);
        JsonPath open = ok(mcp.callTool("brain_get_error", Map.of("error_id", typeError)));
        assertThat(open.getList("structuredContent.solutions")).isEmpty();
        assertThat(open.getBoolean("structuredContent.resolved")).isFalse();
        assertThat(failed(mcp.callTool("brain_forget", Map.of("kind", "module", "id", 1)))).startsWith("kind: 'module'");
    }

    @Test
    void anotherTenantCanNeitherSeeNorChangeNorForget() {
        long errorId = report(KEY_ERROR);
        String other = tokens.create("fix-other-" + UUID.randomUUID().toString().substring(0, 8), "shop",
                Set.of("read", "write"), "test");
        McpSession stranger = new McpSession(other).open();
        assertThat(ok(stranger.callTool("brain_list_errors", Map.of("filter", "recent"))).getList("structuredContent.errors"))
                .isEmpty();
        assertThat(failed(stranger.callTool("brain_get_error", Map.of("error_id", errorId)))).contains("no such error");
        assertThat(failed(stranger.callTool("brain_update_error", Map.of("error_id", errorId, "resolved", true))))
                .contains("no such error");
        assertThat(failed(stranger.callTool("brain_forget", Map.of("kind", "error", "id", errorId)))).contains("no such error");
        assertThat(ok(mcp.callTool("brain_get_error", Map.of("error_id", errorId))).getBoolean("structuredContent.resolved"))
                .isFalse();
    }

    @Test
    void rulesAreListedAndTakeFeedback() {
        String lines = """
                {"kind":"header","format":"brain-errors","version":1}
                {"kind":"rule","id":1,"dedup_key":"%s","name":"Set ORDERS_URL first","description":"","error_type":"KeyError","required_tokens":[],"file_extensions":[],"commands":["python3 app.py"],"action":{"type":"apply_solution","solution_ids":[],"message":"export it"},"rule_type":"warning","base_successes":7,"base_total":10,"confidence":0.7,"trigger_count":0,"success_count":0,"rejection_count":0,"active":true,"source_error_ids":[],"last_evidence_at":"2026-11-01T00:00:00Z","created_at":"2026-11-01T00:00:00Z","updated_at":"2026-11-01T00:00:00Z"}
                """
                .formatted("b".repeat(64));
        given().header("Authorization", "Bearer " + token).contentType("application/x-ndjson")
                .body(lines.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/api/v1/errors/import").then().statusCode(200);
        JsonPath rules = ok(mcp.callTool("brain_list_rules", Map.of()));
        long ruleId = rules.getLong("structuredContent.rules[0].rule_id");
        assertThat(rules.getList("structuredContent.rules[0].commands")).containsExactly("python3 app.py");
        assertThat(rules.getBoolean("structuredContent.rules[0].blocking")).isFalse();

        JsonPath alarm = ok(mcp.callTool("brain_rule_feedback", Map.of("rule_id", ruleId, "outcome", "false_alarm")));
        assertThat(alarm.getInt("structuredContent.false_alarms")).isEqualTo(1);
        assertThat(alarm.getDouble("structuredContent.confidence")).isLessThan(0.7);
        JsonPath blocking = ok(mcp.callTool("brain_rule_feedback", Map.of("rule_id", ruleId, "blocking", true)));
        assertThat(blocking.getBoolean("structuredContent.blocking")).isTrue();
        assertThat(blocking.getInt("structuredContent.false_alarms")).isEqualTo(1);
        assertThat(failed(mcp.callTool("brain_rule_feedback", Map.of("rule_id", ruleId, "outcome", "maybe"))))
                .startsWith("outcome: 'maybe'");
        String other = tokens.create("fix-other-" + UUID.randomUUID().toString().substring(0, 8), "shop",
                Set.of("read", "write"), "test");
        McpSession stranger = new McpSession(other).open();
        assertThat(ok(stranger.callTool("brain_list_rules", Map.of())).getList("structuredContent.rules")).isEmpty();
        assertThat(failed(stranger.callTool("brain_rule_feedback", Map.of("rule_id", ruleId, "blocking", false))))
                .contains("no such rule");
    }
}
