package dev.brain.gateway.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.status.BrainStatus;
import dev.brain.gateway.status.StatusRenderer;
import dev.brain.gateway.status.StatusService;
import io.smallrye.mutiny.Uni;

/** {@code GET /api/v1/status}: JSON, or the MCP text with {@code Accept: text/plain}. */
@Path("/api/v1/status")
public class StatusResource {

    private final StatusService status;
    private final CurrentCaller caller;

    public StatusResource(StatusService status, CurrentCaller caller) {
        this.status = status;
        this.caller = caller;
    }

    /** {@code project}: the lift of that project too (the tenant's is always there). */
    @RequiresScope(TokenScope.READ)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<BrainStatus> json(@QueryParam("project") String project) {
        return Uni.createFrom().deferred(() -> status.status(caller.get().tenant(), ErrorInputs.project(project,
                null)));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> text(@QueryParam("project") String project) {
        return json(project).map(StatusRenderer::render);
    }
}
