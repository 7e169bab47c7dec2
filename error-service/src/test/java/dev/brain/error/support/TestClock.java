package dev.brain.error.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

/** The service's clock in tests: starts at the real time, tests set or advance it. */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends Clock {

    private volatile Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);

    public void set(Instant instant) {
        now = instant;
    }

    public void reset() {
        now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    public void advance(Duration d) {
        now = now.plus(d);
    }

    @Override
    public Instant instant() {
        return now;
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
