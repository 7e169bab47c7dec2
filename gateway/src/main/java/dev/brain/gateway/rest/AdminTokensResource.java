package dev.brain.gateway.rest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenAdmin;
import dev.brain.gateway.auth.TokenAdmin.CreatedToken;
import dev.brain.gateway.auth.TokenAdmin.NewToken;
import dev.brain.gateway.auth.TokenAdmin.TokenView;
import dev.brain.gateway.auth.TokenScope;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Token management ({@code ./brain token}; scope admin for the caller's tenant, system for any tenant — see
 * {@link TokenAdmin}): {@code POST /api/v1/admin/tokens} → 201 {@code {token, id, tenant, user, project, scopes,
 * label, created_at}} (the token is shown this once), {@code GET} lists (never a token), {@code DELETE …/{id}} or
 * {@code POST …/revoke {token | id}} revokes (this replica refuses the token at once, every other within 10 s).
 */
@Path("/api/v1/admin/tokens")
@Produces(MediaType.APPLICATION_JSON)
public class AdminTokensResource {

    /** A token to revoke: the token itself or its id. */
    @RegisterForReflection
    public record Revoke(String token, Long id) {
    }

    private final TokenAdmin admin;
    private final CurrentCaller caller;

    public AdminTokensResource(TokenAdmin admin, CurrentCaller caller) {
        this.admin = admin;
        this.caller = caller;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(TokenScope.ADMIN)
    public Response create(NewToken in) {
        CreatedToken created = admin.create(caller.get(), in);
        TokenView t = created.stored();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("token", created.token());
        body.put("id", t.id());
        body.put("tenant", t.tenant());
        body.put("user", t.user());
        body.put("project", t.project());
        body.put("scopes", t.scopes());
        body.put("label", t.label());
        body.put("created_at", t.created_at());
        return Response.status(Response.Status.CREATED).entity(body).build();
    }

    @GET
    @RequiresScope(TokenScope.ADMIN)
    public List<TokenView> list(@QueryParam("tenant") String tenant) {
        return admin.list(caller.get(), tenant);
    }

    @DELETE
    @Path("/{id}")
    @RequiresScope(TokenScope.ADMIN)
    public TokenView revoke(@PathParam("id") long id) {
        return admin.revoke(caller.get(), id);
    }

    @POST
    @Path("/revoke")
    @Consumes(MediaType.APPLICATION_JSON)
    @RequiresScope(TokenScope.ADMIN)
    public TokenView revoke(Revoke in) {
        if (in != null && in.id() != null) {
            return admin.revoke(caller.get(), in.id());
        }
        return admin.revoke(caller.get(), in == null ? null : in.token());
    }

    @ServerExceptionMapper
    public Response unknown(TokenAdmin.UnknownToken e) {
        return Response.status(Response.Status.NOT_FOUND).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", e.getMessage())).build();
    }
}
