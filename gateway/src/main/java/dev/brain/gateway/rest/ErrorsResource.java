package dev.brain.gateway.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import dev.brain.gateway.errors.ErrorRenderer;
import io.smallrye.mutiny.Uni;

/**
 * REST equivalents of the error tools ({@code /api/v1/errors}, {@code /prevention/check}, {@code /notifications}).
 * {@code project} (query parameter or body field) defaults to the token's project; the optional header
 * {@code X-Brain-Session} names the caller's session.
 */
@Path("/api/v1")
@Produces({ MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN })
public class ErrorsResource {

    static final String SESSION_HEADER = "X-Brain-Session";

    private final ErrorIntelligence errors;
    private final CurrentCaller caller;

    public ErrorsResource(ErrorIntelligence errors, CurrentCaller caller) {
        this.errors = errors;
        this.caller = caller;
    }

    private Who who(String project, String session) {
        Caller c = caller.get();
        return new Who(c.tenant(), ErrorIntelligence.project(project, c.defaultProject()), ErrorIntelligence.session(session));
    }

    private static <T> T body(T body) {
        if (body == null) {
            throw new IllegalArgumentException("body: a JSON object is required");
        }
        return body;
    }

    @POST
    @Path("/errors")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> report(ErrorInputs.ReportError in, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.report(who(body(in).project(), session), in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::report));
    }

    @GET
    @Path("/errors")
    public Uni<Response> query(@QueryParam("q") String q, @QueryParam("project_only") @DefaultValue("false") boolean projectOnly,
            @QueryParam("limit") @DefaultValue("10") int limit, @QueryParam("project") String project,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.query(who(project, session), q == null ? null : q, projectOnly, limit))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::query));
    }

    @GET
    @Path("/errors/{id}")
    public Uni<Response> get(@PathParam("id") long id, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.get(who(null, session), id))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::detail));
    }

    @POST
    @Path("/errors/{id}/solutions")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> reportSolution(@PathParam("id") long id, ErrorInputs.ReportSolution in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.reportSolution(who(body(in).project(), session), id, in))
                .map(view -> Negotiation.answer(headers, Response.Status.CREATED, view, ErrorRenderer::solution));
    }

    @POST
    @Path("/errors/{id}/attempts")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> reportAttempt(@PathParam("id") long id, ErrorInputs.ReportAttempt in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.reportAttempt(who(body(in).project(), session), id, in))
                .map(view -> Negotiation.answer(headers, Response.Status.CREATED, view, ErrorRenderer::attempt));
    }

    @POST
    @Path("/errors/{id}/solutions/{sid}/outcomes")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> rate(@PathParam("id") long id, @PathParam("sid") long solutionId, ErrorInputs.RateSolution in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.rateSolution(who(body(in).project(), session), id, solutionId, in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::rating));
    }

    @POST
    @Path("/prevention/check")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> checkPrevention(ErrorInputs.CheckPrevention in, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.checkPrevention(who(body(in).project(), session), in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::prevention));
    }

    @GET
    @Path("/notifications")
    public Uni<Response> notifications(@QueryParam("acknowledge") @DefaultValue("false") boolean acknowledge,
            @QueryParam("project") String project, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.notifications(who(project, session), acknowledge))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::notifications));
    }
}
