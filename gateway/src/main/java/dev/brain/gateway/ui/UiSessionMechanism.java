package dev.brain.gateway.ui;

import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;

/**
 * The web view's login: the token in the {@code HttpOnly}, {@code SameSite=Strict} cookie {@value #COOKIE}, honoured
 * on {@code /ui} paths only (the API keeps to {@code Authorization: Bearer}, so the cookie widens nothing there). An
 * unknown or revoked token in the cookie is no identity: the page answers with the login form instead of a 401.
 * Runs after the bearer mechanism, so a page called with {@code Authorization: Bearer} (scripts, tests) uses that.
 */
@ApplicationScoped
public class UiSessionMechanism implements HttpAuthenticationMechanism {

    static final String COOKIE = "brain_ui";

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        String path = context.normalizedPath();
        Cookie cookie = context.request().getCookie(COOKIE);
        if (cookie == null || !(path.equals("/ui") || path.startsWith("/ui/"))) {
            return Uni.createFrom().optional(Optional.empty());
        }
        TokenAuthenticationRequest request = new TokenAuthenticationRequest(
                new TokenCredential(cookie.getValue(), "cookie"));
        HttpSecurityUtils.setRoutingContextAttribute(request, context);
        return identities.authenticate(request).onFailure().recoverWithNull();
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().optional(Optional.empty());
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class);
    }

    /** After {@code BearerTokenMechanism} (default priority 1000): a bearer header wins over the cookie. */
    @Override
    public int getPriority() {
        return 500;
    }
}
