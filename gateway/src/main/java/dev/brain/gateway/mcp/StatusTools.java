package dev.brain.gateway.mcp;

import java.util.List;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.status.StatusRenderer;
import dev.brain.gateway.status.StatusService;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
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
            knows for you: live row counts per table of your tenant, the synapse network, the last and \
            next research cycle, and how often a known error came back with and without a fix Brain offered \
            (for the tenant, and for `project` when given). Call it when Brain seems not to answer, or to see \
            what Brain has stored so far.""")
    public Uni<ToolResponse> brainStatus(
            @ToolArg(name = "project", description = "Also show this project's figures", required = false) String project) {
        return McpErrors.guard(() -> status.status(caller.get().tenant(), ErrorInputs.project(project, null))
                .map(brainStatus -> new ToolResponse(false, List.of(new TextContent(StatusRenderer.render(brainStatus))),
                        brainStatus, null)));
    }
}
