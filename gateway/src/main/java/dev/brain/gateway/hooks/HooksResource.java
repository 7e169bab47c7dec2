package dev.brain.gateway.hooks;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.code.CodeHints;
import dev.brain.gateway.code.CodeIntelligence;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import dev.brain.gateway.errors.ErrorViews.ErrorList;
import dev.brain.gateway.errors.ErrorViews.Notifications;
import dev.brain.gateway.errors.ErrorViews.RuleList;
import dev.brain.gateway.errors.ErrorViews.WarningView;
import dev.brain.gateway.findings.FindingViews.FindingsIndex;
import dev.brain.gateway.findings.ProjectFindings;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;

/**
 * Claude Code's hooks (gateway.md §3), one endpoint per event, each taking Claude Code's JSON unchanged (plus the
 * {@code brain_project} / {@code brain_repo} fields the hook script adds). An answer is Claude Code's hook output
 * naming the event that fired; nothing to say, a late service or any failure → 200 with an empty body: a hook
 * never makes the agent fail or wait.
 */
@Path("/hooks")
@Consumes({ MediaType.APPLICATION_JSON, MediaType.WILDCARD })
@Produces(MediaType.APPLICATION_JSON)
public class HooksResource {

    static final String SESSION_START = "SessionStart";
    static final String PRE_TOOL_USE = "PreToolUse";
    static final String POST_TOOL_USE_FAILURE = "PostToolUseFailure";
    static final String POST_TOOL_USE = "PostToolUse";
    /** What {@code PostToolUseFailure.error} starts with for a Bash command: "Exit code N" and a line break. */
    static final Pattern EXIT_CODE = Pattern.compile("\\AExit code (-?\\d{1,9})\\r?\\n?");

    private final ErrorIntelligence errors;
    private final CodeIntelligence code;
    private final CurrentCaller caller;
    private final HookConfig config;
    private final ProjectFindings findings;
    private final ToolUses toolUses;
    private final ObjectMapper json;

    public HooksResource(ErrorIntelligence errors, CodeIntelligence code, CurrentCaller caller, HookConfig config,
            ProjectFindings findings, ObjectMapper json) {
        this.json = json;
        this.errors = errors;
        this.code = code;
        this.caller = caller;
        this.config = config;
        this.findings = findings;
        this.toolUses = new ToolUses(config.learnFromEdits(), config.neverLearn());
    }

    /** Registers the session and answers the project's digest. */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/session-start")
    public Uni<Response> sessionStart(byte[] body) {
        JsonNode hook = read(body);
        return answer(SESSION_START, hook, config.deadline(), who -> {
            Uni<Void> registered = who.session() == null ? Uni.createFrom().voidItem()
                    : errors.registerSession(who, "claude-code", config.deadline()).onFailure().recoverWithNull();
            Uni<ErrorList> unresolved = errors.list(who, "unresolved", HookHints.DIGEST_ERRORS, config.deadline())
                    .onFailure().recoverWithNull();
            // the digest is about this project: another project's rule or broadcast only when it is about this one
            Uni<RuleList> rules = errors.rulesAboutProject(who, config.deadline()).onFailure().recoverWithNull();
            Uni<Notifications> notifications = errors.notificationsAboutProject(who, config.deadline())
                    .onFailure().recoverWithNull();
            Uni<Integer> findingCount = Uni.createFrom()
                    .<FindingsIndex> deferred(() -> findings.index(who, config.deadline()))
                    .map(FindingsIndex::count).onFailure().recoverWithNull();
            return Uni.combine().all().unis(registered, unresolved, rules, notifications, findingCount).asTuple()
                    .map(t -> context(SESSION_START, HookHints.digest(who.project(), t.getItem2(), t.getItem3(),
                            t.getItem4(), t.getItem5())));
        });
    }

    /** Checks a Bash command against the rules and antipatterns before it runs. */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/pre-tool-use")
    public Uni<Response> preToolUse(byte[] body) {
        JsonNode hook = read(body);
        return answer(PRE_TOOL_USE, hook, config.preToolUseDeadline(), who -> {
            String command = text(hook.path("tool_input"), "command");
            if (!"Bash".equals(text(hook, "tool_name")) || command.isBlank()) {
                return empty();
            }
            return errors.checkPrevention(who, new ErrorInputs.CheckPrevention(command, null, null, null, null),
                    config.preToolUseDeadline()).map(check -> {
                        List<WarningView> warnings = new java.util.ArrayList<>(check.rules());
                        warnings.addAll(check.antipatterns());
                        String text = HookHints.beforeCommand(warnings);
                        if (text == null) {
                            return Response.ok().build();
                        }
                        boolean blocking = check.rules().stream().anyMatch(WarningView::blocking);
                        Map<String, Object> output = new LinkedHashMap<>();
                        output.put("hookEventName", PRE_TOOL_USE);
                        if (blocking) {
                            // only a rule a person marked blocking asks; every other warning only informs
                            output.put("permissionDecision", "ask");
                            output.put("permissionDecisionReason", text);
                        }
                        output.put("additionalContext", text);
                        return Response.ok(Map.of("hookSpecificOutput", output), MediaType.APPLICATION_JSON_TYPE).build();
                    });
        });
    }

    /**
     * Records a failed Bash command and answers what Brain knows about the error; with a session (and
     * {@code brain.hooks.learn-from-edits}), the failure joins the session's trail.
     */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/post-tool-use-failure")
    public Uni<Response> postToolUseFailure(byte[] body) {
        JsonNode hook = read(body);
        return answer(POST_TOOL_USE_FAILURE, hook, config.deadline(), who -> {
            String error = text(hook, "error");
            if (!"Bash".equals(text(hook, "tool_name")) || hook.path("is_interrupt").asBoolean(false) || error.isBlank()) {
                return empty();
            }
            Integer exitCode = null;
            Matcher m = EXIT_CODE.matcher(error);
            if (m.lookingAt()) {
                exitCode = Integer.parseInt(m.group(1));
                error = error.substring(m.end());
            }
            if (error.isBlank()) {
                return empty();
            }
            String command = text(hook.path("tool_input"), "command");
            String cwd = text(hook, "cwd");
            boolean observed = toolUses.learns(who.session()) && !command.isBlank();
            return errors.report(who, new ErrorInputs.ReportError(error, command.isBlank() ? null : command, null,
                    cwd.isBlank() ? null : cwd, null, exitCode), config.deadline(), observed)
                    .map(report -> context(POST_TOOL_USE_FAILURE, HookHints.failure(report)));
        });
    }

    /**
     * After a tool succeeded: with a session, the tool use joins the session's trail ({@link ToolUses}) — a Bash
     * command that exited 0 is never recorded as an error (its output may say "error:" in passing), but its success
     * may teach the fix of its earlier failure, which the answer says; code written by {@code Write}/{@code Edit}/
     * {@code MultiEdit} is checked for lines that earlier fixes removed and for matching rules.
     */
    @RequiresScope(TokenScope.WRITE)
    @POST
    @Path("/post-tool-use")
    public Uni<Response> postToolUse(byte[] body) {
        JsonNode hook = read(body);
        return answer(POST_TOOL_USE, hook, config.deadline(), who -> {
            Uni<String> learned = trail(who, hook);
            JsonNode input = hook.path("tool_input");
            String written = switch (text(hook, "tool_name")) {
                case "Write" -> text(input, "content");
                case "Edit" -> text(input, "new_string");
                case "MultiEdit" -> String.join("\n", input.path("edits").findValuesAsText("new_string"));
                default -> "";
            };
            if (written.isBlank()) {
                return learned.map(text -> context(POST_TOOL_USE, text));
            }
            String file = text(hook.path("tool_input"), "file_path");
            Uni<String> prevention = errors.checkPrevention(who, new ErrorInputs.CheckPrevention(null, null, written,
                    file.isBlank() ? null : file, null), config.deadline()).map(check -> {
                        List<WarningView> warnings = new java.util.ArrayList<>(check.solution_code());
                        warnings.addAll(check.rules());
                        return HookHints.afterCode(warnings);
                    }).onFailure().recoverWithNull();
            boolean wholeFile = "Write".equals(text(hook, "tool_name"));
            Uni<String> hints = codeHints(who, written, file, text(hook, "cwd"), wholeFile);
            return Uni.combine().all().unis(prevention, hints, learned).asTuple().map(t -> context(POST_TOOL_USE,
                    join(join(t.getItem1(), t.getItem2()), t.getItem3())));
        });
    }

    /**
     * The tool use joins the session's trail (when there is a session and learning from edits is on); what it
     * taught Brain as a line for Claude, or null. A failed call only loses the event.
     */
    private Uni<String> trail(Who who, JsonNode hook) {
        if (!toolUses.learns(who.session())) {
            return Uni.createFrom().nullItem();
        }
        return toolUses.of(hook).map(event -> errors.recordToolUse(who, event, config.deadline())
                .map(HookHints::learned).onFailure().recoverWithNull())
                .orElseGet(() -> Uni.createFrom().nullItem());
    }

    /**
     * The code hints for written code (a similar module elsewhere, or "register it" for a whole file a {@code Write}
     * wrote; an {@code Edit}'s fragment is no module), from one dry-run analysis (it answers the reusability and
     * the similar modules); null when there is nothing to say or the call failed.
     */
    private Uni<String> codeHints(Who who, String written, String file, String cwd, boolean wholeFile) {
        String path = file.isBlank() ? "snippet" : file;
        String relative = !cwd.isBlank() && path.startsWith(cwd + "/") ? path.substring(cwd.length() + 1) : path;
        return code.analyze(who, written, relative, config.deadline())
                .map(analysis -> CodeHints.afterWrite(who.project(), relative, analysis, wholeFile))
                .onFailure().recoverWithNull();
    }

    private static String join(String first, String second) {
        if (first == null) {
            return second;
        }
        return second == null ? first : first + "\n" + second;
    }

    /**
     * The hook's payload, or null for a body that is not one JSON value (not JSON, too deeply nested, something after
     * it, any content type): a hook's contract is "200 and an empty or valid answer", so such a body is answered with
     * nothing instead of a 400 or 415 that Claude Code would show the user.
     */
    private JsonNode read(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return json.readTree(body);
        } catch (java.io.IOException | RuntimeException notAPayload) {
            Log.debugf("hook: a body that is not a JSON payload, answered with nothing (%s)", notAPayload.getMessage());
            return null;
        }
    }

    /** Runs a hook's work for the caller; any failure or lateness becomes an empty answer. */
    private Uni<Response> answer(String event, JsonNode hook, Duration deadline, Function<Who, Uni<Response>> work) {
        Uni<Response> answer;
        try {
            if (hook == null || !hook.isObject()) {
                return empty();
            }
            Caller c = caller.get();
            String project = HookProjects.of(text(hook, "brain_project"), text(hook, "brain_repo"), text(hook, "cwd"),
                    config.projects().orElse(List.of()), c.defaultProject());
            answer = work.apply(new Who(c.tenant(), project, ErrorInputs.session(text(hook, "session_id"))));
        } catch (RuntimeException e) {
            Log.debugf("hook %s: ignored (%s)", event, e.getMessage());
            return empty();
        }
        return answer.ifNoItem().after(deadline.plusMillis(250)).recoverWithItem(HooksResource::nothing)
                .onFailure().recoverWithItem(failure -> {
                    Log.debugf("hook %s: a service call failed, answering empty (%s)", event, failure.getMessage());
                    return nothing();
                });
    }

    static Response context(String event, String text) {
        if (text == null) {
            return nothing();
        }
        return Response.ok(Map.of("hookSpecificOutput", Map.of("hookEventName", event, "additionalContext", text)),
                MediaType.APPLICATION_JSON_TYPE).build();
    }

    private static Uni<Response> empty() {
        return Uni.createFrom().item(nothing());
    }

    private static Response nothing() {
        return Response.ok().build();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? value.asText() : "";
    }
}
