package dev.brain.gateway.limits;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The per-token rate limit of {@code /mcp}, {@code /api} and {@code /hooks} (a token bucket per bearer token).
 * The defaults sit far above what one agent sends (a few requests a second) and above the single-token hooks
 * benchmark (about 150–200 sequential requests a second), so only a runaway client meets them.
 */
@ConfigMapping(prefix = "brain.limits")
public interface RateLimitConfig {

    /** Requests a second one token may make, sustained (the bucket's refill rate); 0 switches the limit off. */
    @WithDefault("200")
    double requestsPerSecond();

    /** Requests one token may make at once (the bucket's size). */
    @WithDefault("2000")
    int burst();

    /** Tokens tracked at most (least recently and least often used buckets are evicted first). */
    @WithDefault("50000")
    int trackedTokens();
}
