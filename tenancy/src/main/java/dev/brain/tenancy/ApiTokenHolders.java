package dev.brain.tenancy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.quarkus.logging.Log;

/**
 * The gateway's API tokens as the services see them: every live token's SHA-256 with its tenant and highest scope,
 * read whole from {@code gateway.api_token} (the one table a service reads outside its own schema; only hashes are
 * stored there) every {@code brain.callers.token-refresh} on a daemon thread of its own. A call never waits for the
 * database: a token created a moment ago works within one refresh, a revoked one stops within one refresh.
 * Without the gateway's schema (a service run on its own) no API token is known and only the service token works.
 */
final class ApiTokenHolders {

    /** What a live token allows: its tenant and its highest scope level ({@link RequiredScopes}; 0: none). */
    record Holder(String tenant, int scope) {
    }

    private static final String LIVE_TOKENS = "SELECT token_sha256, tenant, scopes FROM gateway.api_token WHERE revoked_at IS NULL";

    private final DataSource database;
    private final ScheduledExecutorService reader;
    private volatile Map<String, Holder> byHash = Map.of();
    private volatile boolean warnedMissing;

    ApiTokenHolders(DataSource database, Duration refresh) {
        this.database = database;
        this.reader = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "api-token-holders");
            thread.setDaemon(true);
            return thread;
        });
        reader.scheduleWithFixedDelay(this::refresh, 0, refresh.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops re-reading (the service stops; a test restarts the application in the same JVM). */
    void close() {
        reader.shutdownNow();
    }

    /** The holder of a token, or null when no live API token has that value. */
    Holder of(String token) {
        return byHash.get(sha256(token));
    }

    void refresh() {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(LIVE_TOKENS)) {
            Map<String, Holder> next = new HashMap<>();
            while (rows.next()) {
                Array scopes = rows.getArray(3);
                next.put(rows.getString(1), new Holder(rows.getString(2), highest((String[]) scopes.getArray())));
            }
            byHash = Map.copyOf(next);
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState()) || "3F000".equals(e.getSQLState())) {
                byHash = Map.of(); // no gateway schema here: only the service token is accepted
                if (!warnedMissing) {
                    warnedMissing = true;
                    Log.info("gateway.api_token does not exist: API tokens are not accepted on gRPC, only the service token");
                }
            } else {
                Log.warnf("API tokens not re-read (the last ones read still hold): %s", e.getMessage());
            }
        } catch (RuntimeException e) {
            Log.warnf("API tokens not re-read (the last ones read still hold): %s", e.getMessage());
        }
    }

    /** The highest level of the stored scope names (read < write < admin < system); 0 when none is known. */
    static int highest(String[] names) {
        int best = 0;
        for (String name : names) {
            best = Math.max(best, RequiredScopes.level(name));
        }
        return best;
    }

    /** The hex SHA-256 of a token, as the gateway stores it. */
    static String sha256(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
