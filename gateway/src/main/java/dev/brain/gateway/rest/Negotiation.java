package dev.brain.gateway.rest;

import java.util.function.Function;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** JSON by default; the same human rendering the MCP text uses when the caller prefers {@code text/plain}. */
final class Negotiation {

    private Negotiation() {
    }

    static boolean wantsText(HttpHeaders headers) {
        for (MediaType type : headers.getAcceptableMediaTypes()) {
            if (type.isWildcardType()) {
                return false;
            }
            if (type.isCompatible(MediaType.TEXT_PLAIN_TYPE)) {
                return true;
            }
            if (type.isCompatible(MediaType.APPLICATION_JSON_TYPE)) {
                return false;
            }
        }
        return false;
    }

    static <T> Response answer(HttpHeaders headers, Response.Status status, T view, Function<T, String> render) {
        return wantsText(headers)
                ? Response.status(status).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8")).entity(render.apply(view))
                        .build()
                : Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(view).build();
    }
}
