package dev.brain.gateway.auth;

import java.util.Map;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** REST and hooks: a call the token's scopes do not allow → 403 {@code {"error": …, "required_scope": …}}. */
public class MissingScopeMapper {

    @ServerExceptionMapper
    public Response refused(MissingScopeException e) {
        return Response.status(Response.Status.FORBIDDEN).type(MediaType.APPLICATION_JSON)
                .entity(Map.of("error", e.getMessage(), "required_scope", e.required().id())).build();
    }
}
