package dev.brain.gateway.limits;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * The per-token rate limit at the door: a request to {@code /mcp}, {@code /api/…} or {@code /hooks/…} with a
 * bearer token takes one token from that token's bucket, or is answered 429 with {@code Retry-After} (whole
 * seconds) and {@code {"error": "…"}}. It runs before authentication (no database read, no worker thread), so a
 * flood with a made-up token is refused as cheaply as one with a real token; a request without a bearer token is
 * left to authentication (401).
 * <p>
 * MCP gets the transport-level 429 too, not a tool result: every MCP request counts (initialize, tools/list,
 * notifications, the SSE stream), the limit holds before the JSON-RPC body is read, and Claude Code's client (the
 * MCP TypeScript SDK) turns a non-2xx answer into a failed call whose message carries this body's one line.
 * The hook script posts with {@code curl -f}: a 429 prints nothing, and the agent goes on.
 */
@ApplicationScoped
public class RateLimitFilter {

    /** Before authentication (200) and after CORS (300): see {@code SecurityHandlerPriorities}. */
    static final int PRIORITY = 250;

    private final RateLimiter limiter;

    public RateLimitFilter(RateLimiter limiter) {
        this.limiter = limiter;
    }

    void register(@Observes Filters filters) {
        if (limiter.enabled()) {
            filters.register(this::handle, PRIORITY);
        }
    }

    void handle(RoutingContext rc) {
        String token = limited(rc.normalizedPath()) ? bearer(rc.request().getHeader(HttpHeaders.AUTHORIZATION)) : null;
        if (token == null) {
            rc.next();
            return;
        }
        long wait = limiter.take(token);
        if (wait == 0) {
            rc.next();
            return;
        }
        long seconds = Math.max(1, (wait + 999_999_999L) / 1_000_000_000L);
        String body = new JsonObject().put("error", "rate limit: more than " + limiter.describe()
                + "; retry after " + seconds + " s").encode();
        rc.response().setStatusCode(429)
                .putHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(body);
    }

    static boolean limited(String path) {
        return path != null && (path.equals("/mcp") || path.startsWith("/mcp/") || path.startsWith("/api/")
                || path.startsWith("/hooks/"));
    }

    /** The bearer token of an Authorization header, or null. */
    static String bearer(String authorization) {
        if (authorization == null || authorization.length() <= 7
                || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        String token = authorization.substring(7).trim();
        return token.isEmpty() ? null : token;
    }
}
