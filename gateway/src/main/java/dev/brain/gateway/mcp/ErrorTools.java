package dev.brain.gateway.mcp;

import java.util.List;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.ScopeGuard;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import dev.brain.gateway.errors.ErrorRenderer;
import dev.brain.gateway.hooks.HookConfig;
import dev.brain.gateway.hooks.HookProjects;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of error intelligence (error-service); the MCP session id is the error-service session key. */
public class ErrorTools {

    private final ErrorIntelligence errors;
    private final CurrentCaller caller;
    private final HookConfig hooks;

    public ErrorTools(ErrorIntelligence errors, CurrentCaller caller, HookConfig hooks) {
        this.errors = errors;
        this.caller = caller;
        this.hooks = hooks;
    }

    /**
     * The call's project: the {@code project} argument; else {@code working_directory} resolved as the hooks do (a
     * configured mapping, else the directory's last segment); else the token's default project.
     */
    private Who who(String project, String workingDirectory, McpConnection connection) {
        Caller c = caller.get();
        String fallback = workingDirectory == null || workingDirectory.isBlank() ? c.defaultProject()
                : HookProjects.of(null, null, workingDirectory, hooks.projects().orElse(List.of()), c.defaultProject());
        return Who.of(c, project, fallback, ToolCalls.session(connection));
    }

    @RequiresScope(TokenScope.WRITE)
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
        return McpErrors.guard(() -> errors.report(who(project, workingDirectory, connection),
                new ErrorInputs.ReportError(errorOutput, command, taskContext, workingDirectory, project, exitCode))
                .map(ToolCalls.respond(ErrorRenderer::report)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_query_error", description = """
            Searches the errors Brain has seen (all your projects, or only this one) by text: an error \
            message, its first line, a type or keywords. Returns the best matching errors with their top \
            solutions and confidence. Use it before debugging an error by hand, or to look up a solution \
            that brain_report_error mentioned.""")
    public Uni<ToolResponse> queryError(
            @ToolArg(name = "query", description = "Text to search for, e.g. the first line of the error") String query,
            @ToolArg(name = "project_only", description = "Search only this project", required = false, defaultValue = "false") boolean projectOnly,
            @ToolArg(name = "limit", description = "Most results (1-50)", required = false, defaultValue = "10") int limit,
            @ToolArg(name = "working_directory", description = Descriptions.WORKING_DIRECTORY, required = false) String workingDirectory,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.query(who(project, workingDirectory, connection), query, projectOnly, limit)
                .map(ToolCalls.respond(ErrorRenderer::query)));
    }

    @RequiresScope(TokenScope.WRITE)
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
        return McpErrors.guard(() -> errors.reportSolution(Who.of(caller.get(), project, ToolCalls.session(connection)),
                errorId,
                new ErrorInputs.ReportSolution(title, description, steps, codeBefore, codeAfter, diff, project))
                .map(ToolCalls.respond(ErrorRenderer::solution)));
    }

    @RequiresScope(TokenScope.WRITE)
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
        return McpErrors.guard(() -> errors.reportAttempt(Who.of(caller.get(), project, ToolCalls.session(connection)),
                errorId, new ErrorInputs.ReportAttempt(description, reason, project))
                .map(ToolCalls.respond(ErrorRenderer::attempt)));
    }

    @RequiresScope(TokenScope.WRITE)
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
        return McpErrors.guard(() -> errors.rateSolution(Who.of(caller.get(), project, ToolCalls.session(connection)),
                errorId, solutionId, new ErrorInputs.RateSolution(outcome, notes, project))
                .map(ToolCalls.respond(ErrorRenderer::rating)));
    }

    @RequiresScope(TokenScope.READ)
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
        return McpErrors.guard(() -> errors.checkPrevention(
                Who.of(caller.get(), project, ToolCalls.session(connection)),
                new ErrorInputs.CheckPrevention(command, output, code, filePath, project))
                .map(ToolCalls.respond(ErrorRenderer::prevention)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_notifications", description = """
            Lists Brain's pending notifications for this session, its project and the tenant: solutions \
            now available for your errors, recurring errors, triggered rules, insights. With acknowledge \
            = true the listed ones are marked read.""")
    public Uni<ToolResponse> notifications(
            @ToolArg(name = "acknowledge", description = "Mark the listed notifications read", required = false, defaultValue = "false") boolean acknowledge,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        if (acknowledge) { // marking read changes what the tenant's other sessions see
            ScopeGuard.require(caller.get(), TokenScope.WRITE, "acknowledge = true");
        }
        return McpErrors.guard(() -> errors.notifications(Who.of(caller.get(), project, ToolCalls.session(connection)),
                acknowledge).map(ToolCalls.respond(ErrorRenderer::notifications)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_get_error", description = """
            One error with everything needed to act on it: its solutions with description, steps and diff, \
            the attempts that failed (and why), occurrences and whether it is resolved. Use it when a hook or \
            brain_report_error named an error id.""")
    public Uni<ToolResponse> getError(
            @ToolArg(name = "error_id", description = Descriptions.ERROR_ID) long errorId,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.get(Who.of(caller.get(), null, ToolCalls.session(connection)), errorId)
                .map(ToolCalls.respond(ErrorRenderer::detail)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_list_errors", description = """
            Lists this project's errors: unresolved (default; most frequent first), recurring (unresolved, seen \
            more than once) or recent, each with its best known solution. Use it at the start of work on a project or to \
            pick what to fix next.""")
    public Uni<ToolResponse> listErrors(
            @ToolArg(name = "filter", description = "unresolved, recurring or recent", required = false, defaultValue = "unresolved") String filter,
            @ToolArg(name = "limit", description = "Most errors (1-100)", required = false, defaultValue = "20") int limit,
            @ToolArg(name = "working_directory", description = Descriptions.WORKING_DIRECTORY, required = false) String workingDirectory,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.list(who(project, workingDirectory, connection), filter, limit, null)
                .map(ToolCalls.respond(ErrorRenderer::list)));
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "brain_update_error", description = """
            Corrects an error record: resolved=true/false, or not_an_error=true when Brain recorded something \
            that is no error (it is kept but never matched, listed or hinted again). Returns the error.""")
    public Uni<ToolResponse> updateError(
            @ToolArg(name = "error_id", description = Descriptions.ERROR_ID) long errorId,
            @ToolArg(name = "resolved", description = "true: fixed; false: still open", required = false) Boolean resolved,
            @ToolArg(name = "not_an_error", description = "true: this is no error", required = false) Boolean notAnError,
            @ToolArg(name = "note", description = "Why", required = false) String note,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.update(Who.of(caller.get(), null, ToolCalls.session(connection)),
                errorId, resolved, notAnError, note).map(ToolCalls.respond(ErrorRenderer::detail)));
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "brain_forget", description = """
            Deletes a wrongly recorded error, solution or attempt, with what hangs only on it (an error's \
            occurrences and attempts, solutions linked to it alone). Cannot be undone; to only close an error \
            use brain_update_error.""")
    public Uni<ToolResponse> forget(
            @ToolArg(name = "kind", description = "error, solution or attempt") String kind,
            @ToolArg(name = "id", description = "Id of the error, solution or attempt") long id,
            @ToolArg(name = "reason", description = "Why it is wrong", required = false) String reason,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.forget(Who.of(caller.get(), null, ToolCalls.session(connection)),
                kind, id, reason).map(ToolCalls.respond(ErrorRenderer::forgotten)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_list_rules", description = """
            Lists the prevention rules that apply in this project (its own and tenant-wide): what each \
            matches, its confidence, how often it prevented a mistake or was a false alarm, and whether a \
            person marked it blocking.""")
    public Uni<ToolResponse> listRules(
            @ToolArg(name = "include_inactive", description = "Also list inactive rules", required = false, defaultValue = "false") boolean includeInactive,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.rules(Who.of(caller.get(), project, ToolCalls.session(connection)),
                includeInactive, null).map(ToolCalls.respond(ErrorRenderer::rules)));
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "brain_rule_feedback", description = """
            Feedback on a rule's warning: outcome prevented (it stopped a mistake) or false_alarm. \
            blocking=true/false only when the user decided it: a blocking rule makes Brain ask before a \
            matching command runs. Returns the rule with its new confidence.""")
    public Uni<ToolResponse> ruleFeedback(
            @ToolArg(name = "rule_id", description = "Rule id from a warning") long ruleId,
            @ToolArg(name = "outcome", description = "prevented or false_alarm", required = false) String outcome,
            @ToolArg(name = "note", description = "What happened", required = false) String note,
            @ToolArg(name = "blocking", description = "The user's decision: ask before matching commands", required = false) Boolean blocking,
            McpConnection connection) {
        return McpErrors.guard(() -> errors.ruleFeedback(Who.of(caller.get(), null, ToolCalls.session(connection)),
                ruleId, outcome, blocking, note).map(ToolCalls.respond(ErrorRenderer::rule)));
    }
}
