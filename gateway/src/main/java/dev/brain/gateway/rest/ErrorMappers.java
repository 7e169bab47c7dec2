package dev.brain.gateway.rest;

import java.util.Map;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import dev.brain.gateway.client.ServiceCallException;

/**
 * REST answers for failed calls: 400 naming the field, 404, 403, 409 when a record exists already, 501 when the service does not offer the call yet,
 * or 503 when a service is down; always one line.
 */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response badArgument(IllegalArgumentException e) {
        return error(Response.Status.BAD_REQUEST, e.getMessage());
    }

    @ServerExceptionMapper
    public Response serviceCall(ServiceCallException e) {
        Response.Status status = switch (e.kind()) {
            case BAD_INPUT -> Response.Status.BAD_REQUEST;
            case NOT_FOUND -> Response.Status.NOT_FOUND;
            case FORBIDDEN -> Response.Status.FORBIDDEN;
            case CONFLICT -> Response.Status.CONFLICT;
            case UNIMPLEMENTED -> Response.Status.NOT_IMPLEMENTED;
            case UNAVAILABLE -> Response.Status.SERVICE_UNAVAILABLE;
        };
        return error(status, e.getMessage());
    }

    private static Response error(Response.Status status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(Map.of("error", message)).build();
    }
}
