package dev.brain.gateway.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.network.NetworkRenderer;
import dev.brain.gateway.network.NetworkService;
import dev.brain.gateway.network.NetworkViews.Connection;
import dev.brain.gateway.network.NetworkViews.Exploration;
import dev.brain.gateway.network.NodeTypes;
import io.smallrye.mutiny.Uni;

/** REST equivalents of {@code brain_explore} and {@code brain_connections}. */
@Path("/api/v1/network")
public class NetworkResource {

    private final NetworkService network;
    private final CurrentCaller caller;

    public NetworkResource(NetworkService network, CurrentCaller caller) {
        this.network = network;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/explore")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Exploration> explore(@QueryParam("node_type") String type, @QueryParam("node_id") String id,
            @QueryParam("max_depth") String maxDepth) {
        Long node = QueryValues.whole("node_id", id);
        return network.explore(caller.get().tenant(), NodeTypes.ref("node", type, node == null ? 0 : node),
                QueryValues.integer("max_depth", maxDepth, 3));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/explore")
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> exploreText(@QueryParam("node_type") String type, @QueryParam("node_id") String id,
            @QueryParam("max_depth") String maxDepth) {
        return explore(type, id, maxDepth).map(NetworkRenderer::explore);
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/connections")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Connection> connections(@QueryParam("from_type") String fromType, @QueryParam("from_id") long fromId,
            @QueryParam("to_type") String toType, @QueryParam("to_id") long toId) {
        return network.connections(caller.get().tenant(), NodeTypes.ref("from", fromType, fromId),
                NodeTypes.ref("to", toType, toId));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/connections")
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> connectionsText(@QueryParam("from_type") String fromType, @QueryParam("from_id") long fromId,
            @QueryParam("to_type") String toType, @QueryParam("to_id") long toId) {
        return connections(fromType, fromId, toType, toId).map(NetworkRenderer::connection);
    }
}
