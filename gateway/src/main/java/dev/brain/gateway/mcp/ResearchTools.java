package dev.brain.gateway.mcp;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.research.ResearchIntelligence;
import dev.brain.gateway.research.ResearchRenderer;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of the Research Brain (research-service): insights about the tenant's errors, code and network. */
public class ResearchTools {

    private final ResearchIntelligence research;
    private final CurrentCaller caller;

    public ResearchTools(ResearchIntelligence research, CurrentCaller caller) {
        this.research = research;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_insights", description = """
            Insights that Brain's hourly research cycle found across all your projects: rising or falling \
            error trends, recurring errors without a solution (gaps), synergies, template candidates, project \
            suggestions, warnings. Each has a priority (low < medium < high < critical), a confidence and \
            whether it is actionable. Call it when planning work or asking what to improve; best first.""")
    public Uni<ToolResponse> insights(
            @ToolArg(name = "type", description = Descriptions.INSIGHT_TYPE, required = false) String type,
            @ToolArg(name = "min_priority", description = "Lowest priority shown: low, medium, high or critical", required = false, defaultValue = "low") String minPriority,
            @ToolArg(name = "status", description = "active, acknowledged, acted_upon, dismissed or expired", required = false, defaultValue = "active") String status,
            @ToolArg(name = "limit", description = "Most insights (1-100)", required = false, defaultValue = "20") int limit,
            @ToolArg(name = "project", description = "Only insights about this project; default: all projects", required = false) String project) {
        return McpErrors.guard(() -> research.insights(caller.get().tenant(), type, minPriority, status, limit, project)
                .map(ToolCalls.respond(ResearchRenderer::insights)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_suggest", description = """
            Before starting something (a new project, an optimisation, a refactoring), describe it: Brain ranks \
            its active insights and your knowledge library's entries by similarity to that context and by \
            priority, and returns the best few, each with a one-line reason. Read a suggested library entry \
            with knowledge_read.""")
    public Uni<ToolResponse> suggest(
            @ToolArg(name = "context", description = "What you are about to do, e.g. 'starting a REST API in Go'") String context,
            @ToolArg(name = "limit", description = "Most suggestions (1-50)", required = false, defaultValue = "5") int limit,
            @ToolArg(name = "agent", description = Descriptions.AGENT, required = false, defaultValue = "claude") String agent) {
        return McpErrors.guard(() -> research.suggest(caller.get(), context, limit, agent)
                .map(ToolCalls.respond(ResearchRenderer::suggestions)));
    }
}
