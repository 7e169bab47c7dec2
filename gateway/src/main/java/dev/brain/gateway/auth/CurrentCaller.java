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

    public Caller get() {
        Caller caller = identity.getAttribute(ApiTokenIdentityProvider.CALLER);
        if (caller == null) {
            throw new UnauthorizedException("a bearer token is required");
        }
        return caller;
    }
}
