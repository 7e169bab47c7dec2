package dev.brain.gateway.mcp;

import java.util.List;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.status.StatusRenderer;
import dev.brain.gateway.status.StatusService;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools about Brain itself. */
public class StatusTools {

    private final StatusService status;
    private final CurrentCaller caller;

    public StatusTools(StatusService status, CurrentCaller caller) {
        this.status = status;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_status", description = """
            Shows whether Brain's services (error, memory, research) are up and how much each one \
            knows for you: live row counts per table of your tenant, the synapse network, and the last and \
            next research cycle. Call it when Brain seems not to answer, or to see what Brain has stored so \
            far. No arguments.""")
    public Uni<ToolResponse> brainStatus() {
        return status.status(caller.get().tenant()).map(brainStatus -> new ToolResponse(false,
                List.of(new TextContent(StatusRenderer.render(brainStatus))), brainStatus, null));
    }
}
