package dev.brain.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.UUID;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.flywaydb.core.Flyway;

import dev.brain.tenancy.Tenancy;

/**
 * API tokens as the gateway issues them, written straight into {@code gateway.api_token} of the test database (the
 * schema made by the gateway's own migrations, read from {@code ../gateway}), for tests of a service's callers.
 * The service under test re-reads live tokens every {@code brain.callers.token-refresh} (200 ms in tests).
 */
public final class TestApiTokens {

    private static volatile boolean migrated;

    private TestApiTokens() {
    }

    /** A new live token of {@code tenant} holding {@code scopes} (e.g. {@code read}); the plain token. */
    public static String create(String tenant, String... scopes) {
        return createForUser(tenant, null, scopes);
    }

    /** A new live token of {@code tenant} limited to {@code user} (null: the whole tenant); the plain token. */
    public static String createForUser(String tenant, String user, String... scopes) {
        String token = "brn_" + UUID.randomUUID().toString().replace("-", "") + UUID.randomUUID().toString().replace("-", "");
        try (Connection db = connection();
                PreparedStatement insert = db.prepareStatement("INSERT INTO gateway.api_token"
                        + " (token_sha256, tenant, user_id, default_project, scopes, label, created_at)"
                        + " VALUES (?, ?, ?, 'default', ?, 'test', now())")) {
            insert.setString(1, Tenancy.tokenSha256(token));
            insert.setString(2, tenant);
            insert.setString(3, user);
            insert.setArray(4, db.createArrayOf("text", scopes));
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not store a test token: " + e.getMessage(), e);
        }
        return token;
    }

    /** Revokes a token made by {@link #create}. */
    public static void revoke(String token) {
        try (Connection db = connection();
                PreparedStatement update = db.prepareStatement(
                        "UPDATE gateway.api_token SET revoked_at = now() WHERE token_sha256 = ?")) {
            update.setString(1, Tenancy.tokenSha256(token));
            update.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not revoke a test token: " + e.getMessage(), e);
        }
    }

    private static Connection connection() throws SQLException {
        Config config = ConfigProvider.getConfig();
        String url = config.getValue("quarkus.datasource.jdbc.url", String.class);
        String user = config.getValue("quarkus.datasource.username", String.class);
        String password = config.getValue("quarkus.datasource.password", String.class);
        if (!migrated) {
            synchronized (TestApiTokens.class) {
                if (!migrated) {
                    Path migrations = Path.of("..", "gateway", "src", "main", "resources", "db", "migration").toAbsolutePath()
                            .normalize();
                    if (!Files.isDirectory(migrations)) {
                        throw new IllegalStateException(migrations + " is missing: tests of callers run in the repository");
                    }
                    Flyway.configure().dataSource(url, user, password).schemas("gateway").defaultSchema("gateway")
                            .locations("filesystem:" + migrations).load().migrate();
                    migrated = true;
                }
            }
        }
        return DriverManager.getConnection(url, user, password);
    }
}
