package dev.brain.gateway.auth;

import jakarta.enterprise.context.RequestScoped;

import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;

/** The {@link Caller} of the current request (MCP, REST or hook). */
@RequestScoped
public class CurrentCaller {

    private final SecurityIdentity identity;

    public CurrentCaller(SecurityIdentity identity) {
        this.identity = identity;
    }

    /** The caller, or null when the request carries no valid token (the web view then shows its login form). */
    public Caller orNull() {
        return identity.getAttribute(ApiTokenIdentityProvider.CALLER);
    }

    public Caller get() {
        Caller caller = identity.getAttribute(ApiTokenIdentityProvider.CALLER);
        if (caller == null) {
            throw new UnauthorizedException("a bearer token is required");
        }
        return caller;
    }
}
