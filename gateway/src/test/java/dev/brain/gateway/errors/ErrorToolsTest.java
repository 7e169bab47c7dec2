package dev.brain.gateway.errors;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.instanceOf;
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

/** The error tools over MCP and REST against the real error-service, one fresh tenant per test. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class ErrorToolsTest {

    static final String NODE_ERROR = """
            /home/dev/shop/server.js:14
                return user.name;
                            ^

            TypeError: Cannot read properties of undefined (reading 'name')
                at getName (/home/dev/shop/server.js:14:17)
                at Object.<anonymous> (/home/dev/shop/server.js:20:1)
                at Module._compile (node:internal/modules/cjs/loader:1256:14)
            """;
    static final String PYTHON_ERROR = """
            Traceback (most recent call last):
              File "/home/dev/shop/app.py", line 12, in <module>
                main()
              File "/home/dev/shop/app.py", line 8, in main
                print(user["name"].upper())
            TypeError: 'NoneType' object is not subscriptable
            """;
    static final List<String> TOOLS = List.of("brain_report_error", "brain_query_error", "brain_report_solution",
            "brain_report_attempt", "brain_rate_solution", "brain_check_prevention", "brain_notifications", "brain_get_error",
            "brain_list_errors", "brain_update_error", "brain_forget", "brain_list_rules", "brain_rule_feedback");

    @Inject
    ApiTokens tokens;

    private String token;

    @BeforeEach
    void tenant() {
        token = tokenOf("err-" + UUID.randomUUID().toString().substring(0, 8));
    }

    private String tokenOf(String tenant) {
        return tokens.create(tenant, "shop", Set.of("read", "write"), "test");
    }

    private static JsonPath ok(JsonPath result) {
        assertThat(result.getBoolean("isError")).as(result.prettify()).isFalse();
        return result;
    }

    @Test
    void theErrorToolsAreListedWithinTheToolBudget() {
        McpSession mcp = new McpSession(token).open();
        var response = mcp.post(Map.of("jsonrpc", "2.0", "id", 99, "method", "tools/list", "params", Map.of()));
        String body = response.asString();
        List<Map<String, Object>> tools = mcp.request("tools/list", Map.of()).getList("tools");
        assertThat(tools).extracting(t -> t.get("name")).containsAll(TOOLS);
        assertThat(tools).allSatisfy(t -> assertThat((String) t.get("description")).as((String) t.get("name"))
                .hasSizeLessThanOrEqualTo(600));
        assertThat(body.length()).as("tools/list answer").isLessThanOrEqualTo(24_000);
    }

    @Test
    void aFirstReportSaysWhatWasSearchedAndASecondCountsTheOccurrence() {
        McpSession mcp = new McpSession(token).open();
        JsonPath first = ok(
                mcp.callTool("brain_report_error", Map.of("error_output", PYTHON_ERROR, "command", "python app.py")));
        long errorId = first.getLong("structuredContent.error_id");
        assertThat(errorId).isPositive();
        assertThat(first.getBoolean("structuredContent.is_new")).isTrue();
        assertThat(first.getString("structuredContent.error_type")).isEqualTo("TypeError");
        assertThat(first.getString("structuredContent.fingerprint")).hasSize(64);
        assertThat(first.getList("structuredContent.matches")).isEmpty();
        assertThat(first.getList("structuredContent.warnings")).isEmpty();
        assertThat(first.getBoolean("structuredContent.truncated")).isFalse();
        assertThat(first.getString("structuredContent.searched")).startsWith("searched ");
        assertThat(first.getString("content[0].text")).startsWith("**Error #" + errorId + "** TypeError:")
                .contains("No similar error: searched").contains("brain_report_solution");

        JsonPath second = ok(mcp.callTool("brain_report_error", Map.of("error_output", PYTHON_ERROR)));
        assertThat(second.getLong("structuredContent.error_id")).isEqualTo(errorId);
        assertThat(second.getInt("structuredContent.occurrences")).isEqualTo(2);
        assertThat(second.getBoolean("structuredContent.is_new")).isFalse();
        assertThat(second.getString("content[0].text")).contains("seen 2 times");
    }

    @Test
    void aReportedSolutionComesBackWithItsConfidenceAndRatingsMoveIt() {
        McpSession mcp = new McpSession(token).open();
        long errorId = ok(mcp.callTool("brain_report_error", Map.of("error_output", NODE_ERROR, "command", "node server.js")))
                .getLong("structuredContent.error_id");

        JsonPath solution = ok(mcp.callTool("brain_report_solution",
                Map.of("error_id", errorId, "title", "Guard user before reading name",
                        "steps", List.of("check user is defined", "return a default name"), "diff",
                        "-    return user.name;\n+    return user?.name ?? 'anonymous';")));
        long solutionId = solution.getLong("structuredContent.solution_id");
        assertThat(solutionId).isPositive();
        assertThat(solution.getString("content[0].text")).startsWith("Solution #" + solutionId);

        JsonPath again = ok(mcp.callTool("brain_report_error", Map.of("error_output", NODE_ERROR)));
        assertThat(again.getLong("structuredContent.solutions[0].solution_id")).isEqualTo(solutionId);
        double before = again.getDouble("structuredContent.solutions[0].confidence");
        assertThat(before).isGreaterThan(0.0);
        assertThat(again.getString("content[0].text"))
                .contains("solution #" + solutionId + " \"Guard user before reading name\" — confidence "
                        + String.format(java.util.Locale.ROOT, "%.2f", before));

        JsonPath rated = ok(
                mcp.callTool("brain_rate_solution", Map.of("solution_id", solutionId, "error_id", errorId, "outcome", "failure",
                        "notes", "user was null, not undefined")));
        assertThat(rated.getDouble("structuredContent.confidence")).isLessThan(before);
        assertThat(rated.getString("content[0].text")).startsWith("Outcome failure recorded for solution #" + solutionId);

        JsonPath attempt = ok(
                mcp.callTool("brain_report_attempt", Map.of("error_id", errorId, "description", "restarted the server",
                        "reason", "same error on the next request")));
        assertThat(attempt.getLong("structuredContent.attempt_id")).isPositive();
        assertThat(attempt.getString("content[0].text")).startsWith("Attempt #");
    }

    @Test
    void queryFindsAnErrorByItsPastedFirstLine() {
        McpSession mcp = new McpSession(token).open();
        long errorId = ok(mcp.callTool("brain_report_error", Map.of("error_output", NODE_ERROR)))
                .getLong("structuredContent.error_id");

        JsonPath found = ok(mcp.callTool("brain_query_error",
                Map.of("query", "TypeError: Cannot read properties of undefined (reading 'name')")));
        assertThat(found.getList("structuredContent.results.error_id", Long.class)).contains(errorId);
        assertThat(found.getString("content[0].text")).contains("**#" + errorId + "** TypeError: Cannot read properties");

        JsonPath none = ok(mcp.callTool("brain_query_error",
                Map.of("query", "SegmentationFault in libfoo frobnicate", "project_only", true)));
        assertThat(none.getList("structuredContent.results")).isEmpty();
        assertThat(none.getString("content[0].text")).startsWith("No error matches \"SegmentationFault in libfoo frobnicate\"");
    }

    @Test
    void preventionAndNotificationsAnswerWithLists() {
        McpSession mcp = new McpSession(token).open();
        JsonPath check = ok(mcp.callTool("brain_check_prevention", Map.of("command", "rm -rf node_modules && npm install")));
        assertThat(check.getList("structuredContent.rules")).isNotNull();
        assertThat(check.getList("structuredContent.antipatterns")).isNotNull();
        assertThat(check.getString("content[0].text")).startsWith("No warning: checked command");

        long errorId = ok(mcp.callTool("brain_report_error", Map.of("error_output", NODE_ERROR)))
                .getLong("structuredContent.error_id");
        ok(mcp.callTool("brain_report_solution", Map.of("error_id", errorId, "title", "Guard user")));
        ok(mcp.callTool("brain_report_error", Map.of("error_output", NODE_ERROR)));

        JsonPath notes = ok(mcp.callTool("brain_notifications", Map.of()));
        assertThat(notes.getList("structuredContent.notifications.type")).contains("solution_available");
        JsonPath acknowledged = ok(mcp.callTool("brain_notifications", Map.of("acknowledge", true)));
        assertThat(acknowledged.getBoolean("structuredContent.acknowledged")).isTrue();
        JsonPath after = ok(mcp.callTool("brain_notifications", Map.of()));
        assertThat(after.getList("structuredContent.notifications")).isEmpty();
        assertThat(after.getString("content[0].text")).startsWith("No pending notifications");
    }

    @Test
    void badInputIsAToolErrorNamingTheField() {
        McpSession mcp = new McpSession(token).open();
        JsonPath missing = mcp.callTool("brain_report_error", Map.of("command", "make"));
        assertThat(missing.getBoolean("isError")).isTrue();
        assertThat(missing.getString("content[0].text")).contains("error_output");

        JsonPath blank = mcp.callTool("brain_report_error", Map.of("error_output", "   "));
        assertThat(blank.getBoolean("isError")).isTrue();
        assertThat(blank.getString("content[0].text")).startsWith("error_output:");

        JsonPath outcome = mcp.callTool("brain_rate_solution", Map.of("solution_id", 1, "error_id", 1, "outcome", "great"));
        assertThat(outcome.getBoolean("isError")).isTrue();
        assertThat(outcome.getString("content[0].text")).startsWith("outcome: 'great' is not one of success, failure, partial");

        JsonPath project = mcp.callTool("brain_query_error", Map.of("query", "x", "project", "no spaces please"));
        assertThat(project.getBoolean("isError")).isTrue();
        assertThat(project.getString("content[0].text")).startsWith("project:");

        JsonPath nothing = mcp.callTool("brain_check_prevention", Map.of());
        assertThat(nothing.getBoolean("isError")).isTrue();
        assertThat(nothing.getString("content[0].text")).contains("at least one of command, output, code");

        JsonPath unknown = mcp.callTool("brain_report_solution", Map.of("error_id", 987654321, "title", "x"));
        assertThat(unknown.getBoolean("isError")).isTrue();
        assertThat(unknown.getString("content[0].text")).contains("987654321");
    }

    @Test
    void anotherTenantSeesNothingOfTheseErrors() {
        McpSession mine = new McpSession(token).open();
        long errorId = ok(mine.callTool("brain_report_error", Map.of("error_output", NODE_ERROR)))
                .getLong("structuredContent.error_id");

        McpSession theirs = new McpSession(tokenOf("other-" + UUID.randomUUID().toString().substring(0, 8))).open();
        JsonPath query = ok(
                theirs.callTool("brain_query_error", Map.of("query", "TypeError: Cannot read properties of undefined")));
        assertThat(query.getList("structuredContent.results")).isEmpty();
        JsonPath solution = theirs.callTool("brain_report_solution", Map.of("error_id", errorId, "title", "steal it"));
        assertThat(solution.getBoolean("isError")).isTrue();
        JsonPath rate = theirs.callTool("brain_report_attempt", Map.of("error_id", errorId, "description", "peek"));
        assertThat(rate.getBoolean("isError")).isTrue();
    }

    @Test
    void restEquivalentsAnswerJsonAndText() {
        var auth = Map.of("Authorization", "Bearer " + token);
        long errorId = given().headers(auth).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("error_output", NODE_ERROR, "command", "node server.js", "exit_code", 1))
                .when().post("/api/v1/errors")
                .then().statusCode(200).body("error_type", equalTo("TypeError")).body("occurrences", equalTo(1))
                .extract().jsonPath().getLong("error_id");
        given().headers(auth).contentType(ContentType.JSON).accept(ContentType.TEXT)
                .body(Map.of("error_output", NODE_ERROR))
                .when().post("/api/v1/errors")
                .then().statusCode(200).contentType(startsWith("text/plain")).body(startsWith("**Error #" + errorId + "**"))
                .body(containsString("seen 2 times"));

        long solutionId = given().headers(auth).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("title", "Guard user", "steps", List.of("check user")))
                .when().post("/api/v1/errors/" + errorId + "/solutions")
                .then().statusCode(201).body("error_id", equalTo((int) errorId)).extract().jsonPath().getLong("solution_id");
        given().headers(auth).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("description", "restarted", "reason", "no change"))
                .when().post("/api/v1/errors/" + errorId + "/attempts")
                .then().statusCode(201).body("attempt_id", greaterThan(0));
        given().headers(auth).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("outcome", "success"))
                .when().post("/api/v1/errors/" + errorId + "/solutions/" + solutionId + "/outcomes")
                .then().statusCode(200).body("outcome", equalTo("success")).body("confidence", instanceOf(Float.class));

        given().headers(auth).accept(ContentType.JSON).queryParam("q", "Cannot read properties of undefined (reading 'name')")
                .when().get("/api/v1/errors")
                .then().statusCode(200).body("results.error_id", hasItem((int) errorId));
        given().headers(auth).accept(ContentType.TEXT).queryParam("q", "TypeError").queryParam("project_only", true)
                .when().get("/api/v1/errors")
                .then().statusCode(200).body(containsString("#" + errorId));
        given().headers(auth).accept(ContentType.JSON)
                .when().get("/api/v1/errors/" + errorId)
                .then().statusCode(200).body("solutions[0].solution_id", equalTo((int) solutionId))
                .body("attempts[0].description", equalTo("restarted"));
        given().headers(auth).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(Map.of("command", "npm install"))
                .when().post("/api/v1/prevention/check")
                .then().statusCode(200).body("rules", instanceOf(List.class)).body("antipatterns", instanceOf(List.class));
        given().headers(auth).accept(ContentType.JSON)
                .when().get("/api/v1/notifications")
                .then().statusCode(200).body("notifications", instanceOf(List.class));

        given().headers(auth).contentType(ContentType.JSON).accept(ContentType.JSON).body(Map.of("command", "make"))
                .when().post("/api/v1/errors")
                .then().statusCode(400).body("error", startsWith("error_output:"));
        given().headers(auth).accept(ContentType.JSON)
                .when().get("/api/v1/errors/987654321")
                .then().statusCode(404).body("error", containsString("987654321"));
        given().contentType(ContentType.JSON).body(Map.of("error_output", "x"))
                .when().post("/api/v1/errors").then().statusCode(401);
    }

    @Test
    void adminRunsTheErrorServiceJobs() {
        String tenant = "err-admin-" + UUID.randomUUID().toString().substring(0, 8);
        String admin = tokens.create(tenant, "shop", Set.of("read", "write", "admin"), "test");
        // retention and session clean-up work on every tenant's rows: scope system (auth/GlobalJobsScopeTest)
        String system = tokens.create(tenant, "shop", Set.of("system"), "test");
        for (String job : List.of("error/learning", "error/retention", "error/session-cleanup")) {
            given().header("Authorization", "Bearer " + (job.equals("error/learning") ? admin : system))
                    .when().post("/api/v1/admin/jobs/" + job)
                    .then().statusCode(200).body("job", equalTo(job)).body("status", org.hamcrest.Matchers.oneOf("DONE",
                            "SKIPPED_LOCKED", "SKIPPED_PRECONDITION"))
                    .body("counts", instanceOf(Map.class)).body("duration_ms", org.hamcrest.Matchers.notNullValue());
        }
        given().header("Authorization", "Bearer " + token).when().post("/api/v1/admin/jobs/error/learning")
                .then().statusCode(403);
    }
}
