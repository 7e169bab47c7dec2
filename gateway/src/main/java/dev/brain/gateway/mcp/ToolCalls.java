package dev.brain.gateway.mcp;

import java.util.List;
import java.util.function.Function;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;

/** What every tool class needs: who calls (tenant, project, MCP session) and a view turned into a tool result. */
final class ToolCalls {

    private ToolCalls() {
    }

    /** The caller's tenant, the {@code project} argument (else the token's default project) and the MCP session. */
    static Who who(Caller c, String project, McpConnection connection) {
        return new Who(c.tenant(), ErrorInputs.project(project, c.defaultProject()),
                ErrorInputs.session(connection == null ? null : connection.id()));
    }

    /** A successful result: the rendered markdown as text and the view as structured content. */
    static <T> Function<T, ToolResponse> respond(Function<T, String> render) {
        return view -> new ToolResponse(false, List.of(new TextContent(render.apply(view))), view, null);
    }
}
