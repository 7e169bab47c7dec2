package dev.brain.gateway.mcp;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.findings.FindingViews.FindingInput;
import dev.brain.gateway.findings.FindingsRenderer;
import dev.brain.gateway.findings.ProjectFindings;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of the findings store (error-service): a project's traps and invariants for the next agent. */
public class FindingTools {

    private final ProjectFindings findings;
    private final CurrentCaller caller;

    public FindingTools(ProjectFindings findings, CurrentCaller caller) {
        this.findings = findings;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "save_finding", description = """
            Saves a trap or invariant of this project for the next agent; the same slug overwrites it. \
            Save only what is durable (still true next month), not obvious (a careful reader of the code would \
            miss it) and behaviour-changing (it makes the next agent act differently): "X looks like Y but is \
            Z — do W instead". A fixed bug is not a finding; that is git history. Read findings_index first and \
            merge rather than add; warns from 80 findings.""")
    public Uni<ToolResponse> saveFinding(
            @ToolArg(name = "slug", description = "Id in the project: 1-64 of a-z, 0-9, '-'; an existing slug is overwritten") String slug,
            @ToolArg(name = "title", description = "One line, at most 200 characters") String title,
            @ToolArg(name = "body", description = "2-6 sentences (at most 2,000 characters): the trap and what to do instead") String body,
            @ToolArg(name = "scope", description = "Project-relative path it is about; empty = the whole project", required = false) String scope,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            @ToolArg(name = "hook", description = "Its index line (at most 120 characters); default: the body's first sentence", required = false) String hook,
            @ToolArg(name = "source_task", description = "Task or issue it was learned in", required = false) String sourceTask,
            @ToolArg(name = "verified_against", description = "Commit it was checked against (git rev-parse HEAD)", required = false) String verifiedAgainst,
            McpConnection connection) {
        return McpErrors.guard(() -> {
            return findings.save(Who.of(caller.get(), project, ToolCalls.session(connection)), slug,
                    new FindingInput(title, body, hook, scope, sourceTask, verifiedAgainst))
                    .map(ToolCalls.respond(FindingsRenderer::saved));
        });
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "findings_index", description = """
            The project's findings, one line each (slug — title — hook, ~15 tokens a line): traps and invariants \
            that earlier agents saved. Read it before exploring or changing code you do not know; \
            `./brain findings sync` writes the same index and every finding in full to .brain/ in the repository.""")
    public Uni<ToolResponse> findingsIndex(
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> findings.index(Who.of(caller.get(), project, ToolCalls.session(connection)), null)
                .map(ToolCalls.respond(FindingsRenderer::index)));
    }
}
