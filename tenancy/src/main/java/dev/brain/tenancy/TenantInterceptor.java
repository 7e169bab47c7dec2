package dev.brain.tenancy;

import jakarta.enterprise.context.ApplicationScoped;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;

/**
 * Rejects every call to a Brain service that does not name a valid tenant in the {@code brain-tenant}
 * metadata, and makes the tenant available to the service method ({@link Tenancy#currentTenant()}).
 * The standard services under {@code grpc.*} (health, reflection) stay open so probes and tools work.
 */
@ApplicationScoped
@GlobalInterceptor
public class TenantInterceptor implements ServerInterceptor {

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        String service = call.getMethodDescriptor().getServiceName();
        if (service != null && service.startsWith("grpc.")) {
            return next.startCall(call, headers);
        }
        String tenant = headers.get(Tenancy.TENANT_HEADER);
        if (tenant == null || tenant.isEmpty()) {
            return reject(call, "missing tenant: gRPC metadata 'brain-tenant' is required");
        }
        if (!Tenancy.TENANT_SYNTAX.matcher(tenant).matches()) {
            return reject(call, "invalid tenant in metadata 'brain-tenant': 1-64 characters of [A-Za-z0-9._-]");
        }
        return Contexts.interceptCall(Context.current().withValue(Tenancy.TENANT, tenant), call, headers, next);
    }

    private static <Q, R> ServerCall.Listener<Q> reject(ServerCall<Q, R> call, String reason) {
        call.close(Status.UNAUTHENTICATED.withDescription(reason), new Metadata());
        return new ServerCall.Listener<>() {
        };
    }
}
