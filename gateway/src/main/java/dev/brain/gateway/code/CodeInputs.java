package dev.brain.gateway.code;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Arguments of the code tools, shared by MCP and REST (REST bodies use the same snake_case names). */
public final class CodeInputs {

    private CodeInputs() {
    }

    @RegisterForReflection
    public record RegisterCode(String source_code, String file_path, String name, String purpose, String language,
            String category, String project) {
    }

    @RegisterForReflection
    public record CheckSimilarity(String source_code, String file_path, String language, String project) {
    }
}
