package dev.brain.tenancy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Optional;

import javax.sql.DataSource;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;

/**
 * Lets a call reach a Brain service only with a credential (common.proto, CALLERS AND TENANCY), and makes the call's
 * tenant available to the service method ({@link Tenancy#currentTenant()}):
 * <ul>
 * <li>{@code authorization: Bearer <service token>}: the gateway or another service, acting for the tenant it names in
 * {@code brain-tenant}; every RPC.</li>
 * <li>{@code authorization: Bearer <API token>}: a person or another program with one of the gateway's tokens of a
 * whole tenant; the token's tenant, never another one named in {@code brain-tenant}, and only RPCs up to the token's
 * highest scope ({@link RequiredScopes}). A token limited to one user is refused: the services check a memory pair
 * only against the tenant.</li>
 * </ul>
 * The standard services under {@code grpc.*} (health, reflection) stay open: they hold no tenant data.
 */
@ApplicationScoped
@GlobalInterceptor
public class CallerInterceptor implements ServerInterceptor {

    private final byte[] serviceToken;
    private final ApiTokenHolders apiTokens;
    private final RequiredScopes requiredScopes = new RequiredScopes();

    /** Made when the service's gRPC server starts: without a service token of at least 32 characters it does not start. */
    @Inject
    public CallerInterceptor(@ConfigProperty(name = "brain.callers.token-refresh", defaultValue = "3s") Duration tokenRefresh,
            Instance<DataSource> database) {
        this.serviceToken = Tenancy.serviceToken().getBytes(StandardCharsets.UTF_8);
        this.apiTokens = new ApiTokenHolders(database.get(), tokenRefresh);
    }

    @PreDestroy
    void stop() {
        apiTokens.close();
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        String service = call.getMethodDescriptor().getServiceName();
        if (service != null && service.startsWith("grpc.")) {
            return next.startCall(call, headers);
        }
        String authorization = headers.get(Tenancy.AUTHORIZATION);
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                || authorization.length() == 7) {
            return refuse(call, Status.UNAUTHENTICATED, "missing credential: gRPC metadata 'authorization: Bearer <token>'"
                    + " is required (an API token, or the service token with 'brain-tenant')");
        }
        String token = authorization.substring(7).strip();
        String named = headers.get(Tenancy.TENANT_HEADER);
        if (named != null && !Tenancy.TENANT_SYNTAX.matcher(named).matches()) {
            return refuse(call, Status.UNAUTHENTICATED,
                    "invalid tenant in metadata 'brain-tenant': 1-64 characters of [A-Za-z0-9._-]");
        }
        String tenant;
        if (MessageDigest.isEqual(serviceToken, token.getBytes(StandardCharsets.UTF_8))) {
            if (named == null || named.isEmpty()) {
                return refuse(call, Status.UNAUTHENTICATED,
                        "missing tenant: the service token acts for the tenant named in gRPC metadata 'brain-tenant'");
            }
            tenant = named;
        } else {
            long stale = apiTokens.staleSeconds();
            if (stale > 0) {
                return refuse(call, Status.UNAVAILABLE, "API tokens could not be read for " + stale
                        + " s (the database): only the service token is accepted until they are");
            }
            ApiTokenHolders.Holder holder = apiTokens.of(token);
            if (holder == null) {
                return refuse(call, Status.UNAUTHENTICATED, "unknown or revoked token");
            }
            if (holder.user() != null) {
                // the gateway keeps such a token to its user's memory pair; the services check a pair only against
                // the tenant, so a user's token would reach the other users' memories
                return refuse(call, Status.PERMISSION_DENIED, "a token of user '" + holder.user()
                        + "' is not accepted on gRPC (the services do not keep it to that user's memories): use a token"
                        + " of the tenant");
            }
            if (named != null && !named.isEmpty() && !named.equals(holder.tenant())) {
                return refuse(call, Status.PERMISSION_DENIED, "brain-tenant '" + named + "' is not the tenant of the token");
            }
            int needed = requiredScopes.of(call.getMethodDescriptor());
            if (holder.scope() < needed) {
                return refuse(call, Status.PERMISSION_DENIED, "scope: " + call.getMethodDescriptor().getFullMethodName()
                        + " needs a token with scope " + RequiredScopes.name(needed) + " (this one has "
                        + RequiredScopes.name(holder.scope()) + ")");
            }
            tenant = holder.tenant();
        }
        return Contexts.interceptCall(Context.current().withValue(Tenancy.TENANT, tenant), call, headers, next);
    }

    /**
     * The scope an RPC declares with {@code option (required_scope)} ({@code read}, {@code write}, {@code admin},
     * {@code system}), or empty when it declares none (the interceptor then requires system).
     */
    public static Optional<String> declaredScope(MethodDescriptor<?, ?> method) {
        return RequiredScopes.declaredLevel(method).map(RequiredScopes::name);
    }

    private static <Q, R> ServerCall.Listener<Q> refuse(ServerCall<Q, R> call, Status status, String reason) {
        call.close(status.withDescription(reason), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
