package dev.brain.bench;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The gateway's MCP endpoint as Claude Code speaks it: Streamable HTTP at {@code /mcp}, JSON-RPC 2.0, one session
 * ({@code initialize}, then {@code notifications/initialized}, then {@code tools/call}s carrying the
 * {@code Mcp-Session-Id}); answers come as JSON or as one server-sent event. The bearer token is the
 * {@link GatewayClient}'s.
 */
final class McpClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ACCEPT = "application/json, text/event-stream";

    private final GatewayClient gateway;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicInteger ids = new AtomicInteger();
    private final Duration timeout;
    private String sessionId;

    McpClient(GatewayClient gateway) {
        this(gateway, Duration.ofMinutes(2));
    }

    /** With {@code timeout} for each request (the soak's and the fault runs' clients wait 30 s at most). */
    McpClient(GatewayClient gateway, Duration timeout) {
        this.gateway = gateway;
        this.timeout = timeout;
    }

    /**
     * A call that did not succeed: {@code status} is the HTTP status (0 when the answer was a JSON-RPC error or a
     * tool error with HTTP 200); {@code sessionGone} when the gateway no longer knows the session (HTTP 404 on a
     * request that carried one, as after a restart of the gateway): the client must {@link #open()} again.
     */
    static final class CallFailed extends IllegalStateException {
        final int status;
        final boolean sessionGone;

        CallFailed(String message, int status, boolean sessionGone) {
            super(message);
            this.status = status;
            this.sessionGone = sessionGone;
        }
    }

    /** {@code initialize} and {@code notifications/initialized}: a new session (a second call replaces the first). */
    McpClient open() throws IOException, InterruptedException {
        sessionId = null;
        ObjectNode init = message("initialize");
        ObjectNode params = init.putObject("params").put("protocolVersion", "2025-06-18");
        params.putObject("capabilities");
        params.putObject("clientInfo").put("name", "brain-bench").put("version", "1");
        HttpResponse<String> response = post(init);
        if (response.statusCode() != 200) {
            throw new IllegalStateException("MCP initialize answered " + response.statusCode() + ": " + response.body());
        }
        sessionId = response.headers().firstValue("Mcp-Session-Id").orElse(null);
        ObjectNode initialized = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "notifications/initialized");
        int status = post(initialized).statusCode();
        if (status != 202 && status != 200) {
            throw new IllegalStateException("MCP notifications/initialized answered " + status);
        }
        return this;
    }

    /**
     * Calls a tool; its result ({@code content}, {@code structuredContent}, {@code isError}). A tool error
     * ({@code isError: true}) or a JSON-RPC error stops the section with the tool's one-line reason.
     */
    JsonNode callTool(String name, ObjectNode arguments) throws IOException, InterruptedException {
        ObjectNode call = message("tools/call");
        call.putObject("params").put("name", name).set("arguments", arguments);
        HttpResponse<String> response = post(call);
        if (response.statusCode() != 200) {
            throw new CallFailed(name + " answered HTTP " + response.statusCode() + ": " + oneLine(response.body()),
                    response.statusCode(), response.statusCode() == 404 && sessionId != null);
        }
        JsonNode message = JSON.readTree(body(response));
        if (message.has("error")) {
            throw new CallFailed(name + " answered a JSON-RPC error: " + oneLine(message.get("error").toString()), 0, false);
        }
        JsonNode result = message.path("result");
        if (result.path("isError").asBoolean(false)) {
            throw new CallFailed(
                    name + " answered a tool error: " + oneLine(result.path("content").path(0).path("text").asText()),
                    0, false);
        }
        return result;
    }

    private static String oneLine(String text) {
        String line = text.strip().replace('\n', ' ');
        return line.length() > 300 ? line.substring(0, 300) + " …" : line;
    }

    static ObjectNode arguments() {
        return JSON.createObjectNode();
    }

    private ObjectNode message(String method) {
        return JSON.createObjectNode().put("jsonrpc", "2.0").put("id", ids.incrementAndGet()).put("method", method);
    }

    private HttpResponse<String> post(ObjectNode message) throws IOException, InterruptedException {
        HttpRequest.Builder request = gateway.request("/mcp").timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", ACCEPT)
                .POST(HttpRequest.BodyPublishers.ofString(message.toString()));
        if (sessionId != null) {
            request.header("Mcp-Session-Id", sessionId);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The JSON of an answer, whether it came as plain JSON or as one server-sent event. */
    private static String body(HttpResponse<String> response) {
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (!type.startsWith("text/event-stream")) {
            return response.body();
        }
        StringBuilder data = new StringBuilder();
        for (String line : response.body().split("\n")) {
            if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            }
        }
        return data.toString();
    }
}
