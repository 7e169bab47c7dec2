package dev.brain.gateway.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.research.ResearchInputs;
import dev.brain.gateway.research.ResearchIntelligence;
import dev.brain.gateway.research.ResearchRenderer;
import io.smallrye.mutiny.Uni;

/**
 * REST equivalents of the research tools: {@code GET /api/v1/insights} (brain_insights), {@code GET /{id}},
 * {@code PUT|POST /{id}/status} (acknowledge, act upon, dismiss), {@code GET /suggest?context=} (brain_suggest) and
 * {@code GET /trends}. JSON, or the tools' text with {@code Accept: text/plain}.
 */
@Path("/api/v1/insights")
@Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
public class InsightsResource {

    private final ResearchIntelligence research;
    private final CurrentCaller caller;

    public InsightsResource(ResearchIntelligence research, CurrentCaller caller) {
        this.research = research;
        this.caller = caller;
    }

    private String tenant() {
        return caller.get().tenant();
    }

    @RequiresScope(TokenScope.READ)
    @GET
    public Uni<Response> list(@QueryParam("type") String type, @QueryParam("min_priority") String minPriority,
            @QueryParam("status") String status, @QueryParam("limit") String limit,
            @QueryParam("project") String project, @QueryParam("page_token") String pageToken,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> research.insights(tenant(), type, minPriority, status,
                QueryValues.integer("limit", limit), project, pageToken))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::insights));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/{id: \\d+}")
    public Uni<Response> get(@PathParam("id") long id, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> research.insight(tenant(), id))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::insight));
    }

    @RequiresScope(TokenScope.WRITE)
    @PUT
    @Path("/{id: \\d+}/status")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> updateStatus(@PathParam("id") long id, ResearchInputs.StatusChange change,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> research.updateStatus(tenant(), id, change))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::insight));
    }

    /** The same as PUT, for clients that only POST (the CLI, hooks). */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/{id: \\d+}/status")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> postStatus(@PathParam("id") long id, ResearchInputs.StatusChange change,
            @Context HttpHeaders headers) {
        return updateStatus(id, change, headers);
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/suggest")
    public Uni<Response> suggest(@QueryParam("context") String context, @QueryParam("limit") String limit,
            @QueryParam("agent") String agent, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> research.suggest(caller.get(), context, QueryValues.integer("limit", limit),
                agent))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::suggestions));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/trends")
    public Uni<Response> trends(@QueryParam("project") String project, @QueryParam("window_days") String windowDays,
            @Context HttpHeaders headers) {
        return Uni.createFrom()
                .deferred(() -> research.trends(tenant(), project, QueryValues.integer("window_days", windowDays)))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::trends));
    }
}
