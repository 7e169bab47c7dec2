package dev.brain.tenancy;

import java.util.regex.Pattern;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.Status;

/** The tenant a gRPC call acts for: its metadata key, its syntax, and the lookup inside a call. */
public final class Tenancy {

    /** gRPC metadata header that carries the caller's tenant (set by the gateway from the bearer token). */
    public static final Metadata.Key<String> TENANT_HEADER = Metadata.Key.of("brain-tenant",
            Metadata.ASCII_STRING_MARSHALLER);

    /** error-code.md §2: 1–64 characters of {@code [A-Za-z0-9._-]}. */
    public static final Pattern TENANT_SYNTAX = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    static final Context.Key<String> TENANT = Context.key("brain-tenant");

    private Tenancy() {
    }

    /** The tenant of the current call; the {@link TenantInterceptor} guarantees one inside every service method. */
    public static String currentTenant() {
        String tenant = TENANT.get();
        if (tenant == null) {
            throw Status.UNAUTHENTICATED.withDescription("no tenant: gRPC metadata 'brain-tenant' is required")
                    .asRuntimeException();
        }
        return tenant;
    }

    /**
     * Checks a tenant named in a request body against the call's tenant: empty means "the caller's",
     * anything else must be the caller's own.
     */
    public static String requireOwnTenant(String requested) {
        String tenant = currentTenant();
        if (requested != null && !requested.isEmpty() && !requested.equals(tenant)) {
            throw Status.PERMISSION_DENIED.withDescription("scope.tenant '" + requested
                    + "' is not the caller's tenant").asRuntimeException();
        }
        return tenant;
    }

    /** Metadata that makes a call act for {@code tenant}; used by clients (gateway, service-to-service). */
    public static Metadata metadataFor(String tenant) {
        Metadata metadata = new Metadata();
        metadata.put(TENANT_HEADER, tenant);
        return metadata;
    }
}
