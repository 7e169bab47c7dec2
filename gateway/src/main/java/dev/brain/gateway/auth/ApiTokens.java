package dev.brain.gateway.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.brain.tenancy.Tenancy;

/**
 * Bearer tokens: {@code brn_} + 256 random bits (base64url). Only the SHA-256 of a token is stored; a
 * token maps to a tenant, optionally a user of it, a default project and scopes ({@link ApiTokenRepository}
 * stores them).
 */
@ApplicationScoped
public class ApiTokens {

    static final String PREFIX = "brn_";
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * How long a token, once read, is believed without reading it again. A request of a token seen within this time
     * costs no database read and no switch to a worker thread (~1 ms of every call through the gateway); a token
     * revoked in the database stops working on every replica within this time.
     */
    static final Duration BELIEVED = Duration.ofSeconds(10);

    private final ApiTokenRepository repository;
    /** Callers of tokens read within {@link #BELIEVED}, by the token's hash; unknown tokens are never kept. */
    private final Cache<String, Caller> recent = Caffeine.newBuilder().expireAfterWrite(BELIEVED).maximumSize(10_000)
            .build();

    public ApiTokens(ApiTokenRepository repository) {
        this.repository = repository;
    }

    /** The caller of a token read within {@link #BELIEVED}, without reading the database; null if none. */
    public Caller recentlyRead(String token) {
        return wellFormed(token) ? recent.getIfPresent(sha256(token)) : null;
    }

    private static boolean wellFormed(String token) {
        return token != null && token.startsWith(PREFIX) && token.length() <= 100;
    }

    /** Creates a token of the tenant itself (no user) and returns it; the plain token exists only in the caller's hands. */
    public String create(String tenant, String defaultProject, Set<String> scopes, String label) {
        return create(tenant, null, defaultProject, scopes, label).token();
    }

    /** A token just created: the token itself (shown once, never stored) and its row's id. */
    public record Created(long id, String token) {
    }

    /** Creates a token, optionally of one user of the tenant; only its SHA-256 is stored. */
    public Created create(String tenant, String user, String defaultProject, Set<String> scopes, String label) {
        String token = newToken();
        long id = repository.insert(sha256(token), tenant, user, defaultProject, scopes.toArray(String[]::new), label,
                OffsetDateTime.now(ZoneOffset.UTC));
        return new Created(id, token);
    }

    private static String newToken() {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** Stores the hash of a known token, or brings its tenant, project and scopes up to date (idempotent). */
    public void register(String token, String tenant, String defaultProject, Set<String> scopes, String label) {
        repository.register(sha256(token), tenant, defaultProject, scopes.toArray(String[]::new), label,
                OffsetDateTime.now(ZoneOffset.UTC));
    }

    /** The stored row of a token (revoked or not), by the token itself. */
    public Optional<ApiToken> find(String token) {
        return wellFormed(token) ? repository.findByHash(sha256(token)) : Optional.empty();
    }

    /**
     * Revokes a token: it stops working at once on this replica (its believed caller is dropped) and within
     * {@link #BELIEVED} on every other one.
     */
    public Optional<ApiToken> revoke(long id) {
        Optional<ApiToken> revoked = repository.revoke(id, OffsetDateTime.now(ZoneOffset.UTC));
        revoked.ifPresent(t -> recent.invalidate(t.tokenSha256()));
        return revoked;
    }

    /**
     * The caller a token stands for, if it is known and not revoked: one select by hash, outside a transaction (a
     * read needs none); the caller is then {@linkplain #recentlyRead believed} for {@link #BELIEVED}.
     */
    public Optional<Caller> authenticate(String token) {
        if (!wellFormed(token)) {
            return Optional.empty();
        }
        String hash = sha256(token);
        Optional<Caller> caller = repository.findActive(hash)
                .map(t -> new Caller(t.tenant(), t.userId(), t.defaultProject(), new LinkedHashSet<>(t.scopes())));
        caller.ifPresent(c -> recent.put(hash, c));
        return caller;
    }

    /**
     * The local token of {@code ./brain up}: read from {@code file} if it exists (and registered again, so a
     * fresh database accepts it and an older row gets today's scopes), else created and written there with mode 0600.
     */
    public String ensureTokenFile(Path file, String tenant, String defaultProject, Set<String> scopes) {
        try {
            if (Files.exists(file)) {
                String token = Files.readString(file, StandardCharsets.UTF_8).trim();
                register(token, tenant, defaultProject, scopes, "local");
                return token;
            }
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            String token = newToken();
            register(token, tenant, defaultProject, scopes, "local");
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, token + "\n", StandardCharsets.UTF_8);
            return token;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the local token file " + file, e);
        }
    }

    static String sha256(String token) {
        return Tenancy.tokenSha256(token);
    }
}
