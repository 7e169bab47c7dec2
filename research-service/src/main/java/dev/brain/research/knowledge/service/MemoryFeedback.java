package dev.brain.research.knowledge.service;

import java.nio.charset.StandardCharsets;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.grpc.v1.WriteEntryResponse;
import dev.brain.research.clients.MemoryServices;
import dev.brain.research.knowledge.KnowledgePair;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/**
 * Feedback into memory (research.md §2.6): after a deep / supplement run the distillate becomes a short-term entry
 * of the request's pair — observer user for a user-requested run, assistant for an autonomous one — with the
 * request's salience, the topic as topic and the key {@code knowledge:<entry id>:v<version>} (one entry per file
 * version, so a retried save stores nothing twice). Memory down: the save stands, the entry id is 0.
 */
@ApplicationScoped
public class MemoryFeedback {

    static final int MAX_CONTENT_BYTES = 64 * 1024;
    static final int MAX_TOPIC_CHARS = 100;
    static final int MAX_ENTITY_IDS = 64;

    private final MemoryServices memory;

    public MemoryFeedback(MemoryServices memory) {
        this.memory = memory;
    }

    /** The stored short-term entry's id; 0 when memory-service is unavailable or did not store it. */
    public long write(String tenant, KnowledgePair pair, String observer, double salience, String distillate,
            String topic, List<Long> entityIds, long entryId, String version) {
        WriteEntryRequest request = WriteEntryRequest.newBuilder()
                .setPair(Pair.newBuilder().setUserId(pair.userId()).setAgentId(pair.agentId()))
                .setObserver("assistant".equals(observer) ? Observer.OBSERVER_ASSISTANT : Observer.OBSERVER_USER)
                .setEntryKey("knowledge:" + entryId + ":v" + version)
                .setContent(truncate(distillate.strip(), MAX_CONTENT_BYTES))
                .setSalience(salience)
                .addTopics(topic.length() > MAX_TOPIC_CHARS ? topic.substring(0, MAX_TOPIC_CHARS) : topic)
                .addAllEntityIds(entityIds.subList(0, Math.min(entityIds.size(), MAX_ENTITY_IDS)))
                .build();
        try {
            WriteEntryResponse response = memory.shortTerm(tenant).writeEntry(request);
            return response.getStored() ? response.getEntry().getId() : 0;
        } catch (StatusRuntimeException e) {
            Log.warnf("knowledge: distillate of entry %d not written to memory (%s: %s)", entryId,
                    e.getStatus().getCode(), e.getStatus().getDescription());
            return 0;
        }
    }

    /** A text cut to {@code maxBytes} of UTF-8 on a character boundary. */
    static String truncate(String text, int maxBytes) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        int end = maxBytes;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }
}
