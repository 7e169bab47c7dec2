package dev.brain.bench;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The gateway as the hook script and a user's tools reach it: HTTP/1.1 on its port, with a bearer token that the
 * bench writes into {@code gateway.api_token} for the run (a fresh random token under {@code label}, scopes read and
 * write) and deletes at its end: no usable bench token outlives a run, and the table holds at most one row per label.
 */
final class GatewayClient implements AutoCloseable {

    private final int port;
    private final String label;
    private final Connections db;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String token;

    /** Where the bench's connections to the database come from. */
    interface Connections {
        Connection connect() throws SQLException;
    }

    GatewayClient(int port, Connections db, String label, String tenant, String project) throws SQLException {
        this(port, db, label, tenant, project, "{read,write}");
    }

    /** {@code scopes}: a PostgreSQL array literal, e.g. {@code {read,write,system}}. */
    GatewayClient(int port, Connections db, String label, String tenant, String project, String scopes)
            throws SQLException {
        this.port = port;
        this.label = label;
        this.db = db;
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        this.token = "brn_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        deleteToken();
        try (Connection c = db.connect(); PreparedStatement insert = c.prepareStatement("""
                insert into gateway.api_token (token_sha256, tenant, default_project, scopes, label, created_at)
                values (?, ?, ?, ?::text[], ?, now())""")) {
            insert.setString(1, sha256(token));
            insert.setString(2, tenant);
            insert.setString(3, project);
            insert.setString(4, scopes);
            insert.setString(5, label);
            insert.executeUpdate();
        }
    }

    /** A request to {@code path} (with its query) carrying the token. */
    HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + token);
    }

    /** POSTs a JSON body to {@code path}; the answer's body. */
    String postJson(String path, String json) throws IOException, InterruptedException {
        return send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build());
    }

    /** GETs {@code path} as JSON; the answer's body. */
    String getJson(String path) throws IOException, InterruptedException {
        return send(request(path).header("Accept", "application/json").GET().build());
    }

    /** The answer's body; anything but 2xx stops the section. */
    String send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(request.uri().getPath() + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body();
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws SQLException {
        deleteToken();
    }

    private void deleteToken() throws SQLException {
        try (Connection c = db.connect();
                PreparedStatement delete = c.prepareStatement("delete from gateway.api_token where label = ?")) {
            delete.setString(1, label);
            delete.executeUpdate();
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
