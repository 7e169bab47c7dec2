package dev.brain.gateway.auth;

import java.nio.file.Path;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the local token that {@code ./brain up} hands to Claude Code. */
@ConfigMapping(prefix = "brain.auth")
public interface AuthConfig {

    /** Where the local token lives (created with mode 0600 when absent); unset: no local token. */
    Optional<Path> localTokenFile();

    @WithDefault("local")
    String localTenant();

    @WithDefault("default")
    String localProject();
}
