package dev.brain.gateway.limits;

/**
 * A token bucket: it holds up to {@code burst} tokens, refills at {@code perSecond}, and each request takes one.
 * Time is passed in (nanoseconds of {@link System#nanoTime()}), so a test can drive it.
 */
final class TokenBucket {

    private final double perNano;
    private final double capacity;
    private double tokens;
    private long last;

    TokenBucket(double perSecond, int burst, long now) {
        this.perNano = perSecond / 1_000_000_000d;
        this.capacity = burst;
        this.tokens = burst;
        this.last = now;
    }

    /** Takes one token: 0 when there was one, else the nanoseconds until the next one is there (nothing taken). */
    synchronized long take(long now) {
        if (now > last) {
            tokens = Math.min(capacity, tokens + (now - last) * perNano);
            last = now;
        }
        if (tokens >= 1) {
            tokens -= 1;
            return 0;
        }
        return Math.max(1, (long) Math.ceil((1 - tokens) / perNano));
    }
}
