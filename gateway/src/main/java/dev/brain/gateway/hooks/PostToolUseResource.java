package dev.brain.gateway.hooks;

import java.util.Map;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import com.fasterxml.jackson.databind.JsonNode;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorIntelligence;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;

/**
 * {@code POST /hooks/post-tool-use}: Claude Code's PostToolUse hook JSON, unchanged. A failed Bash command is
 * reported to error-service; when Brain knows a solution or a warning applies, the answer is Claude Code's hook
 * output JSON with one line of context. Nothing to say, another tool, or any failure → 200 with an empty body:
 * a hook never makes the agent fail or wait.
 */
@Path("/hooks/post-tool-use")
public class PostToolUseResource {

    private final ErrorIntelligence errors;
    private final CurrentCaller caller;
    private final HookConfig config;

    public PostToolUseResource(ErrorIntelligence errors, CurrentCaller caller, HookConfig config) {
        this.errors = errors;
        this.caller = caller;
        this.config = config;
    }

    @POST
    @Consumes({ MediaType.APPLICATION_JSON, MediaType.WILDCARD })
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Response> postToolUse(JsonNode hook) {
        Uni<Response> answer;
        try {
            answer = handle(hook);
        } catch (RuntimeException e) {
            Log.debugf("hook: ignored (%s)", e.getMessage());
            answer = Uni.createFrom().item(empty());
        }
        return answer.ifNoItem().after(config.deadline().plusMillis(250)).recoverWithItem(PostToolUseResource::empty)
                .onFailure().recoverWithItem(failure -> {
                    Log.debugf("hook: error-service call failed, answering empty (%s)", failure.getMessage());
                    return empty();
                });
    }

    private Uni<Response> handle(JsonNode hook) {
        if (hook == null || !"Bash".equals(text(hook, "tool_name"))) {
            return Uni.createFrom().item(empty());
        }
        JsonNode response = hook.path("tool_response");
        String stdout;
        String stderr;
        if (response.isTextual()) {
            stdout = response.asText();
            stderr = "";
        } else {
            stdout = text(response, "stdout");
            stderr = text(response, "stderr");
        }
        Integer exitCode = exitCode(response);
        String output = (stdout.isBlank() ? "" : stdout.strip() + "\n") + (stderr.isBlank() ? "" : stderr.strip());
        if (output.isBlank() || !ErrorDetector.isError(exitCode, output)) {
            return Uni.createFrom().item(empty());
        }
        Caller c = caller.get();
        String cwd = text(hook, "cwd");
        Who who = new Who(c.tenant(), HookProjects.of(cwd, c.defaultProject()),
                ErrorIntelligence.session(text(hook, "session_id")));
        String command = text(hook.path("tool_input"), "command");
        return errors.report(who, new ErrorInputs.ReportError(output, command.isBlank() ? null : command, null,
                cwd.isBlank() ? null : cwd, null, exitCode), config.deadline())
                .map(report -> {
                    String hint = HookHints.of(report);
                    return hint == null ? empty() : Response.ok(body(hint), MediaType.APPLICATION_JSON_TYPE).build();
                });
    }

    private Object body(String hint) {
        if ("decision".equalsIgnoreCase(config.output())) {
            return Map.of("decision", "block", "reason", hint);
        }
        return Map.of("hookSpecificOutput", Map.of("hookEventName", "PostToolUse", "additionalContext", hint));
    }

    static Response empty() {
        return Response.ok().build();
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? value.asText() : "";
    }

    private static Integer exitCode(JsonNode response) {
        for (String field : new String[] { "exit_code", "exitCode", "returnCode", "return_code" }) {
            JsonNode value = response.path(field);
            if (value.isInt() || value.isLong()) {
                return value.asInt();
            }
            if (value.isTextual() && value.asText().matches("-?\\d{1,9}")) {
                return Integer.parseInt(value.asText());
            }
        }
        return null;
    }
}
