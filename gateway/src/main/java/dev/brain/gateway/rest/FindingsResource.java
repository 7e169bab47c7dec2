package dev.brain.gateway.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.findings.FindingViews.FindingInput;
import dev.brain.gateway.findings.FindingsRenderer;
import dev.brain.gateway.findings.ProjectFindings;
import io.smallrye.mutiny.Uni;

/**
 * REST equivalents of the findings tools: {@code /api/v1/findings/{project}} (the index), {@code /export} (the
 * files of {@code ./brain findings sync}) and one finding at {@code /traps/{slug}} (the path of its exported file;
 * no slug can shadow {@code export}). Saving and deleting need scope {@code write}. The optional header
 * {@code X-Brain-Session} names the caller's session.
 */
@Path("/api/v1/findings/{project}")
@Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
public class FindingsResource {

    private final ProjectFindings findings;
    private final CurrentCaller caller;

    public FindingsResource(ProjectFindings findings, CurrentCaller caller) {
        this.findings = findings;
        this.caller = caller;
    }

    /** findings_index: lines {@code slug — title — hook} by slug, their count and size. */
    @RequiresScope(TokenScope.READ)
    @GET
    public Uni<Response> index(@PathParam("project") String project,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> findings.index(Who.of(caller.get(), project, null, session), null))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, FindingsRenderer::index));
    }

    /** {@code INDEX.md} and {@code traps/<slug>.md} as {@code files[{path, content}]}, and the stored slugs. */
    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/export")
    public Uni<Response> export(@PathParam("project") String project,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> findings.export(Who.of(caller.get(), project, null, session)))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, FindingsRenderer::export));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/traps/{slug}")
    public Uni<Response> get(@PathParam("project") String project, @PathParam("slug") String slug,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> findings.get(Who.of(caller.get(), project, null, session), slug))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, FindingsRenderer::finding));
    }

    /** save_finding: 201 when the slug is new, 200 when an existing finding was overwritten. */
    @RequiresScope(TokenScope.WRITE)
    @PUT
    @Path("/traps/{slug}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> save(@PathParam("project") String project, @PathParam("slug") String slug, FindingInput in,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> {
            Who who = Who.of(caller.get(), project, null, session);
            if (in == null) {
                throw new IllegalArgumentException("body: a JSON object {title, body, …} is required");
            }
            return findings.save(who, slug, in);
        }).map(view -> Negotiation.answer(headers, view.created() ? Response.Status.CREATED : Response.Status.OK, view,
                FindingsRenderer::saved));
    }

    @RequiresScope(TokenScope.WRITE)
    @DELETE
    @Path("/traps/{slug}")
    public Uni<Response> delete(@PathParam("project") String project, @PathParam("slug") String slug,
            @HeaderParam(ErrorsResource.SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> findings.delete(Who.of(caller.get(), project, null, session), slug))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, FindingsRenderer::deleted));
    }
}
