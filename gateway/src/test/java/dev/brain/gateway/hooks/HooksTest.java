package dev.brain.gateway.hooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyString;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * The four hook endpoints with Claude Code's real payloads ({@code src/test/resources/claude-code}, captured from
 * the CLI 2.1.332) against the real error-service; every answer is asserted as the exact JSON the CLI reads.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class HooksTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ApiTokens tokens;

    private String token;

    @BeforeEach
    void tenant() {
        token = tokens.create("hooks-" + UUID.randomUUID().toString().substring(0, 8), "default", Set.of("read", "write"),
                "test");
    }

    static ObjectNode payload(String name) {
        try (InputStream in = HooksTest.class.getResourceAsStream("/claude-code/" + name)) {
            return (ObjectNode) JSON.readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private io.restassured.response.Response hook(String endpoint, JsonNode payload) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).body(payload.toString())
                .when().post("/hooks/" + endpoint);
    }

    /** The answer as JSON, compared whole. */
    private JsonNode answer(String endpoint, JsonNode payload) throws IOException {
        String body = hook(endpoint, payload).then().statusCode(200).extract().asString();
        assertThat(body).as("an answer").isNotEmpty();
        return JSON.readTree(body);
    }

    private static JsonNode context(String event, String text) {
        ObjectNode answer = JSON.createObjectNode();
        answer.putObject("hookSpecificOutput").put("hookEventName", event).put("additionalContext", text);
        return answer;
    }

    private JsonPath get(String path, Object... query) {
        var request = given().header("Authorization", "Bearer " + token).accept(ContentType.JSON);
        for (int i = 0; i < query.length; i += 2) {
            request.queryParam((String) query[i], query[i + 1]);
        }
        return request.when().get(path).then().statusCode(200).extract().jsonPath();
    }

    private JsonPath post(String path, Object body, int status) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).accept(ContentType.JSON)
                .body(body).when().post(path).then().statusCode(status).extract().jsonPath();
    }

    private List<Map<String, Object>> unresolved(String project) {
        return get("/api/v1/errors", "filter", "unresolved", "project", project).getList("errors");
    }

    /** Imports one tenant-wide rule for {@code command} (brain-errors JSON lines) and returns its id. */
    private long importRule(String command) {
        String lines = """
                {"kind":"header","format":"brain-errors","version":1}
                {"kind":"rule","id":1,"dedup_key":"%s","name":"Set ORDERS_URL before running the app",
                 "description":"the app reads orders from ORDERS_URL","error_type":"KeyError","required_tokens":[],
                 "file_extensions":[],"commands":["%s"],
                 "action":{"type":"apply_solution","solution_ids":[],"message":"export ORDERS_URL first"},
                 "rule_type":"warning","base_successes":7,"base_total":10,"confidence":0.7,"trigger_count":0,
                 "success_count":0,"rejection_count":0,"active":true,"source_error_ids":[],
                 "last_evidence_at":"2026-11-01T00:00:00Z","created_at":"2026-11-01T00:00:00Z",
                 "updated_at":"2026-11-01T00:00:00Z"}
                """.formatted("a".repeat(64), command).replaceAll("\n ", " ");
        given().header("Authorization", "Bearer " + token).contentType("application/x-ndjson")
                .body(lines.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/api/v1/errors/import").then().statusCode(200);
        return get("/api/v1/rules").getLong("rules[0].rule_id");
    }

    @Test
    void aFailingCommandIsRecordedUnderTheProjectAndItsSolutionAndFailedAttemptsComeBack() throws Exception {
        ObjectNode failure = payload("PostToolUseFailure-Bash.json");
        // first time: recorded, nothing known yet → nothing to say
        hook("post-tool-use-failure", failure).then().statusCode(200).body(emptyString());
        List<Map<String, Object>> errors = unresolved("shop");
        assertThat(errors).hasSize(1);
        long errorId = ((Number) errors.get(0).get("error_id")).longValue();
        assertThat(errors.get(0)).containsEntry("error_type", "KeyError").containsEntry("message", "'customer_ref'")
                .containsEntry("occurrences", 1);
        // the exit-code line is not part of the recorded output
        assertThat(get("/api/v1/errors/" + errorId).getString("raw_output")).startsWith("processing order 42\nTraceback");

        long solutionId = post("/api/v1/errors/" + errorId + "/solutions", Map.of("title", "Use order.get('customer_ref')",
                "steps", List.of("Replace order[\"customer_ref\"] with order.get(\"customer_ref\")", "Handle None"),
                "project", "shop"), 201).getLong("solution_id");
        post("/api/v1/errors/" + errorId + "/attempts", Map.of("description", "Added customer_ref to the test fixture",
                "reason", "live orders still lack it", "project", "shop"), 201);

        // again: the error was resolved by the solution, so it is reopened, and the answer says how to fix it
        assertThat(answer("post-tool-use-failure", failure)).isEqualTo(context("PostToolUseFailure",
                "Brain: error #" + errorId + " was resolved and is back (KeyError: 'customer_ref', seen 2×) — solution #"
                        + solutionId + " \"Use order.get('customer_ref')\" (confidence 0.21), first step: Replace "
                        + "order[\"customer_ref\"] with order.get(\"customer_ref\"); tried: Added customer_ref to the "
                        + "test fixture — failed because live orders still lack it. More: brain_get_error " + errorId + "."));
        assertThat(unresolved("shop")).singleElement().satisfies(e -> assertThat(e).containsEntry("occurrences", 2));
        // the reopening is visible to the project
        assertThat(get("/api/v1/notifications", "project", "shop").getList("notifications.type")).contains("error_reopened");

        // once more: now a known, unresolved error
        assertThat(answer("post-tool-use-failure", failure).at("/hookSpecificOutput/additionalContext").asText())
                .startsWith(
                        "Brain: known error #" + errorId + " (KeyError: 'customer_ref', seen 3×) — solution #" + solutionId);
    }

    @Test
    void anInterruptedCommandAndOtherToolsAreNotRecorded() {
        ObjectNode interrupted = payload("PostToolUseFailure-Bash.json").put("is_interrupt", true);
        hook("post-tool-use-failure", interrupted).then().statusCode(200).body(emptyString());
        ObjectNode other = payload("PostToolUseFailure-Bash.json").put("tool_name", "Read");
        hook("post-tool-use-failure", other).then().statusCode(200).body(emptyString());
        assertThat(unresolved("shop")).isEmpty();
    }

    @Test
    void aSuccessfulCommandIsNeverRecordedEvenWhenItsOutputSaysError() {
        hook("post-tool-use", payload("PostToolUse-Bash-success.json")).then().statusCode(200).body(emptyString());
        ObjectNode grep = payload("PostToolUse-Bash-success.json");
        ((ObjectNode) grep.path("tool_input")).put("command", "grep -rn \"error:\" logs/");
        ((ObjectNode) grep.path("tool_response")).put("stdout",
                "logs/a.log:3: error: disk full\nTraceback (most recent call last):");
        hook("post-tool-use", grep).then().statusCode(200).body(emptyString());
        hook("post-tool-use", payload("PostToolUse-mcp-tool.json")).then().statusCode(200).body(emptyString());
        assertThat(get("/api/v1/errors", "filter", "recent").getList("errors")).isEmpty();
    }

    @Test
    void sessionStartAnswersTheProjectsDigest() throws Exception {
        ObjectNode start = payload("SessionStart.json");
        // nothing known about the project → nothing to say
        hook("session-start", start).then().statusCode(200).body(emptyString());

        hook("post-tool-use-failure", payload("PostToolUseFailure-Bash.json")).then().statusCode(200);
        long errorId = ((Number) unresolved("shop").get(0).get("error_id")).longValue();
        assertThat(answer("session-start", start)).isEqualTo(context("SessionStart", "Brain, project shop: 1 unresolved "
                + "error: #" + errorId + " KeyError: 'customer_ref' (1×). Details: brain_get_error ID."));

        // the hook script's brain_project names the project, whatever the directory is called
        ObjectNode elsewhere = payload("SessionStart.json").put("cwd", "/home/dev/src/shop-feature-x")
                .put("brain_project", "shop");
        assertThat(answer("session-start", elsewhere).at("/hookSpecificOutput/additionalContext").asText())
                .contains("#" + errorId + " KeyError");
        // another project of the same tenant has nothing
        hook("session-start", payload("SessionStart.json").put("cwd", "/home/dev/src/other")).then().statusCode(200)
                .body(emptyString());
    }

    @Test
    void theDigestStaysWithin600Characters() throws Exception {
        ObjectNode failure = payload("PostToolUseFailure-Bash.json");
        for (int i = 0; i < 6; i++) {
            failure.put("error", "Exit code 1\nTraceback (most recent call last):\n  File \"/home/dev/src/shop/m" + i
                    + ".py\", line 1, in <module>\nValueError: a rather long message number " + i + " " + "x".repeat(90));
            hook("post-tool-use-failure", failure).then().statusCode(200);
        }
        String digest = answer("session-start", payload("SessionStart.json")).at("/hookSpecificOutput/additionalContext")
                .asText();
        assertThat(digest).startsWith("Brain, project shop: the 5 most frequent unresolved errors: #")
                .hasSizeLessThanOrEqualTo(600);
    }

    @Test
    void preToolUseWarnsWithTheRuleAndAsksOnlyForABlockingRule() throws Exception {
        ObjectNode pre = payload("PreToolUse-Bash.json");
        // no rule → nothing to say
        hook("pre-tool-use", pre).then().statusCode(200).body(emptyString());

        long ruleId = importRule("python3 app.py");
        String warning = "Brain warning (rule #" + ruleId + ", confidence 0.70): Set ORDERS_URL before running the app — "
                + "export ORDERS_URL first. If it does not apply: brain_rule_feedback rule_id=" + ruleId
                + " outcome=false_alarm.";
        assertThat(answer("pre-tool-use", pre)).isEqualTo(context("PreToolUse", warning));
        // another command → nothing
        ObjectNode other = payload("PreToolUse-Bash.json");
        ((ObjectNode) other.path("tool_input")).put("command", "ls -la");
        hook("pre-tool-use", other).then().statusCode(200).body(emptyString());

        // a person marks the rule blocking: the hook now asks before the command runs
        JsonPath rule = post("/api/v1/rules/" + ruleId + "/feedback", Map.of("blocking", true), 200);
        assertThat(rule.getBoolean("blocking")).isTrue();
        String blocking = warning.replace("confidence 0.70)", "confidence 0.70, blocking)");
        ObjectNode expected = JSON.createObjectNode();
        expected.putObject("hookSpecificOutput").put("hookEventName", "PreToolUse").put("permissionDecision", "ask")
                .put("permissionDecisionReason", blocking).put("additionalContext", blocking);
        assertThat(answer("pre-tool-use", pre)).isEqualTo(expected);
    }

    @Test
    void writtenCodeThatAnEarlierFixRemovedIsPointedOut() throws Exception {
        hook("post-tool-use-failure", payload("PostToolUseFailure-Bash.json")).then().statusCode(200);
        long errorId = ((Number) unresolved("shop").get(0).get("error_id")).longValue();
        long solutionId = post("/api/v1/errors/" + errorId + "/solutions", Map.of("title", "Use order.get",
                "diff", "--- a/app.py\n+++ b/app.py\n-    print(\"customer:\", order[\"customer_ref\"])\n"
                        + "+    print(\"customer:\", order.get(\"customer_ref\"))\n",
                "project", "shop"), 201)
                .getLong("solution_id");
        // two more successes lift the solution's confidence over the 0.3 that removed-line warnings need
        for (int i = 0; i < 2; i++) {
            post("/api/v1/errors/" + errorId + "/solutions/" + solutionId + "/outcomes",
                    Map.of("outcome", "success", "project", "shop"), 200);
        }
        ObjectNode write = JSON.createObjectNode().put("session_id", "s-write").put("cwd", "/home/dev/src/shop")
                .put("hook_event_name", "PostToolUse").put("tool_name", "Write");
        write.putObject("tool_input").put("file_path", "/home/dev/src/shop/report.py")
                .put("content", "def report(order):\n    print(\"customer:\", order[\"customer_ref\"])\n");
        // the prevention line first; code intelligence adds its own line (this small module looks reusable)
        JsonNode answer = answer("post-tool-use", write);
        assertThat(answer.at("/hookSpecificOutput/hookEventName").asText()).isEqualTo("PostToolUse");
        assertThat(answer.at("/hookSpecificOutput/additionalContext").asText()).startsWith("Brain: `print(\"customer:\", "
                + "order[\"customer_ref\"])`: this line was removed by solution #" + solutionId + " to fix error #"
                + errorId + ".\nBrain: report.py looks reusable (");
    }

    @Test
    void anotherTenantSeesNothingOfThisOne() throws Exception {
        hook("post-tool-use-failure", payload("PostToolUseFailure-Bash.json")).then().statusCode(200);
        importRule("python3 app.py");
        token = tokens.create("hooks-other-" + UUID.randomUUID().toString().substring(0, 8), "default",
                Set.of("read", "write"), "test");
        hook("session-start", payload("SessionStart.json")).then().statusCode(200).body(emptyString());
        hook("pre-tool-use", payload("PreToolUse-Bash.json")).then().statusCode(200).body(emptyString());
        hook("post-tool-use-failure", payload("PostToolUseFailure-Bash.json")).then().statusCode(200).body(emptyString());
    }

    // --- the session trail (docs/errors.md "Session trail") --------------------------------------------------------

    static final String FIX_TITLE = "app.py:5: return order[\"customer_ref\"] → return order.get(\"customer_ref\", 0)";

    /** A payload of the captured session that fails, reads, edits and succeeds, as session {@code session} in {@code cwd}. */
    static ObjectNode step(String name, String session, String cwd) {
        String text = payload("session-fix/" + name).toString().replace("/home/dev/src/shop", cwd)
                .replace("2c46dbc3-3b6a-4673-b4ed-b3e86f11194a", session);
        try {
            return (ObjectNode) JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The endpoint Claude Code's hook script posts an event to. */
    static String endpoint(JsonNode payload) {
        return switch (payload.path("hook_event_name").asText()) {
            case "PreToolUse" -> "pre-tool-use";
            case "PostToolUseFailure" -> "post-tool-use-failure";
            default -> "post-tool-use";
        };
    }

    /** Posts the steps in order; the answer of the last one (its body, "" when empty). */
    private String replay(ObjectNode... steps) {
        String last = "";
        for (ObjectNode step : steps) {
            last = hook(endpoint(step), step).then().statusCode(200).extract().asString();
        }
        return last;
    }

    private String session() {
        return UUID.randomUUID().toString();
    }

    /** The whole captured session (8 payloads): fail → Read → Edit → the same command succeeds. */
    private String fixSession(String session, String cwd) {
        return replay(step("01-PreToolUse-Bash.json", session, cwd), step("02-PostToolUseFailure-Bash.json", session, cwd),
                step("03-PreToolUse-Read.json", session, cwd), step("04-PostToolUse-Read.json", session, cwd),
                step("05-PreToolUse-Edit.json", session, cwd), step("06-PostToolUse-Edit.json", session, cwd),
                step("07-PreToolUse-Bash.json", session, cwd), step("08-PostToolUse-Bash.json", session, cwd));
    }

    @Test
    void theCapturedSessionThatFixesItsOwnFailureTeachesTheFixAndAnotherProjectIsToldIt() throws Exception {
        String answer = fixSession(session(), "/home/dev/src/shop");
        List<Map<String, Object>> recent = get("/api/v1/errors", "filter", "recent", "project", "shop").getList("errors");
        long errorId = ((Number) recent.get(0).get("error_id")).longValue();
        JsonPath error = get("/api/v1/errors/" + errorId);
        long solutionId = error.getLong("solutions[0].solution_id");
        assertThat(JSON.readTree(answer)).isEqualTo(context("PostToolUse", "Brain: learned the fix of error #" + errorId
                + " from this session and saved it as solution #" + solutionId + " \"" + FIX_TITLE
                + "\" (no need to report it)."));
        assertThat(error.getBoolean("resolved")).isTrue();
        assertThat(error.getString("solutions[0].source")).isEqualTo("observed");
        assertThat(error.getString("solutions[0].title")).isEqualTo(FIX_TITLE);
        assertThat(error.getString("solutions[0].diff")).isEqualTo("--- a/app.py\n+++ b/app.py\n@@ -2,6 +2,6 @@\n \n"
                + " def main():\n     print(\"processing\", order[\"id\"])\n-    return order[\"customer_ref\"]\n"
                + "+    return order.get(\"customer_ref\", 0)\n \n main()\n");
        assertThat(error.getInt("solutions[0].successes")).isEqualTo(1);
        assertThat(error.getInt("solutions[0].observed_successes")).isEqualTo(1);

        // the same failure in a second project: its hook answer names that fix
        ObjectNode elsewhere = step("02-PostToolUseFailure-Bash.json", session(), "/home/dev/src/shop-2");
        String hint = answer("post-tool-use-failure", elsewhere).at("/hookSpecificOutput/additionalContext").asText();
        assertThat(hint).startsWith("Brain: similar to error #" + errorId + " (KeyError: 'customer_ref', project shop,")
                .contains("— solution #" + solutionId + " \"" + FIX_TITLE + "\" (confidence ")
                .contains("; worked 1× in project shop)");
    }

    @Test
    void anEditThatDoesNotHelpIsAFailedAttemptThatTheNextFailureNames() throws Exception {
        String s = session();
        String cwd = "/home/dev/src/shop";
        ObjectNode unhelpful = step("06-PostToolUse-Edit.json", s, cwd);
        ArrayNode lines = (ArrayNode) unhelpful.path("tool_response").path("structuredPatch").path(0).path("lines");
        lines.removeAll();
        for (String line : List.of(" ", " def main():", "-    print(\"processing\", order[\"id\"])",
                "+    print(\"processing order\", order[\"id\"])", "     return order[\"customer_ref\"]", " ", " main()")) {
            lines.add(line);
        }
        String hint = replay(step("02-PostToolUseFailure-Bash.json", s, cwd), unhelpful,
                step("02-PostToolUseFailure-Bash.json", s, cwd));
        long errorId = ((Number) unresolved("shop").get(0).get("error_id")).longValue();
        assertThat(JSON.readTree(hint)).isEqualTo(context("PostToolUseFailure", "Brain: known error #" + errorId
                + " (KeyError: 'customer_ref', seen 2×) — no known solution yet; tried: app.py:4: print(\"processing\","
                + " order[\"id\"]) → print(\"processing order\", order[\"id\"]) — still failing: KeyError: 'customer_ref'."
                + " More: brain_get_error " + errorId + "."));
        assertThat(get("/api/v1/errors/" + errorId).getString("attempts[0].source")).isEqualTo("observed");
    }

    @Test
    void theOfferedFixAppliedAndTheCommandSucceedingCountsOneMoreSuccess() throws Exception {
        String cwd = "/home/dev/src/shop";
        fixSession(session(), cwd);
        long errorId = get("/api/v1/errors", "filter", "recent", "project", "shop").getLong("errors[0].error_id");
        long solutionId = get("/api/v1/errors/" + errorId).getLong("solutions[0].solution_id");

        // another session: the error is back, the answer offers the fix, the agent applies it and the command works
        String s = session();
        String offered = JSON.readTree(replay(step("02-PostToolUseFailure-Bash.json", s, cwd)))
                .at("/hookSpecificOutput/additionalContext").asText();
        assertThat(offered).contains("solution #" + solutionId + " \"" + FIX_TITLE + "\" (confidence")
                .contains("worked 1× in this project");
        String answer = replay(step("06-PostToolUse-Edit.json", s, cwd), step("08-PostToolUse-Bash.json", s, cwd));
        assertThat(JSON.readTree(answer)).isEqualTo(context("PostToolUse", "Brain: solution #" + solutionId
                + " fixed error #" + errorId + " again; its confidence went up."));
        JsonPath error = get("/api/v1/errors/" + errorId);
        assertThat(error.getList("solutions")).hasSize(1);
        assertThat(error.getInt("solutions[0].successes")).isEqualTo(2);
        assertThat(error.getInt("solutions[0].observed_successes")).isEqualTo(2);

        // the lift of the project: one failure of a known error with a fix offered, fixed; none came back
        JsonPath status = get("/api/v1/status", "project", "shop");
        assertThat(status.getString("project_lift.scope")).isEqualTo("project shop");
        assertThat(status.getLong("project_lift.offered.failures")).isEqualTo(1);
        assertThat(status.getLong("project_lift.offered.succeeded")).isEqualTo(1);
        assertThat(status.getLong("project_lift.offered.recurred")).isZero();
        assertThat(status.getLong("project_lift.not_offered.failures")).isZero();
        assertThat(status.getLong("lift.offered.failures")).isEqualTo(1);
    }

    @Test
    void noFixIsLearnedAcrossAnEditOutsideTheTreeANeverLearnFileOrAnInterruptedRun() throws Exception {
        String cwd = "/home/dev/src/shop";
        // an edit outside the project's working tree is no part of the trail: the success after it teaches nothing
        String outside = session();
        ObjectNode bashrc = step("06-PostToolUse-Edit.json", outside, cwd);
        ((ObjectNode) bashrc.path("tool_input")).put("file_path", "/home/dev/.bashrc");
        assertThat(replay(step("02-PostToolUseFailure-Bash.json", outside, cwd), bashrc,
                step("08-PostToolUse-Bash.json", outside, cwd))).isEmpty();
        long errorId = ((Number) unresolved("shop").get(0).get("error_id")).longValue();
        assertThat(get("/api/v1/errors/" + errorId).getList("solutions")).isEmpty();

        // the fix next to an edit of .env: nothing is learned across the never-learn file
        String secret = session();
        ObjectNode env = step("06-PostToolUse-Edit.json", secret, cwd);
        ((ObjectNode) env.path("tool_input")).put("file_path", cwd + "/.env");
        assertThat(replay(step("02-PostToolUseFailure-Bash.json", secret, cwd), step("06-PostToolUse-Edit.json", secret,
                cwd), env, step("08-PostToolUse-Bash.json", secret, cwd))).isEmpty();
        assertThat(get("/api/v1/errors/" + errorId).getList("solutions")).isEmpty();

        // an interrupted run is no success; the real one after it is
        String interrupted = session();
        ObjectNode stopped = step("08-PostToolUse-Bash.json", interrupted, cwd);
        ((ObjectNode) stopped.path("tool_response")).put("interrupted", true);
        assertThat(replay(step("02-PostToolUseFailure-Bash.json", interrupted, cwd),
                step("06-PostToolUse-Edit.json", interrupted, cwd), stopped)).isEmpty();
        assertThat(get("/api/v1/errors/" + errorId).getList("solutions")).isEmpty();
        assertThat(replay(step("08-PostToolUse-Bash.json", interrupted, cwd))).contains("learned the fix of error #" + errorId);
    }

    @Test
    void theDigestOfAProjectLeavesOutAnotherProjectsBroadcasts() throws Exception {
        // the same failure in alpha and then in beta: a tenant-wide error_recurring notification about both
        hook("post-tool-use-failure", payload("PostToolUseFailure-Bash.json").put("cwd", "/home/dev/src/alpha"))
                .then().statusCode(200);
        hook("post-tool-use-failure", payload("PostToolUseFailure-Bash.json").put("cwd", "/home/dev/src/beta"))
                .then().statusCode(200);
        assertThat(get("/api/v1/notifications").getList("notifications.type")).contains("error_recurring");

        // a brand-new project hears nothing of it; alpha, where the error occurs, does
        hook("session-start", payload("SessionStart.json").put("cwd", "/home/dev/src/gamma")).then().statusCode(200)
                .body(emptyString());
        assertThat(answer("session-start", payload("SessionStart.json").put("cwd", "/home/dev/src/alpha"))
                .at("/hookSpecificOutput/additionalContext").asText()).contains("1 notification (Error recurring across"
                        + " projects: KeyError");
    }

    @Test
    void withoutTokenEveryHookIsRefused() {
        for (String endpoint : List.of("session-start", "pre-tool-use", "post-tool-use-failure", "post-tool-use")) {
            given().contentType(ContentType.JSON).body(payload("SessionStart.json").toString())
                    .when().post("/hooks/" + endpoint).then().statusCode(401);
        }
    }

    @Test
    void unusableInputGetsAnEmptyAnswer() {
        for (String endpoint : List.of("session-start", "pre-tool-use", "post-tool-use-failure", "post-tool-use")) {
            given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).body("[1,2]")
                    .when().post("/hooks/" + endpoint).then().statusCode(200).body(emptyString());
        }
    }
}
