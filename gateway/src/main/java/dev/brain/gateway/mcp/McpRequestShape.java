package dev.brain.gateway.mcp;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.Json;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * A {@code POST /mcp} body that is JSON but no JSON-RPC message ({@code null}, {@code []}, {@code 42}, {@code "x"})
 * made the MCP server fail with a bare 500. This route, after authentication and before the MCP server's, reads the
 * body (Vert.x's body handler, with the gateway's body limit; the MCP route's own body handler then finds it read)
 * and answers such a body the way JSON-RPC 2.0 says: 400 with an error object, {@code -32700} for a body that is not
 * JSON, {@code -32600} for one that is no message. A message goes on to the MCP server unchanged.
 */
@ApplicationScoped
class McpRequestShape {

    /** After authentication (-200) and the permission check (-100), before the MCP server's route. */
    static final int ORDER = -50;

    void install(@Observes Router router) {
        long limit = ConfigProvider.getConfig().getValue("quarkus.http.limits.max-body-size", MemorySize.class).asLongValue();
        router.route(HttpMethod.POST, "/mcp").order(ORDER).handler(BodyHandler.create(false).setBodyLimit(limit))
                .handler(McpRequestShape::check);
    }

    static void check(RoutingContext ctx) {
        Buffer body = ctx.body() == null ? null : ctx.body().buffer();
        String problem = body == null ? null : problem(body);
        if (problem == null) {
            ctx.next();
            return;
        }
        JsonObject error = new JsonObject().put("jsonrpc", "2.0").putNull("id").put("error",
                new JsonObject().put("code", problem.startsWith("Parse") ? -32700 : -32600).put("message", problem));
        ctx.response().setStatusCode(400).putHeader("Content-Type", "application/json").end(error.toBuffer());
    }

    /** What is wrong with a body as a JSON-RPC message, or null when it is one (a request object or a non-empty batch). */
    static String problem(Buffer body) {
        for (int i = 0; i < body.length(); i++) {
            byte b = body.getByte(i);
            if (b == '{') {
                return null; // an object (or broken JSON, which the MCP server answers with -32700): not parsed twice
            }
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                break;
            }
        }
        Object json;
        try {
            json = Json.decodeValue(body);
        } catch (DecodeException e) {
            return "Parse error: the body is not JSON";
        }
        if (json instanceof JsonObject || json instanceof JsonArray batch && !batch.isEmpty()
                && batch.stream().allMatch(JsonObject.class::isInstance)) {
            return null;
        }
        return "Invalid Request: the body must be a JSON-RPC message object (or a non-empty array of them), not "
                + (json == null ? "null"
                        : json instanceof JsonArray a && a.isEmpty() ? "an empty array"
                                : "this " + json.getClass().getSimpleName());
    }
}
