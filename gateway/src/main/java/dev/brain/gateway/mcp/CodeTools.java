package dev.brain.gateway.mcp;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.code.CodeInputs;
import dev.brain.gateway.code.CodeIntelligence;
import dev.brain.gateway.code.CodeRenderer;
import dev.brain.gateway.errors.ErrorInputs.Who;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of code intelligence (error-service's CodeService): find, register and compare reusable code. */
public class CodeTools {

    private final CodeIntelligence code;
    private final CurrentCaller caller;

    public CodeTools(CodeIntelligence code, CurrentCaller caller) {
        this.code = code;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_find_reusable_code", description = """
            Before writing a utility, helper or component, ask whether you already wrote it in any project: \
            describe what the code should do. Returns registered modules ranked by fit and confidence, with \
            project, path, signature and purpose; read the file or call brain_check_code_similarity.""")
    public Uni<ToolResponse> findReusableCode(
            @ToolArg(name = "purpose", description = "What the code should do, e.g. 'retry an async call with backoff'") String purpose,
            @ToolArg(name = "language", description = "Only this language (typescript and javascript count as one)", required = false) String language,
            @ToolArg(name = "category", description = "Only this category, e.g. http, retry", required = false) String category,
            @ToolArg(name = "limit", description = "Most results (1-50)", required = false, defaultValue = "10") int limit,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> code.find(Who.of(caller.get(), project, ToolCalls.session(connection)),
                purpose, language, category, limit).map(ToolCalls.respond(CodeRenderer::reusable)));
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "brain_register_code", description = """
            Registers a file of this project as reusable code so other sessions and projects can find it: \
            pass its source and project-relative path. Brain splits it into modules (file, class or functions), \
            scores reusability (0-1, reusable from 0.60) with six signals, and lists similar modules already \
            registered. Registering the same path again updates it.""")
    public Uni<ToolResponse> registerCode(
            @ToolArg(name = "source_code", description = "The file's source") String sourceCode,
            @ToolArg(name = "file_path", description = "Path of the file, relative to the project root") String filePath,
            @ToolArg(name = "name", description = "Module name; default: the single export, else the file name", required = false) String name,
            @ToolArg(name = "purpose", description = "What it is for; default: the doc comment's first sentence", required = false) String purpose,
            @ToolArg(name = "language", description = "Language; default: detected from path and content", required = false) String language,
            @ToolArg(name = "category", description = "A category to find it by, e.g. http, retry", required = false) String category,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> code.register(Who.of(caller.get(), project, ToolCalls.session(connection)),
                new CodeInputs.RegisterCode(sourceCode, filePath, name, purpose, language, category, project))
                .map(ToolCalls.respond(CodeRenderer::registration)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "brain_check_code_similarity", description = """
            Checks a piece of code against every registered module of your projects before you add it: exact \
            copies, structural copies (renamed or reformatted) and semantic neighbours, each with a score (0-1), \
            project and path. Stores nothing.""")
    public Uni<ToolResponse> checkCodeSimilarity(
            @ToolArg(name = "source_code", description = "The code to check") String sourceCode,
            @ToolArg(name = "file_path", description = "Its path (helps detect the language)", required = false) String filePath,
            @ToolArg(name = "project", description = Descriptions.PROJECT, required = false) String project,
            McpConnection connection) {
        return McpErrors.guard(() -> code.similarity(Who.of(caller.get(), project, ToolCalls.session(connection)),
                new CodeInputs.CheckSimilarity(sourceCode, filePath, null, project), null)
                .map(ToolCalls.respond(CodeRenderer::similarity)));
    }
}
