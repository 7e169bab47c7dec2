package dev.brain.gateway.research;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What callers send: the tools' arguments and the REST bodies (same field names). */
public final class ResearchInputs {

    private ResearchInputs() {
    }

    /** An insight's lifecycle step: {@code status} acknowledged, acted_upon, dismissed or expired (forward only). */
    @RegisterForReflection
    public record StatusChange(String status, String outcome, Boolean action_taken) {
    }

    /**
     * A research result for the library (knowledge_save): {@code topic}, {@code distillate} and {@code salience}
     * are required; {@code report} is the run's markdown, {@code status} the caller's gate decision (omitted: the
     * service decides), {@code for_user} true (default) = a user-requested run (observer user).
     */
    @RegisterForReflection
    public record SaveKnowledge(String topic, String distillate, Double salience, String report, String status,
            String mode, Boolean for_user, String agent, String replace_block, String summary, List<String> keywords) {
    }
}
