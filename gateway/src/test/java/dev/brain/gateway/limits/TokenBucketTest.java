package dev.brain.gateway.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The token bucket on a clock the test drives. */
class TokenBucketTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aFullBucketAllowsTheBurstThenSaysHowLongToWait() {
        TokenBucket bucket = new TokenBucket(2, 3, 0);
        assertThat(bucket.take(0)).isZero();
        assertThat(bucket.take(0)).isZero();
        assertThat(bucket.take(0)).isZero();
        assertThat(bucket.take(0)).isCloseTo(SECOND / 2, within(2L));
        assertThat(bucket.take(SECOND / 4)).isCloseTo(SECOND / 4, within(2L));
        assertThat(bucket.take(SECOND / 2 + 10)).isZero();
        assertThat(bucket.take(SECOND / 2 + 10)).isCloseTo(SECOND / 2, within(20L));
    }

    @Test
    void anIdleBucketRefillsToItsBurstAndNoFurther() {
        TokenBucket bucket = new TokenBucket(10, 5, 0);
        for (int i = 0; i < 5; i++) {
            assertThat(bucket.take(0)).isZero();
        }
        long later = 3600 * SECOND;
        for (int i = 0; i < 5; i++) {
            assertThat(bucket.take(later)).isZero();
        }
        assertThat(bucket.take(later)).isPositive();
    }

    @Test
    void theBearerTokenIsReadCaseInsensitivelyAndOnlyOnTheLimitedPaths() {
        assertThat(RateLimitFilter.bearer("Bearer brn_x")).isEqualTo("brn_x");
        assertThat(RateLimitFilter.bearer("bearer  brn_x ")).isEqualTo("brn_x");
        assertThat(RateLimitFilter.bearer("Basic abc")).isNull();
        assertThat(RateLimitFilter.bearer("Bearer ")).isNull();
        assertThat(RateLimitFilter.bearer(null)).isNull();
        assertThat(RateLimitFilter.limited("/mcp")).isTrue();
        assertThat(RateLimitFilter.limited("/api/v1/status")).isTrue();
        assertThat(RateLimitFilter.limited("/hooks/pre-tool-use")).isTrue();
        assertThat(RateLimitFilter.limited("/q/health")).isFalse();
        assertThat(RateLimitFilter.limited("/mcpx")).isFalse();
        assertThat(RateLimiter.sha256("brn_x")).hasSize(64);
    }
}
