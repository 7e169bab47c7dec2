package dev.brain.gateway.hooks;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the Claude Code hook endpoint (gateway.md §3). */
@ConfigMapping(prefix = "brain.hooks")
public interface HookConfig {

    /** {@code context}: hookSpecificOutput.additionalContext; {@code decision}: {"decision":"block","reason":…}. */
    @WithDefault("context")
    String output();

    /** Deadline of the hook's call to error-service; a late or failed call answers with an empty body. */
    @WithDefault("1s")
    Duration deadline();
}
