package dev.brain.gateway.limits;

import java.math.BigDecimal;
import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.brain.tenancy.Tenancy;

/**
 * One {@link TokenBucket} per bearer token, keyed by the token's SHA-256 (the raw token is never kept), in a
 * bounded cache: at most {@code brain.limits.tracked-tokens} buckets, and a bucket unused for as long as it takes
 * to refill is dropped (a fresh one is the same: full).
 */
@ApplicationScoped
public class RateLimiter {

    private final RateLimitConfig config;
    private final Cache<String, TokenBucket> buckets;

    public RateLimiter(RateLimitConfig config) {
        this.config = config;
        double refillSeconds = config.requestsPerSecond() > 0 ? config.burst() / config.requestsPerSecond() : 1;
        this.buckets = Caffeine.newBuilder()
                .maximumSize(config.trackedTokens())
                .expireAfterAccess(Duration.ofMillis((long) Math.ceil(Math.max(1, refillSeconds) * 1000) + 1000))
                .build();
    }

    /** True when the limit is on ({@code brain.limits.requests-per-second} > 0). */
    public boolean enabled() {
        return config.requestsPerSecond() > 0;
    }

    /** Counts one request of {@code token}: 0 when allowed, else the nanoseconds until the token may call again. */
    public long take(String token) {
        return buckets.get(sha256(token), key -> new TokenBucket(config.requestsPerSecond(), config.burst(),
                System.nanoTime())).take(System.nanoTime());
    }

    /** The limit in one line (for the 429 answer). */
    String describe() {
        return BigDecimal.valueOf(config.requestsPerSecond()).stripTrailingZeros().toPlainString()
                + " requests/s per token, bursts of " + config.burst();
    }

    static String sha256(String token) {
        return Tenancy.tokenSha256(token);
    }
}
