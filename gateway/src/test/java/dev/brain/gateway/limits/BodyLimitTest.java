package dev.brain.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.function.Supplier;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import dev.brain.gateway.support.McpSession;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * The 2 MiB request body limit ({@code quarkus.http.limits.max-body-size=2M}) at its edge on REST, hooks and MCP:
 * a body of exactly 2,097,152 bytes is taken and stored, one of 2,097,153 bytes is refused with 413 and stores
 * nothing. Each body is a valid request padded with JSON whitespace to the exact size; one tenant per test.
 */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class BodyLimitTest {

    static final int LIMIT = 2 * 1024 * 1024;
    static final String PROJECT = "limits";

    @Inject
    ApiTokens tokens;

    /** {@code json} (ASCII, ending in '}') padded with spaces before its last brace to exactly {@code bytes}. */
    static String padded(String json, int bytes) {
        int pad = bytes - json.getBytes(StandardCharsets.UTF_8).length;
        assertThat(pad).isNotNegative();
        String body = json.substring(0, json.length() - 1) + " ".repeat(pad) + "}";
        assertThat(body.getBytes(StandardCharsets.UTF_8)).hasSize(bytes);
        return body;
    }

    private String token(String name) {
        return tokens.create("body-limit-" + name + "-" + System.nanoTime(), PROJECT, Set.of("read", "write"), "test");
    }

    /** The project's stored errors, as brain_list_errors lists them. */
    private static int storedErrors(String token) {
        Response list = given().header("Authorization", "Bearer " + token).accept(ContentType.JSON)
                .queryParam("filter", "recent").queryParam("project", PROJECT)
                .when().get("/api/v1/errors");
        if (list.statusCode() == 404) {
            return 0; // an unknown project has no errors
        }
        assertThat(list.statusCode()).as(list.asString()).isEqualTo(200);
        return list.jsonPath().getList("errors").size();
    }

    private static Response post(String token, String path, String body) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .accept(ContentType.JSON).body(body.getBytes(StandardCharsets.UTF_8)).when().post(path);
    }

    /**
     * The answer to a body over the limit. The gateway answers 413 as soon as the limit is passed and closes the
     * connection; a client still writing the rest may see that close first ("Broken pipe") instead of the answer.
     * That race is the client's, so the request is sent again (at most 5 times) until the answer is read.
     */
    private static Response answered(Supplier<Response> request) {
        for (int attempt = 1;; attempt++) {
            try {
                return request.get();
            } catch (Exception failure) { // RestAssured throws the SocketException itself, undeclared
                if (attempt == 5 || !(failure instanceof SocketException || failure.getCause() instanceof SocketException)) {
                    throw new AssertionError("the request over the limit was not answered", failure);
                }
            }
        }
    }

    @Test
    void restTakesABodyOfExactly2MiBAndRefusesOneByteMoreStoringNothing() {
        String token = token("rest");
        String json = "{\"error_output\":\"KeyError: 'body_limit_rest'\",\"command\":\"python3 app.py\",\"exit_code\":1}";

        Response over = answered(() -> post(token, "/api/v1/errors", padded(json, LIMIT + 1)));
        assertThat(over.statusCode()).isEqualTo(413);
        assertThat(storedErrors(token)).isZero();

        Response at = post(token, "/api/v1/errors", padded(json, LIMIT));
        assertThat(at.statusCode()).isEqualTo(200);
        assertThat(at.jsonPath().getLong("error_id")).isPositive();
        assertThat(storedErrors(token)).isEqualTo(1);
    }

    @Test
    void aHookTakesABodyOfExactly2MiBAndRefusesOneByteMoreStoringNothing() {
        String token = token("hook");
        String json = "{\"brain_project\":\"" + PROJECT + "\",\"session_id\":\"body-limit\",\"cwd\":\"/tmp/limits\","
                + "\"hook_event_name\":\"PostToolUseFailure\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"python3 app.py\"},"
                + "\"error\":\"Exit code 1\\nKeyError: 'body_limit_hook'\",\"is_interrupt\":false}";

        assertThat(answered(() -> post(token, "/hooks/post-tool-use-failure", padded(json, LIMIT + 1))).statusCode())
                .isEqualTo(413);
        assertThat(storedErrors(token)).isZero();

        assertThat(post(token, "/hooks/post-tool-use-failure", padded(json, LIMIT)).statusCode()).isEqualTo(200);
        assertThat(storedErrors(token)).isEqualTo(1);
    }

    @Test
    void mcpTakesABodyOfExactly2MiBAndRefusesOneByteMoreStoringNothing() {
        String token = token("mcp");
        Response init = given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .accept(McpSession.ACCEPT)
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"body-limit\",\"version\":\"1\"}}}")
                .when().post("/mcp");
        assertThat(init.statusCode()).isEqualTo(200);
        String session = init.header("Mcp-Session-Id");
        given().header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session).contentType(ContentType.JSON)
                .accept(McpSession.ACCEPT).body("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                .when().post("/mcp");
        String json = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"brain_report_error\","
                + "\"arguments\":{\"error_output\":\"KeyError: 'body_limit_mcp'\",\"project\":\"" + PROJECT + "\"}}}";

        Response over = answered(() -> given().header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session)
                .contentType(ContentType.JSON).accept(McpSession.ACCEPT)
                .body(padded(json, LIMIT + 1).getBytes(StandardCharsets.UTF_8)).when().post("/mcp"));
        assertThat(over.statusCode()).isEqualTo(413);
        assertThat(storedErrors(token)).isZero();

        Response at = given().header("Authorization", "Bearer " + token).header("Mcp-Session-Id", session)
                .contentType(ContentType.JSON).accept(McpSession.ACCEPT)
                .body(padded(json, LIMIT).getBytes(StandardCharsets.UTF_8)).when().post("/mcp");
        assertThat(at.statusCode()).isEqualTo(200);
        assertThat(at.asString()).contains("body_limit_mcp").doesNotContain("\"isError\":true");
        assertThat(storedErrors(token)).isEqualTo(1);
    }
}
