package dev.brain.gateway.errors;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** Arguments of the error tools, shared by MCP and REST (REST bodies use the same snake_case names). */
public final class ErrorInputs {

    private ErrorInputs() {
    }

    /** Who calls: tenant of the token, the project (name) and the caller's session key (may be null). */
    public record Who(String tenant, String project, String session) {
    }

    @RegisterForReflection
    public record ReportError(String error_output, String command, String task_context, String working_directory,
            String project, Integer exit_code) {
    }

    @RegisterForReflection
    public record ReportSolution(String title, String description, List<String> steps, String code_before,
            String code_after, String diff, String project) {
    }

    @RegisterForReflection
    public record ReportAttempt(String description, String reason, String project) {
    }

    @RegisterForReflection
    public record RateSolution(String outcome, String notes, String project) {
    }

    @RegisterForReflection
    public record CheckPrevention(String command, String output, String code, String file_path, String project) {
    }
}
