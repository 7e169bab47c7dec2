package dev.brain.gateway.support;

import static io.restassured.RestAssured.given;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/** A minimal MCP client over Streamable HTTP (JSON-RPC 2.0), as Claude Code speaks it. */
public final class McpSession {

    public static final String ACCEPT = "application/json, text/event-stream";

    private final String token;
    private final AtomicInteger ids = new AtomicInteger();
    private String sessionId;

    public McpSession(String token) {
        this.token = token;
    }

    /** {@code initialize} then {@code notifications/initialized}. */
    public McpSession open() {
        Response init = post(Map.of("jsonrpc", "2.0", "id", ids.incrementAndGet(), "method", "initialize", "params",
                Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                        "clientInfo", Map.of("name", "brain-test", "version", "1"))));
        if (init.statusCode() != 200) {
            throw new AssertionError("initialize answered " + init.statusCode() + ": " + init.asString());
        }
        sessionId = init.header("Mcp-Session-Id");
        int status = post(Map.of("jsonrpc", "2.0", "method", "notifications/initialized")).statusCode();
        if (status != 202 && status != 200) {
            throw new AssertionError("notifications/initialized answered " + status);
        }
        return this;
    }

    /** A request; returns its JSON-RPC {@code result} (or the whole message when there is none). */
    public JsonPath request(String method, Map<String, Object> params) {
        Response response = post(Map.of("jsonrpc", "2.0", "id", ids.incrementAndGet(), "method", method, "params", params));
        if (response.statusCode() != 200) {
            throw new AssertionError(method + " answered " + response.statusCode() + ": " + response.asString());
        }
        JsonPath message = new JsonPath(body(response));
        return message.get("result") != null ? message.setRootPath("result") : message;
    }

    public JsonPath callTool(String name, Map<String, Object> arguments) {
        return request("tools/call", Map.of("name", name, "arguments", arguments));
    }

    public Response post(Map<String, Object> message) {
        var request = given().contentType(ContentType.JSON).accept(ACCEPT).body(message);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        return request.when().post("/mcp");
    }

    /** A body sent as it is, JSON-RPC or not, in the session. */
    public Response postRaw(String body) {
        var request = given().contentType(ContentType.JSON).accept(ACCEPT)
                .body(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        return request.when().post("/mcp");
    }

    /** The JSON of a response, whether it came as plain JSON or as one server-sent event. */
    public static String body(Response response) {
        String body = response.asString();
        String type = response.contentType();
        if (type == null || !type.startsWith("text/event-stream")) {
            return body;
        }
        StringBuilder data = new StringBuilder();
        for (String line : body.split("\n")) {
            if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
        return data.toString();
    }
}
