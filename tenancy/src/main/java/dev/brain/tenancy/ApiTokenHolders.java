package dev.brain.tenancy;

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
 * database: a token created a moment ago works within one refresh, a revoked one stops within one refresh. When the
 * tokens could not be read for {@link #STALE_AFTER} (or three refresh periods), API tokens are refused until a read
 * succeeds again, so a revoked token never outlives a database outage.
 * Without the gateway's schema (a service run on its own) no API token is known and only the service token works.
 */
final class ApiTokenHolders {

    /**
     * What a live token allows: its tenant, its highest scope level ({@link RequiredScopes}; 0: none) and the user it
     * is limited to (null: a token of the whole tenant).
     */
    record Holder(String tenant, int scope, String user) {
    }

    private static final String LIVE_TOKENS = "SELECT token_sha256, tenant, scopes, user_id FROM gateway.api_token"
            + " WHERE revoked_at IS NULL";

    /** API tokens are refused when the last successful read is older than this (and 3 refresh periods). */
    static final Duration STALE_AFTER = Duration.ofSeconds(10);

    private final DataSource database;
    private final ScheduledExecutorService reader;
    private final Duration staleAfter;
    private volatile Map<String, Holder> byHash = Map.of();
    private volatile long readAt = System.nanoTime();
    private volatile boolean warnedMissing;

    ApiTokenHolders(DataSource database, Duration refresh) {
        this.database = database;
        this.staleAfter = refresh.multipliedBy(3).compareTo(STALE_AFTER) > 0 ? refresh.multipliedBy(3) : STALE_AFTER;
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
        return byHash.get(Tenancy.tokenSha256(token));
    }

    /**
     * Seconds since the tokens were last read when that is too long ago to trust the snapshot (a revoked token would
     * keep working), else 0.
     */
    long staleSeconds() {
        long age = System.nanoTime() - readAt;
        return age > staleAfter.toNanos() ? Duration.ofNanos(age).toSeconds() : 0;
    }

    void refresh() {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(2);
            Map<String, Holder> next = new HashMap<>();
            try (ResultSet rows = statement.executeQuery(LIVE_TOKENS)) {
                while (rows.next()) {
                    Array scopes = rows.getArray(3);
                    next.put(rows.getString(1), new Holder(rows.getString(2), highest((String[]) scopes.getArray()),
                            rows.getString(4)));
                }
            }
            byHash = Map.copyOf(next);
            readAt = System.nanoTime();
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState()) || "3F000".equals(e.getSQLState())) {
                byHash = Map.of(); // no gateway schema here: only the service token is accepted
                readAt = System.nanoTime();
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
}
