package dev.brain.gateway.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
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
import dev.brain.gateway.research.LibraryAccess;
import dev.brain.gateway.research.ResearchInputs;
import dev.brain.gateway.research.ResearchRenderer;
import io.smallrye.mutiny.Uni;

/**
 * REST equivalents of the knowledge tools, for the caller's pair (user = the token's memory user, {@code agent} default
 * claude): {@code GET /api/v1/knowledge/search} (stage 1), {@code GET /structure} and {@code GET /block} (stage 2),
 * {@code POST /api/v1/knowledge} (save through the gate), {@code POST /{id}/deactivate} and {@code /{id}/reactivate}.
 */
@Path("/api/v1/knowledge")
@Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
public class KnowledgeResource {

    private final LibraryAccess library;
    private final CurrentCaller caller;

    public KnowledgeResource(LibraryAccess library, CurrentCaller caller) {
        this.library = library;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/search")
    public Uni<Response> search(@QueryParam("query") String query, @QueryParam("limit") String limit,
            @QueryParam("agent") String agent, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> library.search(caller.get(), query, QueryValues.integer("limit", limit), agent))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::search));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/structure")
    public Uni<Response> structure(@QueryParam("path") String path, @QueryParam("agent") String agent,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> library.structure(caller.get(), path, agent))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::structure));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/block")
    public Uni<Response> block(@QueryParam("path") String path, @QueryParam("heading") String heading,
            @QueryParam("agent") String agent, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> library.block(caller.get(), path, heading, agent))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::block));
    }

    /** knowledge_save: 201 when the run created the knowledge file, else 200. */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> save(ResearchInputs.SaveKnowledge in, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> library.save(caller.get(), in))
                .map(view -> Negotiation.answer(headers, view.created() ? Response.Status.CREATED : Response.Status.OK,
                        view, ResearchRenderer::saved));
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/{id: \\d+}/deactivate")
    public Uni<Response> deactivate(@PathParam("id") long id, @QueryParam("agent") String agent,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> library.deactivate(caller.get(), id, agent))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::entry));
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/{id: \\d+}/reactivate")
    public Uni<Response> reactivate(@PathParam("id") long id, @QueryParam("agent") String agent,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> library.reactivate(caller.get(), id, agent))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ResearchRenderer::entry));
    }
}
