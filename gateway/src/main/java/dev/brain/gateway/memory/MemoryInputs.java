package dev.brain.gateway.memory;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Arguments of the memory tools, shared by MCP and REST (REST bodies use the same snake_case names). */
public final class MemoryInputs {

    private MemoryInputs() {
    }

    @RegisterForReflection
    public record Remember(String content, Double salience, List<String> topics, List<String> entities, String time,
            String time_precision, String emotion, String observer, String agent) {
    }

    @RegisterForReflection
    /** {@code ranking}: relevance (default) or strength (the seed's ranking); null = the service's default. */
    public record Recall(String query, Integer hops, String emotion, String agent, Integer limit, String ranking) {
    }

    @RegisterForReflection
    public record Feedback(String turn_id, String answer, String agent) {
    }
}
