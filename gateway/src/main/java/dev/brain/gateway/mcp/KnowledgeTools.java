package dev.brain.gateway.mcp;

import java.util.List;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.research.LibraryAccess;
import dev.brain.gateway.research.ResearchInputs;
import dev.brain.gateway.research.ResearchRenderer;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of the knowledge library (research-service): researched knowledge as markdown files of the pair. */
public class KnowledgeTools {

    private final LibraryAccess library;
    private final CurrentCaller caller;

    public KnowledgeTools(LibraryAccess library, CurrentCaller caller) {
        this.library = library;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "knowledge_search", description = """
            Before researching a topic, look in your knowledge library: what earlier research runs distilled. \
            Stage 1 returns metadata only (topic, one-line summary, path, score), not the full text, plus a \
            footprint (entries searched, nearest similarity) so 'nothing there' differs from 'not looked'. \
            Read the text with knowledge_read.""")
    public Uni<ToolResponse> search(
            @ToolArg(name = "query", description = "The topic or question") String query,
            @ToolArg(name = "limit", description = "Most entries (1-20)", required = false, defaultValue = "5") int limit,
            @ToolArg(name = "agent", description = Descriptions.AGENT, required = false, defaultValue = "claude") String agent) {
        return McpErrors.guard(() -> library.search(caller.get(), query, limit, agent)
                .map(ToolCalls.respond(ResearchRenderer::search)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "knowledge_read", description = """
            Stage 2 of the knowledge library: without heading, the block structure (headings, sizes) of a \
            library file; with heading, that block's markdown (e.g. CURRENT, the latest distillate). Use a \
            path from knowledge_search or knowledge_save.""")
    public Uni<ToolResponse> read(
            @ToolArg(name = "path", description = Descriptions.LIBRARY_PATH) String path,
            @ToolArg(name = "heading", description = "Block heading as listed by the structure; omit for the structure", required = false) String heading,
            @ToolArg(name = "agent", description = "Agent whose library it is; default: from the path, else claude", required = false) String agent) {
        Caller c = caller.get();
        if (heading == null || heading.isBlank()) {
            return McpErrors.guard(() -> library.structure(c, path, agent).map(ToolCalls.respond(ResearchRenderer::structure)));
        }
        return McpErrors.guard(() -> library.block(c, path, heading, agent).map(ToolCalls.respond(ResearchRenderer::block)));
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "knowledge_save", description = """
            After researching a topic, save the result: the distillate (what was learned, markdown) goes \
            through a keep/discard gate: deep (new knowledge: file created or extended), supplement (small \
            addition), repetition (nothing new) or failure. A report file of the run is always written; \
            deep/supplement also go into memory. Returns the status, both paths and the INDEX.md line.""")
    public Uni<ToolResponse> save(
            @ToolArg(name = "topic", description = "The topic, e.g. 'PostgreSQL HNSW tuning'") String topic,
            @ToolArg(name = "distillate", description = "The distilled knowledge, markdown (≤ 256 KiB)") String distillate,
            @ToolArg(name = "salience", description = "How much it matters, 0-1 (≥ 0.7: read in full when found)") Double salience,
            @ToolArg(name = "report", description = "How it was researched, markdown: queries, sources, checks", required = false) String report,
            @ToolArg(name = "status", description = "Your gate decision: deep, supplement, repetition or failure; omit to let Brain decide", required = false) String status,
            @ToolArg(name = "mode", description = "research, deepening, dream or clarifying", required = false, defaultValue = "research") String mode,
            @ToolArg(name = "for_user", description = "true: the user asked (their memory); false: your own research", required = false, defaultValue = "true") Boolean forUser,
            @ToolArg(name = "agent", description = Descriptions.AGENT, required = false, defaultValue = "claude") String agent,
            @ToolArg(name = "replace_block", description = "Heading of a block to replace (old text kept under HISTORY); omit to add a block", required = false) String replaceBlock,
            @ToolArg(name = "keywords", description = "Keywords to find it by", required = false) List<String> keywords) {
        return McpErrors.guard(() -> library.save(caller.get(), new ResearchInputs.SaveKnowledge(topic, distillate,
                salience, report, status, mode, forUser, agent, replaceBlock, null, keywords))
                .map(ToolCalls.respond(ResearchRenderer::saved)));
    }
}
