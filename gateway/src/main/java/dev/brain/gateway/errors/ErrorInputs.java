package dev.brain.gateway.errors;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.brain.gateway.auth.Caller;
import dev.brain.grpc.v1.ErrorListFilter;
import dev.brain.grpc.v1.ForgetKind;
import dev.brain.grpc.v1.PreventionOutcome;
import dev.brain.grpc.v1.SolutionOutcome;
import dev.brain.tenancy.RequestText;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Arguments of the error tools, shared by MCP and REST, and their checks: each check throws an
 * {@link IllegalArgumentException} with one line naming the field, before anything is called. MCP tools build the
 * records from their {@code @ToolArg}s; REST bodies are read by Jackson under the same snake_case names
 * ({@code @JsonProperty}).
 */
public final class ErrorInputs {

    static final Pattern PROJECT = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$");
    static final Pattern SESSION = Pattern.compile("^[A-Za-z0-9._:-]{1,128}$");
    /** The most results of brain_query_error. */
    static final int MAX_LIMIT = 50;
    /** The most errors of brain_list_errors. */
    static final int MAX_LIST_LIMIT = 100;

    private ErrorInputs() {
    }

    /** Who calls: tenant of the token, the project (name) and the caller's session key (may be null). */
    public record Who(String tenant, String project, String session) {

        /** The caller with the {@code project} argument, else the token's default project, and the session key. */
        public static Who of(Caller caller, String project, String session) {
            return of(caller, project, caller.defaultProject(), session);
        }

        /**
         * The caller with the {@code project} argument ({@link ErrorInputs#project checked}), else
         * {@code fallbackProject} (may be null), and the session key ({@link ErrorInputs#session}: unusable = none).
         */
        public static Who of(Caller caller, String project, String fallbackProject, String session) {
            return new Who(caller.tenant(), ErrorInputs.project(project, fallbackProject),
                    ErrorInputs.session(session));
        }
    }

    @RegisterForReflection
    public record ReportError(@JsonProperty("error_output") String errorOutput, String command,
            @JsonProperty("task_context") String taskContext,
            @JsonProperty("working_directory") String workingDirectory, String project,
            @JsonProperty("exit_code") Integer exitCode) {
    }

    @RegisterForReflection
    public record ReportSolution(String title, String description, List<String> steps,
            @JsonProperty("code_before") String codeBefore, @JsonProperty("code_after") String codeAfter, String diff,
            String project) {
    }

    @RegisterForReflection
    public record ReportAttempt(String description, String reason, String project) {
    }

    @RegisterForReflection
    public record RateSolution(String outcome, String notes, String project) {
    }

    @RegisterForReflection
    public record CheckPrevention(String command, String output, String code,
            @JsonProperty("file_path") String filePath, String project) {
    }

    // ---- the caller ---------------------------------------------------------------------------------------------

    /** The caller's project: the argument when given, else the default; {@code null} only for no default. */
    public static String project(String argument, String defaultProject) {
        if (argument == null || argument.isBlank()) {
            return defaultProject;
        }
        String name = argument.trim();
        if (!PROJECT.matcher(name).matches()) {
            throw new IllegalArgumentException("project: '" + name
                    + "' is not a project name (letters, digits, '.', '_', '-'; starts with a letter or digit; ≤ 128)");
        }
        return name;
    }

    /** A session key the services accept, or null (an unusable key is dropped, never an error). */
    public static String session(String key) {
        return key != null && SESSION.matcher(key).matches() ? key : null;
    }

    // ---- single fields ------------------------------------------------------------------------------------------

    /** {@code value}, or an {@link IllegalArgumentException} naming the field when it is blank. */
    public static String required(String field, String value) {
        if (value == null || RequestText.blank(value)) { // invisible-only text is blank too (tenancy's one rule)
            throw new IllegalArgumentException(field + ": is required and must not be blank");
        }
        return value;
    }

    static long id(String field, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(field + ": must be a positive id, was " + value);
        }
        return value;
    }

    static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    // ---- the tools' arguments, in the order the field checks run ------------------------------------------------

    /** brain_report_error: the raw output is required. */
    static void check(ReportError in) {
        required("error_output", in.errorOutput());
    }

    /** brain_query_error: a query, a limit of 1..50, and a project when only the project is searched. */
    static void checkQuery(Who who, String query, boolean projectOnly, int limit) {
        required("query", query);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is outside 1.." + MAX_LIMIT);
        }
        if (projectOnly && who.project() == null) {
            throw new IllegalArgumentException(
                    "project: project_only needs a project (none given and the token has no default)");
        }
    }

    /** brain_list_errors: the filter (blank = unresolved), then a limit of 1..100. */
    static ErrorListFilter listFilter(String filter, int limit) {
        ErrorListFilter f = switch (filter == null || filter.isBlank() ? "unresolved"
                : filter.trim().toLowerCase(Locale.ROOT)) {
            case "unresolved" -> ErrorListFilter.ERROR_LIST_FILTER_UNRESOLVED;
            case "recurring" -> ErrorListFilter.ERROR_LIST_FILTER_RECURRING;
            case "recent" -> ErrorListFilter.ERROR_LIST_FILTER_RECENT;
            default ->
                throw new IllegalArgumentException("filter: '" + filter + "' is not one of unresolved, recurring, recent");
        };
        if (limit < 1 || limit > MAX_LIST_LIMIT) {
            throw new IllegalArgumentException("limit: " + limit + " is outside 1.." + MAX_LIST_LIMIT);
        }
        return f;
    }

    /** brain_update_error: an error id and at least one of resolved, not_an_error. */
    static void checkUpdate(long errorId, Boolean resolved, Boolean notAnError) {
        id("error_id", errorId);
        if (resolved == null && notAnError == null) {
            throw new IllegalArgumentException("resolved: give resolved (true/false) or not_an_error (true/false)");
        }
    }

    /** brain_forget: the id, then the kind (error, solution or attempt). */
    static ForgetKind forgetKind(String kind, long id) {
        id("id", id);
        return switch (required("kind", kind).trim().toLowerCase(Locale.ROOT)) {
            case "error" -> ForgetKind.FORGET_KIND_ERROR;
            case "solution" -> ForgetKind.FORGET_KIND_SOLUTION;
            case "attempt" -> ForgetKind.FORGET_KIND_ATTEMPT;
            default -> throw new IllegalArgumentException("kind: '" + kind + "' is not one of error, solution, attempt");
        };
    }

    /** brain_rule_feedback: a rule id, and an outcome unless a person only decides {@code blocking}. */
    static PreventionOutcome ruleOutcome(long ruleId, String outcome, Boolean blocking) {
        id("rule_id", ruleId);
        return switch (outcome == null ? "" : outcome.trim().toLowerCase(Locale.ROOT)) {
            case "prevented" -> PreventionOutcome.PREVENTION_OUTCOME_PREVENTED;
            case "false_alarm" -> PreventionOutcome.PREVENTION_OUTCOME_REJECTED;
            case "" -> {
                if (blocking == null) {
                    throw new IllegalArgumentException(
                            "outcome: is required (prevented or false_alarm) unless blocking is given");
                }
                yield PreventionOutcome.PREVENTION_OUTCOME_UNSPECIFIED;
            }
            default -> throw new IllegalArgumentException("outcome: '" + outcome + "' is not one of prevented, false_alarm");
        };
    }

    /** brain_report_solution: an error id, a title, and no blank step; the steps (none: empty). */
    static List<String> checkSolution(long errorId, ReportSolution in) {
        id("error_id", errorId);
        required("title", in.title());
        List<String> steps = in.steps() == null ? List.of() : in.steps();
        for (int i = 0; i < steps.size(); i++) {
            required("steps[" + i + "]", steps.get(i));
        }
        return steps;
    }

    /** brain_report_attempt: an error id and what was tried. */
    static void checkAttempt(long errorId, ReportAttempt in) {
        id("error_id", errorId);
        required("description", in.description());
    }

    /** brain_rate_solution: the error and solution ids, and the outcome. */
    static SolutionOutcome rating(long errorId, long solutionId, RateSolution in) {
        id("error_id", errorId);
        id("solution_id", solutionId);
        return switch (required("outcome", in.outcome()).trim().toLowerCase(Locale.ROOT)) {
            case "success" -> SolutionOutcome.SOLUTION_OUTCOME_SUCCESS;
            case "failure" -> SolutionOutcome.SOLUTION_OUTCOME_FAILURE;
            case "partial" -> SolutionOutcome.SOLUTION_OUTCOME_PARTIAL;
            default ->
                throw new IllegalArgumentException("outcome: '" + in.outcome() + "' is not one of success, failure, partial");
        };
    }

    /** brain_check_prevention: at least one of command, output, code. */
    static void check(CheckPrevention in) {
        if (isBlank(in.command()) && isBlank(in.output()) && isBlank(in.code())) {
            throw new IllegalArgumentException("command: give at least one of command, output, code");
        }
    }
}
