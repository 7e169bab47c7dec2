package dev.brain.gateway.hooks;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/** Claude Code's PostToolUse hook JSON, as Claude Code sends it, against the real error-service. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class PostToolUseTest {

    static final String STDERR = """
            Traceback (most recent call last):
              File "/home/dev/inventory/sync.py", line 31, in <module>
                sync(load_config())
              File "/home/dev/inventory/sync.py", line 22, in sync
                stock = config["warehouse"]["stock"]
            KeyError: 'warehouse'
            """;

    @Inject
    ApiTokens tokens;

    @TempDir
    Path temp;

    private String token;

    @BeforeEach
    void tenant() {
        token = tokens.create("hook-" + UUID.randomUUID().toString().substring(0, 8), "default", Set.of("read", "write"), "test");
    }

    private static Map<String, Object> bash(String cwd, String command, String stdout, String stderr, Integer exitCode) {
        var response = new java.util.LinkedHashMap<String, Object>(Map.of("stdout", stdout, "stderr", stderr, "interrupted", false));
        if (exitCode != null) {
            response.put("exit_code", exitCode);
        }
        return Map.of("session_id", "0f8e6c1a-hook-test", "transcript_path", "/tmp/t.jsonl", "cwd", cwd,
                "hook_event_name", "PostToolUse", "tool_name", "Bash", "tool_input", Map.of("command", command),
                "tool_response", response);
    }

    private io.restassured.response.Response post(Object hook) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON).body(hook)
                .when().post("/hooks/post-tool-use");
    }

    @Test
    void anErrorWithAKnownSolutionGetsAOneLineHint() throws Exception {
        Path repo = Files.createDirectories(temp.resolve("inventory"));
        Files.createDirectories(repo.resolve(".git"));
        String cwd = Files.createDirectories(repo.resolve("scripts")).toString();

        // first time: reported, nothing known yet → empty answer
        post(bash(cwd, "python sync.py", "", STDERR, null)).then().statusCode(200).body(emptyString());

        JsonPath found = given().header("Authorization", "Bearer " + token).accept(ContentType.JSON)
                .queryParam("q", "KeyError: 'warehouse'").when().get("/api/v1/errors")
                .then().statusCode(200).extract().jsonPath();
        long errorId = found.getLong("results[0].error_id");
        assertThat(found.getString("results[0].project")).isEqualTo("inventory");
        long solutionId = given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .accept(ContentType.JSON).body(Map.of("title", "Add the warehouse section to config.yaml", "project", "inventory"))
                .when().post("/api/v1/errors/" + errorId + "/solutions")
                .then().statusCode(201).extract().jsonPath().getLong("solution_id");

        JsonPath hint = post(bash(cwd, "python sync.py", "", STDERR, 1)).then().statusCode(200)
                .body("hookSpecificOutput.hookEventName", equalTo("PostToolUse")).extract().jsonPath();
        assertThat(hint.getString("hookSpecificOutput.additionalContext"))
                .startsWith("Brain: known error #" + errorId + " (KeyError")
                .contains("solution #" + solutionId + " 'Add the warehouse section to config.yaml' (confidence 0.")
                .endsWith("see brain_query_error")
                .doesNotContain("\n");
    }

    @Test
    void outputThatIsNoErrorGetsAnEmptyAnswer() {
        post(bash("/tmp", "ls", "a.txt\nb.txt\n", "", 0)).then().statusCode(200).body(emptyString());
        post(bash("/tmp", "grep error log.txt", "error: disk full (from the log)", "", 0)).then().statusCode(200).body(emptyString());
        post(bash("/tmp", "ls", "a.txt\n", "", null)).then().statusCode(200).body(emptyString());
    }

    @Test
    void otherToolsGetAnEmptyAnswer() {
        post(Map.of("session_id", "s1", "cwd", "/tmp", "hook_event_name", "PostToolUse", "tool_name", "Write",
                "tool_input", Map.of("file_path", "/tmp/a.py", "content", "print(1)"),
                "tool_response", Map.of("filePath", "/tmp/a.py", "success", true)))
                .then().statusCode(200).body(emptyString());
        post(Map.of("unexpected", true)).then().statusCode(200).body(emptyString());
    }

    @Test
    void withoutTokenTheHookIsRefused() {
        given().contentType(ContentType.JSON).body(bash("/tmp", "false", "", STDERR, 1))
                .when().post("/hooks/post-tool-use").then().statusCode(401);
    }
}
