package dev.brain.gateway.ui;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.client.MemoryServiceClient;
import dev.brain.gateway.client.ServiceCallException;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import dev.brain.gateway.errors.ErrorViews.ErrorDetail;
import dev.brain.gateway.memory.AgentMemory;
import dev.brain.gateway.memory.MemoryInputs;
import dev.brain.gateway.memory.MemoryViews.Recall;
import dev.brain.gateway.network.NetworkService;
import dev.brain.gateway.network.NetworkViews.Connection;
import dev.brain.gateway.network.NodeTypes;
import dev.brain.gateway.research.LibraryAccess;
import dev.brain.gateway.research.ResearchIntelligence;
import dev.brain.gateway.research.ResearchViews.Insights;
import dev.brain.gateway.research.ResearchViews.KnowledgeSearch;
import dev.brain.gateway.status.BrainStatus;
import dev.brain.gateway.status.StatusService;
import dev.brain.gateway.ui.UiViews.ErrorRow;
import dev.brain.gateway.ui.UiViews.Graph;
import dev.brain.gateway.ui.UiViews.Page;
import dev.brain.grpc.v1.NodeRef;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/**
 * The web view ({@code /ui}): server-rendered Qute pages over the same services the tools use, for the caller's
 * tenant only. Without a valid token (cookie {@link UiSessionMechanism#COOKIE} or {@code Authorization: Bearer}) every
 * page answers with the login form and no data. Read-only for {@code read} tokens; the corrections of
 * {@code brain_update_error} and {@code brain_forget} need {@code write}.
 */
@Path("/ui")
@Produces(MediaType.TEXT_HTML)
public class UiPages {

    /** Synapses per page of a node's neighbourhood (strongest first; the page asks for more). */
    static final int GRAPH_PAGE = 60;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance login(String error, String next);

        static native TemplateInstance errors(Page page, String q, String filter, String project, boolean all,
                boolean searching, List<ErrorRow> rows, String searched, String problem);

        static native TemplateInstance error(Page page, ErrorDetail error, UiViews.Timeline timeline,
                String problem);

        static native TemplateInstance network(Page page, String node, String to);

        static native TemplateInstance memory(Page page, String q, Recall recall, String problem);

        static native TemplateInstance insights(Page page, String q, Insights insights, KnowledgeSearch library,
                String problem);

        static native TemplateInstance status(Page page, BrainStatus status, String problem);
    }

    private final CurrentCaller caller;
    private final ApiTokens tokens;
    private final ErrorIntelligence errors;
    private final NetworkService network;
    private final AgentMemory memory;
    private final ResearchIntelligence research;
    private final LibraryAccess library;
    private final StatusService status;
    private final ErrorTimeline timeline;
    private final MemoryServiceClient memoryService;

    public UiPages(CurrentCaller caller, ApiTokens tokens, ErrorIntelligence errors, NetworkService network,
            AgentMemory memory, ResearchIntelligence research, LibraryAccess library, StatusService status,
            ErrorTimeline timeline, MemoryServiceClient memoryService) {
        this.caller = caller;
        this.tokens = tokens;
        this.errors = errors;
        this.network = network;
        this.memory = memory;
        this.research = research;
        this.library = library;
        this.status = status;
        this.timeline = timeline;
        this.memoryService = memoryService;
    }

    // --- login ---------------------------------------------------------------------------------------------------

    @GET
    @Operation(hidden = true)
    public Response root() {
        return Response.seeOther(URI.create("/ui/errors")).build();
    }

    @GET
    @Path("/login")
    @Operation(hidden = true)
    public TemplateInstance loginPage(@QueryParam("next") String next) {
        return Templates.login(null, safeNext(next));
    }

    /** Checks the token, then keeps it in an {@code HttpOnly}, {@code SameSite=Strict} cookie scoped to {@code /ui}. */
    @POST
    @Path("/login")
    @Blocking
    @Operation(hidden = true)
    public Response login(@FormParam("token") String token, @FormParam("next") String next) {
        String t = token == null ? "" : token.strip();
        if (tokens.authenticate(t).isEmpty()) {
            return Response.status(Response.Status.UNAUTHORIZED)
                    .entity(Templates.login("This token is unknown or revoked.", safeNext(next))).build();
        }
        return Response.seeOther(URI.create(safeNext(next))).cookie(cookie(t, -1)).build();
    }

    @POST
    @Path("/logout")
    @Operation(hidden = true)
    public Response logout() {
        return Response.seeOther(URI.create("/ui/login")).cookie(cookie("", 0)).build();
    }

    private static NewCookie cookie(String value, int maxAge) {
        return new NewCookie.Builder(UiSessionMechanism.COOKIE).value(value).path("/ui").httpOnly(true)
                .sameSite(NewCookie.SameSite.STRICT).maxAge(maxAge).build();
    }

    /** Only a page of this web view may follow the login (no open redirect). */
    static String safeNext(String next) {
        return next != null && next.matches("/ui(/[A-Za-z0-9/_-]*)?(\\?[A-Za-z0-9=&%:._+-]*)?") ? next : "/ui/errors";
    }

    /** The caller, or null when the request carries no valid token (the page then shows the login form). */
    private Caller caller() {
        return caller.orNull();
    }

    private static Response loginInstead(String next) {
        return Response.ok(Templates.login(null, safeNext(next))).build();
    }

    private static Page page(Caller c, String active) {
        return new Page(active, c.memoryUser(), c.has(TokenScope.WRITE));
    }

    private static String problem(Throwable t) {
        String message = t instanceof ServiceCallException || t instanceof IllegalArgumentException ? t.getMessage()
                : t.getClass().getSimpleName() + ": " + t.getMessage();
        return message == null ? t.getClass().getSimpleName() : message;
    }

    private static String pathWithQuery(String path, Map<String, String> params) {
        StringBuilder s = new StringBuilder(path);
        char sep = '?';
        for (Map.Entry<String, String> p : params.entrySet()) {
            if (p.getValue() != null && !p.getValue().isBlank()) {
                s.append(sep).append(p.getKey()).append('=')
                        .append(java.net.URLEncoder.encode(p.getValue(), java.nio.charset.StandardCharsets.UTF_8));
                sep = '&';
            }
        }
        return s.toString();
    }

    // --- errors --------------------------------------------------------------------------------------------------

    @GET
    @Path("/errors")
    @Operation(hidden = true)
    public Uni<Response> errorsPage(@QueryParam("q") String q, @QueryParam("filter") String filter,
            @QueryParam("project") String project, @QueryParam("all") @DefaultValue("false") boolean all) {
        Caller c = caller();
        if (c == null) {
            return Uni.createFrom().item(loginInstead(pathWithQuery("/ui/errors", Map.of("q", q == null ? "" : q))));
        }
        String f = filter == null || filter.isBlank() ? "unresolved" : filter.strip().toLowerCase(Locale.ROOT);
        String projectName;
        try {
            projectName = ErrorInputs.project(project, c.defaultProject());
        } catch (IllegalArgumentException badProject) { // the page with the reason, not the REST API's JSON
            return Uni.createFrom().item(Response.status(Response.Status.BAD_REQUEST).entity(Templates.errors(
                    page(c, "errors"), q, f, c.defaultProject(), all, false, List.of(), null, badProject.getMessage()))
                    .build());
        }
        Who who = new Who(c.tenant(), projectName, null);
        boolean searching = q != null && !q.isBlank();
        Uni<List<ErrorRow>> rows = searching
                ? Uni.createFrom().deferred(() -> errors.query(who, q.strip(), !all, 50))
                        .map(r -> r.results().stream().map(ErrorRow::of).toList())
                : Uni.createFrom().deferred(() -> errors.list(who, f, 50, null))
                        .map(r -> r.errors().stream().map(ErrorRow::of).toList());
        return rows.map(list -> Templates.errors(page(c, "errors"), q, f, who.project(), all, searching, list,
                list.isEmpty() ? "no error of project " + who.project() + (q == null || q.isBlank()
                        ? " is " + f
                        : " matches “" + q.strip() + "”") : null,
                null))
                .onFailure().recoverWithItem(t -> Templates.errors(page(c, "errors"), q, f, who.project(), all,
                        searching, List.of(), null, problem(t)))
                .map(t -> Response.ok(t).build());
    }

    @GET
    @Path("/errors/{id}")
    @Operation(hidden = true)
    public Uni<Response> errorPage(@PathParam("id") long id) {
        Caller c = caller();
        if (c == null) {
            return Uni.createFrom().item(loginInstead("/ui/errors/" + id));
        }
        Who who = new Who(c.tenant(), c.defaultProject(), null);
        return Uni.createFrom().deferred(() -> errors.get(who, id))
                .flatMap(detail -> timeline.daily(c.tenant(), id)
                        .map(days -> Templates.error(page(c, "errors"), detail, days, null)))
                .map(t -> Response.ok(t).build())
                // an unknown id (also another tenant's) is a 404 page; other failures keep the page with the reason
                .onFailure().recoverWithItem(t -> Response.status(t instanceof ServiceCallException e
                        && e.kind() == ServiceCallException.Kind.NOT_FOUND ? 404 : 200)
                        .entity(Templates.error(page(c, "errors"), null, null, problem(t))).build());
    }

    /** brain_update_error from the page: resolved / not an error (write scope). */
    @POST
    @Path("/errors/{id}")
    @Operation(hidden = true)
    public Uni<Response> updateError(@PathParam("id") long id, @FormParam("resolved") Boolean resolved,
            @FormParam("not_an_error") Boolean notAnError, @HeaderParam("Origin") String origin,
            @HeaderParam("Host") String host) {
        Caller c = writer(origin, host);
        return Uni.createFrom().deferred(() -> errors.update(new Who(c.tenant(), c.defaultProject(), null), id,
                resolved, notAnError, "changed in the web view"))
                .map(d -> Response.seeOther(URI.create("/ui/errors/" + id)).build());
    }

    /** brain_forget from the page: an error, solution or attempt (write scope). */
    @POST
    @Path("/forget/{kind:error|solution|attempt}/{id}")
    @Operation(hidden = true)
    public Uni<Response> forget(@PathParam("kind") String kind, @PathParam("id") long id,
            @FormParam("back") String back, @HeaderParam("Origin") String origin, @HeaderParam("Host") String host) {
        Caller c = writer(origin, host);
        return Uni.createFrom().deferred(() -> errors.forget(new Who(c.tenant(), c.defaultProject(), null), kind, id,
                "forgotten in the web view"))
                .map(f -> Response.seeOther(URI.create(kind.equals("error") ? "/ui/errors" : safeNext(back))).build());
    }

    /**
     * The caller of a correction: it needs the write scope, and a browser's request must come from this origin (the
     * cookie is {@code SameSite=Strict} already; the origin check also covers browsers without SameSite).
     */
    private Caller writer(String origin, String host) {
        Caller c = caller();
        if (c == null) {
            throw new jakarta.ws.rs.NotAuthorizedException("Bearer realm=\"brain\"");
        }
        if (!c.has(TokenScope.WRITE)) {
            throw new jakarta.ws.rs.ForbiddenException("this correction needs a token with scope write");
        }
        if (origin != null && host != null && !origin.replaceFirst("^https?://", "").equals(host)) {
            throw new jakarta.ws.rs.ForbiddenException("a correction must come from this web view (Origin " + origin + ")");
        }
        return c;
    }

    // --- network -------------------------------------------------------------------------------------------------

    @GET
    @Path("/network")
    @Operation(hidden = true)
    public Response networkPage(@QueryParam("node") String node, @QueryParam("to") String to) {
        Caller c = caller();
        if (c == null) {
            return loginInstead(pathWithQuery("/ui/network", Map.of("node", node == null ? "" : node)));
        }
        return Response.ok(Templates.network(page(c, "network"), node, to)).build();
    }

    /** A node's synapses as the page draws them: one page, strongest first ({@code page} = the next page's token). */
    @GET
    @Path("/network/graph")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Uni<Graph> graph(@QueryParam("node") String node, @QueryParam("page") String page) {
        Caller c = required();
        NodeRef start = NodeTypes.parse("node", node);
        return memoryService.synapsesOf(c.tenant(), start, GRAPH_PAGE, page).map(p -> Graph.of(start, p));
    }

    /** The strongest chain of synapses between two nodes (brain_connections), for the page to highlight. */
    @GET
    @Path("/network/path")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true)
    public Uni<Connection> path(@QueryParam("from") String from, @QueryParam("to") String to) {
        Caller c = required();
        return network.connections(c.tenant(), NodeTypes.parse("from", from), NodeTypes.parse("to", to));
    }

    private Caller required() {
        Caller c = caller();
        if (c == null) {
            throw new jakarta.ws.rs.NotAuthorizedException("Bearer realm=\"brain\"");
        }
        return c;
    }

    // --- memory --------------------------------------------------------------------------------------------------

    @GET
    @Path("/memory")
    @Operation(hidden = true)
    public Uni<Response> memoryPage(@QueryParam("q") String q, @QueryParam("hops") Integer hops,
            @QueryParam("ranking") String ranking) {
        Caller c = caller();
        if (c == null) {
            return Uni.createFrom().item(loginInstead(pathWithQuery("/ui/memory", Map.of("q", q == null ? "" : q))));
        }
        if (q == null || q.isBlank()) {
            return Uni.createFrom().item(Response.ok(Templates.memory(page(c, "memory"), "", null, null)).build());
        }
        return Uni.createFrom().deferred(() -> memory.recall(c,
                new MemoryInputs.Recall(q.strip(), hops == null ? 2 : hops, null, null, null, ranking)))
                .map(r -> Templates.memory(page(c, "memory"), q, r, null))
                .onFailure().recoverWithItem(t -> Templates.memory(page(c, "memory"), q, null, problem(t)))
                .map(t -> Response.ok(t).build());
    }

    // --- insights and the library ----------------------------------------------------------------------------------

    @GET
    @Path("/insights")
    @Operation(hidden = true)
    public Uni<Response> insightsPage(@QueryParam("q") String q) {
        Caller c = caller();
        if (c == null) {
            return Uni.createFrom().item(loginInstead("/ui/insights"));
        }
        Uni<Insights> insights = Uni.createFrom().deferred(() -> research.insights(c.tenant(), null, null, null, 50, null));
        Uni<KnowledgeSearch> hits = q == null || q.isBlank() ? Uni.createFrom().nullItem()
                : Uni.createFrom().deferred(() -> library.search(c, q.strip(), 20, null));
        return Uni.combine().all().unis(insights, hits).asTuple()
                .map(t -> Templates.insights(page(c, "insights"), q, t.getItem1(), t.getItem2(), null))
                .onFailure().recoverWithItem(t -> Templates.insights(page(c, "insights"), q, null, null, problem(t)))
                .map(t -> Response.ok(t).build());
    }

    // --- status --------------------------------------------------------------------------------------------------

    @GET
    @Path("/status")
    @Operation(hidden = true)
    public Uni<Response> statusPage(@QueryParam("project") String project) {
        Caller c = caller();
        if (c == null) {
            return Uni.createFrom().item(loginInstead("/ui/status"));
        }
        return Uni.createFrom().deferred(() -> status.status(c.tenant(), ErrorInputs.project(project, null)))
                .map(s -> Templates.status(page(c, "status"), s, null))
                .onFailure().recoverWithItem(t -> Templates.status(page(c, "status"), null, problem(t)))
                .map(t -> Response.ok(t).build());
    }
}
