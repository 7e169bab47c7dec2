package dev.brain.gateway.hooks;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the Claude Code hook endpoints (gateway.md §3). */
@ConfigMapping(prefix = "brain.hooks")
public interface HookConfig {

    /** Deadline of a hook's calls to error-service; a late or failed call answers with an empty body. */
    @WithDefault("1s")
    Duration deadline();

    /**
     * Deadline of the PreToolUse check: it runs before every command and the hook script gives up after 1 s, so a
     * slow answer is dropped rather than making the agent wait.
     */
    @WithDefault("400ms")
    Duration preToolUseDeadline();

    /**
     * Project mapping that wins over the hook script's {@code brain_project}: entries {@code KEY=PROJECT} where KEY
     * is a normalised repository URL ({@code github.com/acme/shop}) or an absolute path prefix
     * ({@code /home/dev/work/}); the longest matching key wins.
     */
    Optional<List<String>> projects();

    /**
     * Whether Brain learns fixes from what a session does (the session trail, docs/errors.md): the tool uses after
     * a failed command are recorded, and the command's next run teaches a solution or a failed attempt. Off: failed
     * commands are still recorded as errors, nothing else is.
     */
    @WithDefault("true")
    boolean learnFromEdits();

    /**
     * Files Brain never learns from: an edit of such a file joins the trail without its change, and no fix is learned
     * across it. Globs; one without '/' matches a file's name at any depth, one with '/' its path from the project's
     * root ({@code **} crosses directories).
     */
    @WithDefault(".env*,*.pem,*.key,**/secrets/**")
    List<String> neverLearn();
}
