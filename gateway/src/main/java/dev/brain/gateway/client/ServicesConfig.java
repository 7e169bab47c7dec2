package dev.brain.gateway.client;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the gateway's calls to the three services. */
@ConfigMapping(prefix = "brain.services")
public interface ServicesConfig {

    /** Deadline of a call to a service, unless the call has its own (hooks, exports, imports, jobs). */
    @WithDefault("2s")
    Duration deadline();

    /**
     * How long start-up waits for the connections to the services ({@link ServiceChannels}); a service that refuses
     * the connection is not waited for; {@code 0s}: no connection before the first call.
     */
    @WithDefault("5s")
    Duration connectAtStart();

    /** Retries of idempotent reads (and of writes that carry an idempotency key) on {@code UNAVAILABLE}. */
    Retry retry();

    /** The circuit breaker of each service (one per service, shared by all its calls). */
    CircuitBreaker circuitBreaker();

    interface Retry {

        /** Attempts after the first; 0 switches retries off. Every attempt stays within the call's one deadline. */
        @WithDefault("2")
        int maxRetries();

        /** Pause before a retry. */
        @WithDefault("50ms")
        Duration delay();

        /** Random ± spread of the pause, so that many callers do not retry in step. */
        @WithDefault("25ms")
        Duration jitter();
    }

    interface CircuitBreaker {

        /** False: no breaker (every call waits for its own deadline). */
        @WithDefault("true")
        boolean enabled();

        /** The rolling window: the last this many calls decide whether the breaker opens. */
        @WithDefault("10")
        int requestVolume();

        /** Share of failed calls in the window (0–1) at which the breaker opens. */
        @WithDefault("0.5")
        double failureRatio();

        /** How long an open breaker fails calls at once before it lets a trial call through. */
        @WithDefault("5s")
        Duration delay();

        /** Successful trial calls that close a half-open breaker. */
        @WithDefault("1")
        int successThreshold();
    }
}
