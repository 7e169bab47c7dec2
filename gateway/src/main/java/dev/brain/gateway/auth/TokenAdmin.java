package dev.brain.gateway.auth;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.tenancy.RequestText;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Token management (gateway.md §4, {@code ./brain token}): who may do what. A token with scope {@code admin}
 * creates, lists and revokes tokens of its own tenant, with scopes up to {@code admin}; a token with scope
 * {@code system} (the local token) does so for any tenant and may grant {@code system}. A token is shown once, at
 * creation; only its SHA-256 is stored.
 */
@ApplicationScoped
public class TokenAdmin {

    static final Pattern TENANT = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    static final Pattern USER = Pattern.compile("[A-Za-z0-9._@-]{1,64}");
    static final Pattern PROJECT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    /** memory.md §14: a pair's user_id is at most 100 characters; the gateway sends {@code tenant:user}. */
    static final int MAX_MEMORY_USER = 100;
    static final int MAX_LABEL = 200;
    static final List<String> DEFAULT_SCOPES = List.of(Caller.READ, Caller.WRITE);

    /** A token to create; every field optional (tenant: the caller's; scopes: read, write; project: default). */
    @RegisterForReflection
    public record NewToken(String tenant, String user, List<String> scopes, String project, String label) {
    }

    /** A stored token as listed: never the token, never its hash. */
    @RegisterForReflection
    public record TokenView(long id, String tenant, String user, String project, List<String> scopes, String label,
            String created_at, String revoked_at) {
    }

    /** The answer to a creation: the token, shown this once, and its row. */
    @RegisterForReflection
    public record CreatedToken(String token, TokenView stored) {
    }

    /** Thrown for a token id that is not the caller's to see (REST 404). */
    public static class UnknownToken extends RuntimeException {
        public UnknownToken(String message) {
            super(message);
        }
    }

    private final ApiTokens tokens;
    private final ApiTokenRepository repository;

    public TokenAdmin(ApiTokens tokens, ApiTokenRepository repository) {
        this.tokens = tokens;
        this.repository = repository;
    }

    public CreatedToken create(Caller caller, NewToken in) {
        NewToken n = in == null ? new NewToken(null, null, null, null, null) : in;
        if (n.tenant() != null && RequestText.blank(n.tenant())) {
            throw new IllegalArgumentException("tenant: empty; leave it out for a token of your own tenant");
        }
        String tenant = tenantOf(caller, n.tenant(), "creating a token of another tenant");
        String user = blank(n.user()) ? null : n.user().strip();
        if (user != null && !USER.matcher(user).matches()) {
            throw new IllegalArgumentException("user: '" + user + "' is not a user name (1–64 of [A-Za-z0-9._@-])");
        }
        if (user != null && tenant.length() + 1 + user.length() > MAX_MEMORY_USER) {
            throw new IllegalArgumentException("user: tenant:user is " + (tenant.length() + 1 + user.length())
                    + " characters, at most " + MAX_MEMORY_USER + " (the memory pair's user_id)");
        }
        String project = blank(n.project()) ? "default" : n.project().strip();
        if (!PROJECT.matcher(project).matches()) {
            throw new IllegalArgumentException(
                    "project: '" + project + "' is not a project name (1–128 of [A-Za-z0-9._-], first a letter or digit)");
        }
        String label = n.label() == null ? "" : RequestText.clean(n.label()).strip(); // the services' text rule
        if (label.length() > MAX_LABEL) {
            throw new IllegalArgumentException("label: " + label.length() + " characters, at most " + MAX_LABEL);
        }
        Set<String> scopes = new LinkedHashSet<>();
        if (n.scopes() == null || n.scopes().isEmpty()) {
            scopes.addAll(DEFAULT_SCOPES);
        } else {
            for (int i = 0; i < n.scopes().size(); i++) {
                scopes.add(TokenScope.of("scopes[" + i + "]", n.scopes().get(i)).id());
            }
        }
        if (scopes.contains(Caller.SYSTEM)) {
            ScopeGuard.require(caller, TokenScope.SYSTEM, "granting scope system");
        }
        ApiTokens.Created created = tokens.create(tenant, user, project, scopes, label);
        return new CreatedToken(created.token(), view(repository.findById(created.id()).orElseThrow()));
    }

    /** The tokens of a tenant, newest first: the caller's own tenant; with scope system any one, or all (null). */
    public List<TokenView> list(Caller caller, String tenant) {
        String of = blank(tenant) ? (caller.has(TokenScope.SYSTEM) ? null : caller.tenant())
                : tenantOf(caller, tenant, "listing the tokens of another tenant");
        List<TokenView> views = new ArrayList<>();
        for (ApiToken t : repository.listOf(of)) {
            views.add(view(t));
        }
        return views;
    }

    /** Revokes a token by id; a token of another tenant is unknown unless the caller has scope system. */
    public TokenView revoke(Caller caller, long id) {
        if (repository.findById(id).filter(t -> visible(caller, t)).isEmpty()) {
            throw new UnknownToken(
                    "id: no token " + id + (caller.has(TokenScope.SYSTEM) ? "" : " in tenant " + caller.tenant()));
        }
        return view(tokens.revoke(id).orElseThrow());
    }

    /** Revokes a token given as itself (e.g. one that leaked), under the same rule as {@link #revoke(Caller, long)}. */
    public TokenView revoke(Caller caller, String token) {
        if (blank(token)) {
            throw new IllegalArgumentException("token: is required (the token itself, brn_…, or an id)");
        }
        ApiToken stored = tokens.find(token.strip()).filter(t -> visible(caller, t))
                .orElseThrow(() -> new UnknownToken(
                        "token: no such token" + (caller.has(TokenScope.SYSTEM) ? "" : " in tenant " + caller.tenant())));
        return view(tokens.revoke(stored.id()).orElseThrow());
    }

    private static boolean visible(Caller caller, ApiToken token) {
        return token.tenant().equals(caller.tenant()) || caller.has(TokenScope.SYSTEM);
    }

    private static String tenantOf(Caller caller, String tenant, String what) {
        if (blank(tenant)) {
            return caller.tenant();
        }
        String t = tenant.strip();
        if (!TENANT.matcher(t).matches()) {
            throw new IllegalArgumentException("tenant: '" + t + "' is not a tenant name (1–64 of [A-Za-z0-9._-])");
        }
        if (!t.equals(caller.tenant())) {
            ScopeGuard.require(caller, TokenScope.SYSTEM, what);
        }
        return t;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    static TokenView view(ApiToken t) {
        return new TokenView(t.id(), t.tenant(), t.userId(), t.defaultProject(), t.scopes(), t.label(),
                t.createdAt().withOffsetSameInstant(ZoneOffset.UTC).toString(),
                t.revokedAt() == null ? null : t.revokedAt().withOffsetSameInstant(ZoneOffset.UTC).toString());
    }
}
