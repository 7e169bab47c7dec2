package dev.brain.gateway.auth;

import java.util.Set;

/**
 * Who a request acts for: the tenant, user (null: the tenant itself) and default project of its bearer token, and
 * the token's scopes as stored (each implies the ones below it, {@link TokenScope}).
 */
public record Caller(String tenant, String user, String defaultProject, Set<String> scopes) {

    public static final String READ = "read";
    public static final String WRITE = "write";
    public static final String ADMIN = "admin";
    public static final String SYSTEM = "system";

    /** Whether the token holds {@code scope} or a higher one. */
    public boolean has(TokenScope scope) {
        TokenScope held = TokenScope.highest(scopes);
        return held != null && held.implies(scope);
    }

    /**
     * The {@code user_id} of the caller's memory pairs (gateway.md's {@code <tenant>:<user>}): the tenant for a token
     * without a user — every such token of a tenant shares one memory per agent — else {@code tenant:user}, so one
     * tenant holds several people's memories.
     */
    public String memoryUser() {
        return user == null || user.isEmpty() ? tenant : tenant + ":" + user;
    }
}
