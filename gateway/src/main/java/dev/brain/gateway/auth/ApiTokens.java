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
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Bearer tokens: {@code brn_} + 256 random bits (base64url). Only the SHA-256 of a token is stored; a
 * token maps to a tenant, a default project and scopes.
 */
@ApplicationScoped
public class ApiTokens {

    static final String PREFIX = "brn_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final DataSource dataSource;

    public ApiTokens(DataSource dataSource) {
        this.dataSource = dataSource;
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
        String sql = """
                insert into api_token (token_sha256, tenant, default_project, scopes, label, created_at)
                values (?, ?, ?, ?, ?, ?) on conflict (token_sha256) do nothing
                """;
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sha256(token));
            statement.setString(2, tenant);
            statement.setString(3, defaultProject);
            statement.setArray(4, connection.createArrayOf("text", scopes.toArray()));
            statement.setString(5, label);
            statement.setObject(6, OffsetDateTime.now(ZoneOffset.UTC));
            statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot store API token: " + e.getMessage(), e);
        }
    }

    /** The caller a token stands for, if it is known and not revoked. */
    public Optional<Caller> authenticate(String token) {
        if (token == null || !token.startsWith(PREFIX) || token.length() > 100) {
            return Optional.empty();
        }
        String sql = "select tenant, default_project, scopes from api_token where token_sha256 = ? and revoked_at is null";
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, sha256(token));
            try (ResultSet rs = statement.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                Array scopes = rs.getArray(3);
                Set<String> scopeSet = new LinkedHashSet<>(List.of((String[]) scopes.getArray()));
                return Optional.of(new Caller(rs.getString(1), rs.getString(2), scopeSet));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read API tokens: " + e.getMessage(), e);
        }
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
