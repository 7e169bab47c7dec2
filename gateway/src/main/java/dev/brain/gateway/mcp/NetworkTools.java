package dev.brain.gateway.mcp;

import java.util.List;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.network.NetworkRenderer;
import dev.brain.gateway.network.NetworkService;
import dev.brain.gateway.network.NodeTypes;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools over Brain's synapse network (memory-service). */
public class NetworkTools {

    private final NetworkService network;
    private final CurrentCaller caller;

    public NetworkTools(NetworkService network, CurrentCaller caller) {
        this.network = network;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_explore", description = """
            Shows what Brain's network links to a node (an error, solution, code module, rule, …): \
            related errors, solutions, modules, rules, insights and memories, strongest first, each with \
            its activation (0-1) and the chain of typed links that leads there. Use it before fixing an \
            error you reported, to see what helped with related ones.""")
    public Uni<ToolResponse> explore(
            @ToolArg(name = "node_type", description = "Type of the start node: error, solution, code_module, rule, antipattern, project, insight, memory, finding or knowledge") String nodeType,
            @ToolArg(name = "node_id", description = "Id of the start node, as returned by the tool that stored it") long nodeId,
            @ToolArg(name = "max_depth", description = "Most links to follow from the start node (1-5)", required = false, defaultValue = "3") int maxDepth) {
        return McpErrors.guard(() -> network.explore(caller.get().tenant(), NodeTypes.ref("node", nodeType, nodeId), maxDepth)
                .map(result -> new ToolResponse(false, List.of(new TextContent(NetworkRenderer.explore(result))), result,
                        null)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_connections", description = """
            Finds the strongest chain of links between two nodes of Brain's network (at most 5 hops) and \
            names each hop with its link type and weight. Use it to check whether two errors, a solution \
            and an error, or a module and a project are related, and how strongly.""")
    public Uni<ToolResponse> connections(
            @ToolArg(name = "from_type", description = "Type of the first node (error, solution, code_module, …)") String fromType,
            @ToolArg(name = "from_id", description = "Id of the first node") long fromId,
            @ToolArg(name = "to_type", description = "Type of the second node") String toType,
            @ToolArg(name = "to_id", description = "Id of the second node") long toId) {
        return McpErrors.guard(() -> network.connections(caller.get().tenant(), NodeTypes.ref("from", fromType, fromId),
                NodeTypes.ref("to", toType, toId))
                .map(result -> new ToolResponse(false, List.of(new TextContent(NetworkRenderer.connection(result))), result,
                        null)));
    }
}
