package dev.brain.gateway.auth;

import java.util.Set;

/** Who a request acts for: the tenant and default project of its bearer token, and the token's scopes. */
public record Caller(String tenant, String defaultProject, Set<String> scopes) {

    public static final String READ = "read";
    public static final String WRITE = "write";
    public static final String ADMIN = "admin";
}
