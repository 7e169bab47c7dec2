package dev.brain.memory.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import jakarta.inject.Singleton;

/**
 * The service's Clock in tests (replaces the {@code @DefaultBean} of ClockProducer): the system time until a
 * test fixes it, then exactly the fixed instant, moved by {@link #advance}. Tests call {@link #reset} after.
 */
@Singleton
public class TestClock extends Clock {

    private volatile Instant fixed;

    public void set(Instant instant) {
        fixed = instant;
    }

    public void advance(Duration duration) {
        fixed = instant().plus(duration);
    }

    public void reset() {
        fixed = null;
    }

    @Override
    public Instant instant() {
        Instant f = fixed;
        return f != null ? f : Instant.now();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
