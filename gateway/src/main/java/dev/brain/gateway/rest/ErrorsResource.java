package dev.brain.gateway.rest;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import com.google.protobuf.ByteString;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.ScopeGuard;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import dev.brain.gateway.errors.ErrorRenderer;
import dev.brain.grpc.v1.ErrorImportConflict;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.Scope;
import io.quarkus.runtime.annotations.RegisterForReflection;
import io.smallrye.common.annotation.Blocking;
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

    @RegisterForReflection
    public record ImportResult(String project, Map<String, Long> counts, List<String> errors) {
    }

    private final ErrorIntelligence errors;
    private final ErrorServiceClient service;
    private final CurrentCaller caller;

    public ErrorsResource(ErrorIntelligence errors, ErrorServiceClient service, CurrentCaller caller) {
        this.errors = errors;
        this.service = service;
        this.caller = caller;
    }

    private static <T> T body(T body) {
        if (body == null) {
            throw new IllegalArgumentException("body: a JSON object is required");
        }
        return body;
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/errors")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> report(ErrorInputs.ReportError in, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.report(Who.of(caller.get(), body(in).project(), session), in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::report));
    }

    /** With {@code q}: the search of brain_query_error; without: the list of brain_list_errors ({@code filter}). */
    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/errors")
    public Uni<Response> query(@QueryParam("q") String q, @QueryParam("project_only") String projectOnly,
            @QueryParam("limit") String limit, @QueryParam("project") String project,
            @QueryParam("filter") String filter, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        if (q == null && filter != null) {
            return Uni.createFrom().deferred(() -> errors.list(Who.of(caller.get(), project, session), filter,
                    QueryValues.integer("limit", limit, 20), null))
                    .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::list));
        }
        return Uni.createFrom().deferred(() -> errors.query(Who.of(caller.get(), project, session), q,
                QueryValues.bool("project_only", projectOnly, false), QueryValues.integer("limit", limit, 10)))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::query));
    }

    @RegisterForReflection
    public record ErrorUpdate(Boolean resolved, Boolean not_an_error, String note) {
    }

    @RequiresScope(TokenScope.WRITE)
    @PATCH
    @Path("/errors/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> update(@PathParam("id") long id, ErrorUpdate in, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.update(Who.of(caller.get(), null, session), id,
                body(in).resolved(), in.not_an_error(), in.note()))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::detail));
    }

    /** brain_forget: {@code DELETE /errors/{id}}, {@code /solutions/{id}}, {@code /attempts/{id}}. */
    @RequiresScope(TokenScope.WRITE)
    @DELETE
    @Path("/{kind:errors|solutions|attempts}/{id}")
    public Uni<Response> forget(@PathParam("kind") String kind, @PathParam("id") long id,
            @QueryParam("reason") String reason, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.forget(Who.of(caller.get(), null, session),
                kind.substring(0, kind.length() - 1), id, reason))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::forgotten));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/rules")
    public Uni<Response> rules(@QueryParam("project") String project,
            @QueryParam("include_inactive") String includeInactive,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.rules(Who.of(caller.get(), project, session),
                QueryValues.bool("include_inactive", includeInactive, false), null))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::rules));
    }

    @RegisterForReflection
    public record RuleFeedback(String outcome, String note, Boolean blocking) {
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/rules/{id}/feedback")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> ruleFeedback(@PathParam("id") long id, RuleFeedback in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.ruleFeedback(Who.of(caller.get(), null, session), id,
                body(in).outcome(), in.blocking(), in.note()))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::rule));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/errors/{id}")
    public Uni<Response> get(@PathParam("id") long id, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(() -> errors.get(Who.of(caller.get(), null, session), id))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::detail));
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/errors/{id}/solutions")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> reportSolution(@PathParam("id") long id, ErrorInputs.ReportSolution in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom()
                .deferred(() -> errors.reportSolution(Who.of(caller.get(), body(in).project(), session), id, in))
                .map(view -> Negotiation.answer(headers, Response.Status.CREATED, view, ErrorRenderer::solution));
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/errors/{id}/attempts")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> reportAttempt(@PathParam("id") long id, ErrorInputs.ReportAttempt in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom()
                .deferred(() -> errors.reportAttempt(Who.of(caller.get(), body(in).project(), session), id, in))
                .map(view -> Negotiation.answer(headers, Response.Status.CREATED, view, ErrorRenderer::attempt));
    }

    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/errors/{id}/solutions/{sid}/outcomes")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> rate(@PathParam("id") long id, @PathParam("sid") long solutionId, ErrorInputs.RateSolution in,
            @HeaderParam(SESSION_HEADER) String session, @Context HttpHeaders headers) {
        return Uni.createFrom().deferred(
                () -> errors.rateSolution(Who.of(caller.get(), body(in).project(), session), id, solutionId, in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::rating));
    }

    @RequiresScope(TokenScope.READ)
    @POST
    @Path("/prevention/check")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> checkPrevention(ErrorInputs.CheckPrevention in, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        return Uni.createFrom()
                .deferred(() -> errors.checkPrevention(Who.of(caller.get(), body(in).project(), session), in))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::prevention));
    }

    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/notifications")
    public Uni<Response> notifications(@QueryParam("acknowledge") String acknowledgeParam,
            @QueryParam("project") String project, @HeaderParam(SESSION_HEADER) String session,
            @Context HttpHeaders headers) {
        boolean acknowledge = QueryValues.bool("acknowledge", acknowledgeParam, false);
        if (acknowledge) { // marking read changes what the tenant's other sessions see
            ScopeGuard.require(caller.get(), TokenScope.WRITE, "acknowledge=true");
        }
        return Uni.createFrom()
                .deferred(() -> errors.notifications(Who.of(caller.get(), project, session), acknowledge))
                .map(view -> Negotiation.answer(headers, Response.Status.OK, view, ErrorRenderer::notifications));
    }

    /**
     * Streams the error data of one project ({@code project}) or, without it, of every project of the tenant as
     * JSON lines, page after page of {@code ExportErrors}. The first page (or the failure) is awaited before
     * answering, so an unknown project is a clean 404 and a down service a 503, never a broken 200.
     */
    @RequiresScope(TokenScope.READ)
    @GET
    @Path("/errors/export")
    @Produces(MemoryResource.JSON_LINES)
    @Blocking
    public Response exportErrors(@QueryParam("project") String project) {
        String tenant = caller.get().tenant();
        String name = project == null || project.isBlank() ? null : ErrorInputs.project(project, null);
        Scope scope = name == null ? Scope.getDefaultInstance() : Scope.newBuilder().setProject(name).build();
        ExportErrorsResponse first = page(tenant, scope, "");
        StreamingOutput body = out -> {
            ExportErrorsResponse page = first;
            while (true) {
                page.getJsonl().writeTo(out);
                out.flush();
                if (page.getNextPageToken().isEmpty()) {
                    return;
                }
                page = page(tenant, scope, page.getNextPageToken());
            }
        };
        return Response.ok(body, MemoryResource.JSON_LINES).header("Content-Disposition",
                "attachment; filename=\"brain-errors-" + (name == null ? "all" : name) + ".jsonl\"").build();
    }

    private ExportErrorsResponse page(String tenant, Scope scope, String token) {
        return service.exportErrors(tenant, ExportErrorsRequest.newBuilder().setScope(scope).setPageToken(token).build())
                .await().indefinitely();
    }

    static ErrorImportConflict onConflict(String onConflict) {
        return switch (onConflict == null ? "fail" : onConflict.trim().toLowerCase(Locale.ROOT)) {
            case "", "fail" -> ErrorImportConflict.ERROR_IMPORT_CONFLICT_FAIL;
            case "skip" -> ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP;
            case "replace" -> ErrorImportConflict.ERROR_IMPORT_CONFLICT_REPLACE;
            default -> throw new IllegalArgumentException(
                    "on_conflict: '" + onConflict.trim() + "' is not one of fail, skip, replace");
        };
    }

    /**
     * Imports JSON lines of the brain-errors format into {@code project} (default: the token's project) in one call,
     * one transaction; the request body limit of 2 MiB applies. Needs scope {@code write}. Under {@code fail} any
     * problem answers 400 (bad lines) or 409 (conflicts) with nothing imported; under {@code skip}/{@code replace}
     * the problems are listed in {@code errors} ("line 12: …") and the other lines imported.
     */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/errors/import")
    @Consumes({ MemoryResource.JSON_LINES, "application/jsonl", MediaType.TEXT_PLAIN, MediaType.APPLICATION_OCTET_STREAM,
            MediaType.APPLICATION_JSON })
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<ImportResult> importErrors(byte[] data, @QueryParam("project") String project,
            @QueryParam("on_conflict") @DefaultValue("fail") String onConflict) {
        return Uni.createFrom().deferred(() -> {
            Caller c = caller.get();
            ErrorImportConflict conflict = onConflict(onConflict);
            if (data == null || data.length == 0) {
                throw new IllegalArgumentException("body: JSON lines of the brain-errors format are required");
            }
            String name = ErrorInputs.project(project, c.defaultProject());
            return service.importErrors(c.tenant(), ImportErrorsRequest.newBuilder()
                    .setScope(Scope.newBuilder().setProject(name)).setJsonl(ByteString.copyFrom(data))
                    .setOnConflict(conflict).build())
                    .map(response -> new ImportResult(name, response.getCountsMap(), response.getErrorsList()));
        });
    }
}
