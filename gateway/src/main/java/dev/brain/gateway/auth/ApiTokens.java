package dev.brain.gateway.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;

/**
 * Bearer tokens: {@code brn_} + 256 random bits (base64url). Only the SHA-256 of a token is stored; a
 * token maps to a tenant, a default project and scopes ({@link ApiTokenRepository} stores them).
 */
@ApplicationScoped
public class ApiTokens {

    static final String PREFIX = "brn_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final ApiTokenRepository repository;

    public ApiTokens(ApiTokenRepository repository) {
        this.repository = repository;
    }

    /** Creates a token and returns it; the plain token exists only in the caller's hands from now on. */
    public String create(String tenant, String defaultProject, Set<String> scopes, String label) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String token = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        register(token, tenant, defaultProject, scopes, label);
        return token;
    }

    /** Stores the hash of a known token (idempotent). */
    public void register(String token, String tenant, String defaultProject, Set<String> scopes, String label) {
        repository.register(sha256(token), tenant, defaultProject, scopes.toArray(String[]::new), label,
                OffsetDateTime.now(ZoneOffset.UTC));
    }

    /**
     * The caller a token stands for, if it is known and not revoked. Runs on every request: one select by hash,
     * outside a transaction (a read needs none).
     */
    @ActivateRequestContext
    public Optional<Caller> authenticate(String token) {
        if (token == null || !token.startsWith(PREFIX) || token.length() > 100) {
            return Optional.empty();
        }
        return repository.findActive(sha256(token))
                .map(t -> new Caller(t.tenant, t.defaultProject, new LinkedHashSet<>(List.of(t.scopes))));
    }

    /**
     * The local token of {@code ./brain up}: read from {@code file} if it exists (and registered again, so a
     * fresh database accepts it), else created and written there with mode 0600.
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
            String token = create(tenant, defaultProject, scopes, "local");
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, token + "\n", StandardCharsets.UTF_8);
            return token;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the local token file " + file, e);
        }
    }

    static String sha256(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
