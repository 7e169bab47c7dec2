package dev.brain.gateway.rest;

import java.util.Map;
import java.util.stream.Collectors;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

import dev.brain.gateway.Reasons;
import dev.brain.gateway.client.ServiceCallException;

/**
 * REST answers for failed calls: 400 naming the field, 404, 403, 409 when a record exists already, 501 when the service does
 * not offer the call yet,
 * or 503 when a service is down; always one line.
 */
public class ErrorMappers {

    @ServerExceptionMapper
    public Response badArgument(IllegalArgumentException e) {
        return error(Response.Status.BAD_REQUEST, e.getMessage());
    }

    /**
     * JSON of the wrong shape ({@code "exit_code": "abc"}, {@code "exit_code": 1.5}, {@code "error_output": 123}: see
     * {@link StrictJson}): 400 naming the field (Quarkus answers it bare in prod).
     */
    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e) {
        if (String.valueOf(e.getOriginalMessage()).startsWith("Trailing token")) {
            return error(Response.Status.BAD_REQUEST, "body: something follows the JSON value (one JSON value per body)");
        }
        String field = e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."));
        String type = e.getTargetType() == null ? "another type" : e.getTargetType().getSimpleName();
        return error(Response.Status.BAD_REQUEST,
                (field.isEmpty() ? "body" : field) + ": a value of type " + type + " is required");
    }

    /** A body that is not JSON at all: the JSON reader's bare 400 gets a reason; every other status passes unchanged. */
    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        if (e.getResponse().getStatus() == 400 && e.getCause() instanceof JacksonException j) {
            String why = String.valueOf(j.getOriginalMessage()).replaceAll("\\s+", " ");
            return error(Response.Status.BAD_REQUEST,
                    "body: not valid JSON (" + (why.length() > 200 ? why.substring(0, 200) : why) + ")");
        }
        return e.getResponse();
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
        return Response.status(status).type(MediaType.APPLICATION_JSON).entity(Map.of("error", Reasons.oneLine(message)))
                .build();
    }
}
