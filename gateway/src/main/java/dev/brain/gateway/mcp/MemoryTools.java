package dev.brain.gateway.mcp;

import java.util.List;

import dev.brain.gateway.auth.CurrentCaller;
import dev.brain.gateway.auth.RequiresScope;
import dev.brain.gateway.auth.TokenScope;
import dev.brain.gateway.memory.AgentMemory;
import dev.brain.gateway.memory.MemoryInputs;
import dev.brain.gateway.memory.MemoryRenderer;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;

/** MCP tools of the agent's associative long-term memory (memory-service); the pair is (the token's memory user, agent). */
public class MemoryTools {

    private final AgentMemory memory;
    private final CurrentCaller caller;

    public MemoryTools(AgentMemory memory, CurrentCaller caller) {
        this.memory = memory;
        this.caller = caller;
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "memory_remember", description = """
            Stores something worth remembering about the user, the work or yourself: a fact, preference, \
            decision or event, in one or two sentences. Salience 0-1 says how much it matters: below 0.3 it \
            is not stored, from 0.7 it moves into long-term memory (linked to related memories by entities, \
            topics, similarity and time), otherwise it stays short-term for 7 days. Returns the entry id.""")
    public Uni<ToolResponse> remember(
            @ToolArg(name = "content", description = "What to remember, self-contained (≤ 64 KiB)") String content,
            @ToolArg(name = "salience", description = "How much it matters, 0-1 (0.7+ = long-term)") Double salience,
            @ToolArg(name = "topics", description = "Topics, e.g. [\"billing\", \"deploy\"]", required = false) List<String> topics,
            @ToolArg(name = "entities", description = "Names of people, services, projects it is about", required = false) List<String> entities,
            @ToolArg(name = "time", description = "When it happened, ISO-8601 (2026-11-30T14:05Z, 2026-11-30, 2026-11, 2026)", required = false) String time,
            @ToolArg(name = "time_precision", description = "minute, hour, day, week, month, quarter or year (default: from time)", required = false) String timePrecision,
            @ToolArg(name = "emotion", description = "Feeling attached to it, e.g. joy, trust, fear, anger", required = false) String emotion,
            @ToolArg(name = "observer", description = "Whose perspective: user or assistant", required = false, defaultValue = "user") String observer,
            @ToolArg(name = "agent", description = Descriptions.AGENT, required = false, defaultValue = "claude") String agent) {
        return McpErrors.guard(() -> memory.remember(caller.get(), new MemoryInputs.Remember(content, salience,
                topics, entities, time, timePrecision, emotion, observer, agent))
                .map(ToolCalls.respond(MemoryRenderer::remembered)));
    }

    @RequiresScope(TokenScope.READ)
    @Tool(name = "memory_recall", description = """
            Recalls long-term memories related to a question or the current topic, at the start of a turn \
            where earlier context may matter. Returns the memories that best answer it as a block to read \
            (weakest first, each with why it came to mind; dates when you ask when) and a turn_id. After answering, pass that turn_id and \
            your final answer to memory_feedback.""")
    public Uni<ToolResponse> recall(
            @ToolArg(name = "query", description = "What to recall: the user's message or the topic") String query,
            @ToolArg(name = "hops", description = "Links to follow from direct hits (0-3)", required = false, defaultValue = "1") int hops,
            @ToolArg(name = "emotion", description = "Current emotion; memories of a close feeling rank higher", required = false) String emotion,
            @ToolArg(name = "agent", description = Descriptions.AGENT, required = false, defaultValue = "claude") String agent,
            @ToolArg(name = "limit", description = "Most memories (1-10)", required = false, defaultValue = "3") int limit,
            @ToolArg(name = "ranking", description = "relevance (default: how well a memory answers the query) or"
                    + " strength (how strong a memory is, the first design's order)", required = false) String ranking) {
        return McpErrors.guard(() -> memory.recall(caller.get(), new MemoryInputs.Recall(query, hops, emotion, agent, limit,
                ranking))
                .map(ToolCalls.respond(MemoryRenderer::recall)));
    }

    @RequiresScope(TokenScope.WRITE)
    @Tool(name = "memory_feedback", description = """
            Call once per turn after memory_recall, with its turn_id and your final answer. Brain measures \
            which recalled memories the answer actually used and strengthens those, so useful memories \
            last longer; unused ones fade. Returns the outcome and the reinforced memory ids.""")
    public Uni<ToolResponse> feedback(
            @ToolArg(name = "turn_id", description = "turn_id returned by memory_recall") String turnId,
            @ToolArg(name = "answer", description = "Your final answer text of the turn") String answer,
            @ToolArg(name = "agent", description = Descriptions.AGENT, required = false, defaultValue = "claude") String agent) {
        return McpErrors.guard(() -> memory.feedback(caller.get(), new MemoryInputs.Feedback(turnId, answer, agent))
                .map(ToolCalls.respond(MemoryRenderer::feedback)));
    }
}
