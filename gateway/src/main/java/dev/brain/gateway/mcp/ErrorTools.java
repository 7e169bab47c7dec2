package dev.brain.gateway.mcp;

import java.util.List;
import java.util.function.Function;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import dev.brain.gateway.errors.ErrorRenderer;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of error intelligence (error-service); the MCP session id is the error-service session key. */
public class ErrorTools {

    private final ErrorIntelligence errors;
    private final CurrentCaller caller;

    public ErrorTools(ErrorIntelligence errors, CurrentCaller caller) {
        this.errors = errors;
        this.caller = caller;
    }

    private Who who(String project, McpConnection connection) {
        Caller c = caller.get();
        return new Who(c.tenant(), ErrorIntelligence.project(project, c.defaultProject()),
                ErrorIntelligence.session(connection == null ? null : connection.id()));
    }

    private static <T> Function<T, ToolResponse> respond(Function<T, String> render) {
        return view -> new ToolResponse(false, List.of(new TextContent(render.apply(view))), view, null);
    }

    @Tool(name = "brain_report_error", description = """
            Call whenever a command, build or test fails: pass the raw output. Brain stores the error (or counts \
            a new occurrence) and answers with known solutions and their confidence (0-1), similar errors \
            from your other projects with their solutions, and prevention warnings. Apply the best solution \
            first; afterwards call brain_rate_solution, or brain_report_solution once you fixed it yourself.""")
    public Uni<ToolResponse> reportError(
            @ToolArg(name = "error_output", description = "Raw error output (stderr/stdout, stack trace), unedited") String errorOutput,
            @ToolArg(name = "command", description = "Command that failed", required = false) String command,
            @ToolArg(name = "task_context", description = "What you were doing when it failed", required = false) String taskContext,
            @ToolArg(name = "working_directory", description = "Working directory of the command", required = false) String workingDirectory,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            @ToolArg(name = "exit_code", description = "Exit code of the command, when known", required = false) Integer exitCode,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.report(who(project, connection),
                new ErrorInputs.ReportError(errorOutput, command, taskContext, workingDirectory, project, exitCode))
                .map(respond(ErrorRenderer::report)));
    }

    @Tool(name = "brain_query_error", description = """
            Searches the errors Brain has seen (all your projects, or only this one) by text: an error \
            message, its first line, a type or keywords. Returns the best matching errors with their top \
            solutions and confidence. Use it before debugging an error by hand, or to look up a solution \
            that brain_report_error mentioned.""")
    public Uni<ToolResponse> queryError(
            @ToolArg(name = "query", description = "Text to search for, e.g. the first line of the error") String query,
            @ToolArg(name = "project_only", description = "Search only this project", required = false, defaultValue = "false") boolean projectOnly,
            @ToolArg(name = "limit", description = "Most results (1-50)", required = false, defaultValue = "10") int limit,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.query(who(project, connection), query, projectOnly, limit)
                .map(respond(ErrorRenderer::query)));
    }

    @Tool(name = "brain_report_solution", description = """
            Call after you fixed an error that Brain knows (error_id from brain_report_error): records how \
            you fixed it so Brain can offer the fix next time, here and in other projects, and marks the \
            error resolved. Give a short title; steps, code before/after or a diff make it reusable. \
            Returns the solution id.""")
    public Uni<ToolResponse> reportSolution(
            @ToolArg(name = "error_id", description = Descriptions.ERROR_ID) long errorId,
            @ToolArg(name = "title", description = "What fixed it, in a few words (≤ 200 chars)") String title,
            @ToolArg(name = "description", description = "Why it works", required = false) String description,
            @ToolArg(name = "steps", description = "Steps to apply the fix", required = false) List<String> steps,
            @ToolArg(name = "code_before", description = "Code before the fix", required = false) String codeBefore,
            @ToolArg(name = "code_after", description = "Code after the fix", required = false) String codeAfter,
            @ToolArg(name = "diff", description = "Unified diff of the fix", required = false) String diff,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.reportSolution(who(project, connection), errorId,
                new ErrorInputs.ReportSolution(title, description, steps, codeBefore, codeAfter, diff, project))
                .map(respond(ErrorRenderer::solution)));
    }

    @Tool(name = "brain_report_attempt", description = """
            Call when a fix you tried for a known error did NOT work: what you tried and why it failed. \
            Brain warns you and others away from it, and errors with many failed attempts become \
            antipatterns. Returns the attempt id.""")
    public Uni<ToolResponse> reportAttempt(
            @ToolArg(name = "error_id", description = Descriptions.ERROR_ID) long errorId,
            @ToolArg(name = "description", description = "What you tried") String description,
            @ToolArg(name = "reason", description = "Why it did not work", required = false) String reason,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.reportAttempt(who(project, connection), errorId,
                new ErrorInputs.ReportAttempt(description, reason, project))
                .map(respond(ErrorRenderer::attempt)));
    }

    @Tool(name = "brain_rate_solution", description = """
            Call after applying a solution Brain suggested: outcome success, failure or partial. Brain \
            updates the solution's confidence for this error (failures lower it) and returns the new \
            confidence.""")
    public Uni<ToolResponse> rateSolution(
            @ToolArg(name = "solution_id", description = Descriptions.SOLUTION_ID) long solutionId,
            @ToolArg(name = "error_id", description = Descriptions.ERROR_ID) long errorId,
            @ToolArg(name = "outcome", description = "success, failure or partial") String outcome,
            @ToolArg(name = "notes", description = "What happened", required = false) String notes,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.rateSolution(who(project, connection), errorId, solutionId,
                new ErrorInputs.RateSolution(outcome, notes, project))
                .map(respond(ErrorRenderer::rating)));
    }

    @Tool(name = "brain_check_prevention", description = """
            Call before running a risky command or writing code that failed before: checks a command, an \
            output or code against rules and antipatterns Brain learned, and code lines that earlier fixes \
            removed. Returns warnings (rules, antipatterns) with severity and confidence; no warning means \
            nothing known speaks against it. Give at least one of command, output, code.""")
    public Uni<ToolResponse> checkPrevention(
            @ToolArg(name = "command", description = "Command you are about to run", required = false) String command,
            @ToolArg(name = "output", description = "Output to check", required = false) String output,
            @ToolArg(name = "code", description = "Code to check line by line", required = false) String code,
            @ToolArg(name = "file_path", description = "File the code belongs to", required = false) String filePath,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.checkPrevention(who(project, connection),
                new ErrorInputs.CheckPrevention(command, output, code, filePath, project))
                .map(respond(ErrorRenderer::prevention)));
    }

    @Tool(name = "brain_notifications", description = """
            Lists Brain's pending notifications for this session, its project and the tenant: solutions \
            now available for your errors, recurring errors, triggered rules, insights. With acknowledge \
            = true the listed ones are marked read.""")
    public Uni<ToolResponse> notifications(
            @ToolArg(name = "acknowledge", description = "Mark the listed notifications read", required = false, defaultValue = "false") boolean acknowledge,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.notifications(who(project, connection), acknowledge)
                .map(respond(ErrorRenderer::notifications)));
    }
}
