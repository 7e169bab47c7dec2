package dev.brain.gateway.mcp;

import java.util.List;
import java.util.function.Function;

import dev.brain.gateway.errors.ErrorInputs.Who;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;

/** What every tool class needs: the MCP session of a call and a view turned into a tool result. */
final class ToolCalls {

    private ToolCalls() {
    }

    /** The MCP session id, the call's session key for {@link Who#of}; null without a connection. */
    static String session(McpConnection connection) {
        return connection == null ? null : connection.id();
    }

    /** A successful result: the rendered markdown as text and the view as structured content. */
    static <T> Function<T, ToolResponse> respond(Function<T, String> render) {
        return view -> new ToolResponse(false, List.of(new TextContent(render.apply(view))), view, null);
    }
}
