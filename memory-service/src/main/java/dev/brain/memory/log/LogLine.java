package dev.brain.memory.log;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * One validated pipeline-log row (memory.md §10) before it is stored: {@code content} is JSON text (a string or an
 * object) or null; {@code userId}/{@code agentId} both set or both null.
 */
public record LogLine(OffsetDateTime createdAt, String turnId, UUID spanId, String source, String node, String art,
        String content, String userId, String agentId) {

    /** The row as stored, with its id. */
    public record Stored(long id, LogLine line) {
    }
}
