package dev.brain.gateway.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.code.CodeInputs;
import dev.brain.gateway.code.CodeIntelligence;
import dev.brain.gateway.code.CodeRenderer;
import dev.brain.gateway.errors.ErrorInputs.Who;
import io.smallrye.mutiny.Uni;

/**
 * REST equivalents of the code tools: {@code GET /api/v1/code/modules} lists modules (with {@code purpose}: the
 * search of brain_find_reusable_code), {@code POST /api/v1/code/modules} registers a source,
 * {@code POST /api/v1/code/similarity} checks one. {@code project} defaults to the token's project for writes; a
 * list without {@code project} covers every project of the tenant.
 */
@Path("/api/v1/code")
@Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
public class CodeResource {

    private final CodeIntelligence code;
    private final CurrentCaller caller;

    public CodeResource(CodeIntelligence code, CurrentCaller caller) {
        this.code = code;
        this.caller = caller;
    }

    private static <T> T body(T body) {
        if (body == null) {
            throw new IllegalArgumentException("body: a JSON object is required");
        }
        return body;
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/modules")
    public Uni<Response> modules(@QueryParam("purpose") String purpose, @QueryParam("language") String language,
            @QueryParam("category") String category, @QueryParam("project") String project,
            @QueryParam("limit") String limit, @QueryParam("page_token") String pageToken,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        if (purpose != null) {
            return Uni.createFrom().deferred(() -> code.find(Who.of(caller.get(), project, session), purpose, language,
                    category, QueryValues.integer("limit", limit)))
                    .map(view -> Negotiation.answer(headers, Response.Status.OK, view, CodeRenderer::reusable));
        }
        return Uni.createFrom().deferred(() -> code.list(Who.of(caller.get(), project, null, session), language,
                category, QueryValues.integer("limit", limit), pageToken))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, CodeRenderer::list));
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/modules")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> register(CodeInputs.RegisterCode in, @HeaderParam(ErrorsResource.SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> code.register(Who.of(caller.get(), body(in).project(), session), in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, CodeRenderer::registration));
    }

    @RequiresScope(TokenScope.READ)
    @POST
    @Path("/similarity")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> similarity(CodeInputs.CheckSimilarity in,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom()
                .deferred(() -> code.similarity(Who.of(caller.get(), body(in).project(), session), in, null))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, CodeRenderer::similarity));
    }
}
