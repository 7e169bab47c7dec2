package dev.brain.gateway.auth;

import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;

/**
 * Turns a bearer token into an identity: principal = tenant, roles = the scopes it may use
 * (each held scope and those below it), attribute {@code caller}.
 */
@ApplicationScoped
public class ApiTokenIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {

    static final String CALLER = "caller";

    private final ApiTokens tokens;

    public ApiTokenIdentityProvider(ApiTokens tokens) {
        this.tokens = tokens;
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        String token = request.getToken().getToken();
        Caller recent = tokens.recentlyRead(token);
        if (recent != null) {
            return Uni.createFrom().item(identity(recent));
        }
        return context.runBlocking(() -> tokens.authenticate(token).map(ApiTokenIdentityProvider::identity)
                .orElseThrow(() -> new AuthenticationFailedException("unknown or revoked token")));
    }

    private static SecurityIdentity identity(Caller caller) {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(caller.tenant()))
                .addRoles(TokenScope.effective(caller.scopes()).stream().map(TokenScope::id).collect(Collectors.toSet()))
                .addAttribute(CALLER, caller)
                .build();
    }
}
