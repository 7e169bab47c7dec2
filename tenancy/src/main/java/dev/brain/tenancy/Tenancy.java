package dev.brain.tenancy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

import org.eclipse.microprofile.config.ConfigProvider;

import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.Status;

/**
 * The tenant a gRPC call acts for and the credential it comes with: the metadata keys, the tenant's syntax, the
 * lookup inside a call, and the metadata a client sends ({@link #metadataFor}).
 */
public final class Tenancy {

    /** gRPC metadata header that names the tenant a holder of the service token acts for. */
    public static final Metadata.Key<String> TENANT_HEADER = Metadata.Key.of("brain-tenant",
            Metadata.ASCII_STRING_MARSHALLER);

    /** gRPC metadata header with the caller's credential: {@code Bearer <API token or service token>}. */
    public static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization",
            Metadata.ASCII_STRING_MARSHALLER);

    /** The config key of the token the gateway and the services share; {@code BRAIN_SERVICE_TOKEN} in production. */
    public static final String SERVICE_TOKEN_KEY = "brain.service-token";

    /** A service token shorter than this is refused at start: it must not be guessable. */
    static final int SERVICE_TOKEN_MIN_LENGTH = 32;

    /** error-code.md §2: 1–64 characters of {@code [A-Za-z0-9._-]}. */
    public static final Pattern TENANT_SYNTAX = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    static final Context.Key<String> TENANT = Context.key("brain-tenant");

    private Tenancy() {
    }

    /** The tenant of the current call; the {@link CallerInterceptor} guarantees one inside every service method. */
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

    /**
     * Metadata that makes a call act for {@code tenant} with this process's service token ({@link #serviceToken()});
     * used by the gateway and by services calling services.
     */
    public static Metadata metadataFor(String tenant) {
        return metadataFor(serviceToken(), tenant);
    }

    /** Metadata of a call with {@code token} (an API token or the service token) that names {@code tenant} (null: none). */
    public static Metadata metadataFor(String token, String tenant) {
        Metadata metadata = new Metadata();
        metadata.put(AUTHORIZATION, "Bearer " + token);
        if (tenant != null) {
            metadata.put(TENANT_HEADER, tenant);
        }
        return metadata;
    }

    /**
     * The service token of this process (config {@value #SERVICE_TOKEN_KEY}), or an exception that says how to set it.
     * Read from the config on each call: a lookup in a map, and no copy that could outlive a test profile.
     */
    public static String serviceToken() {
        return checkedServiceToken(ConfigProvider.getConfig().getOptionalValue(SERVICE_TOKEN_KEY, String.class).orElse(null));
    }

    /**
     * The hex SHA-256 of an API token: the only form in which the gateway stores a token ({@code gateway.api_token})
     * and in which the gateway's rate limiter and the services look one up.
     */
    public static String tokenSha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    static String checkedServiceToken(String token) {
        if (token == null || token.isBlank()) {
            throw new IllegalStateException(SERVICE_TOKEN_KEY + " is not set: set BRAIN_SERVICE_TOKEN to the token the gateway"
                    + " and the services share (./brain up makes one in data/service-token)");
        }
        if (token.strip().length() < SERVICE_TOKEN_MIN_LENGTH) {
            throw new IllegalStateException(SERVICE_TOKEN_KEY + " is too short: at least " + SERVICE_TOKEN_MIN_LENGTH
                    + " characters");
        }
        return token.strip();
    }
}
