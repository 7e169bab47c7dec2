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
}
