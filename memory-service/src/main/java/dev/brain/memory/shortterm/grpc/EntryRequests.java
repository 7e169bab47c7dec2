package dev.brain.memory.shortterm.grpc;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.shortterm.NewEntry;
import dev.brain.memory.shortterm.mapping.EntryMapper;
import dev.brain.wire.ProtoTime;

/** Validation of short-term requests (memory.md §4.2, §14): a violation is INVALID_ARGUMENT naming the field. */
public final class EntryRequests {

    public static final int MAX_CONTENT_BYTES = 64 * 1024;
    public static final int MAX_KEY_CHARS = 200;
    public static final int MAX_TOPICS = 32;
    public static final int MAX_TOPIC_CHARS = 100;
    public static final int MAX_ENTITY_IDS = 64;
    public static final int MAX_TIMELINE_REF_CHARS = 100;
    public static final int MAX_EMOTION_CHARS = 40;
    public static final int MAX_METADATA_BYTES = 16 * 1024;
    public static final int MAX_TURN_ID_CHARS = 100;
    public static final Duration MIN_TTL = Duration.ofHours(1);
    public static final Duration MAX_TTL = Duration.ofDays(90);

    private EntryRequests() {
    }

    /** Every field of a WriteEntry checked; the embedding stays null when it is to be computed. */
    public static NewEntry write(WriteEntryRequest r, int dimension) {
        String observer = EntryMapper.observer(r.getObserver());
        if (observer == null) {
            throw invalid("observer: user or assistant required");
        }
        String key = r.getEntryKey().isEmpty() ? null : r.getEntryKey();
        if (key != null && (key.isBlank() || key.length() > MAX_KEY_CHARS)) {
            throw invalid("entry_key: 1–" + MAX_KEY_CHARS + " characters, not blank");
        }
        String content = content(r.getContent(), "content");
        if (!r.hasSalience()) {
            throw invalid("salience: required");
        }
        double salience = unit(r.getSalience(), "salience");
        float[] embedding = r.hasEmbedding() ? vector(r.getEmbedding(), dimension, "embedding") : null;
        if (r.getTopicsCount() > MAX_TOPICS) {
            throw invalid("topics: " + r.getTopicsCount() + " topics, at most " + MAX_TOPICS);
        }
        List<String> topics = new ArrayList<>();
        List<String> topicKeys = new ArrayList<>();
        for (int i = 0; i < r.getTopicsCount(); i++) {
            String topic = r.getTopics(i).replace("\u0000", "").strip();
            if (topic.isEmpty()) {
                throw invalid("topics[" + i + "]: blank topic");
            }
            if (topic.length() > MAX_TOPIC_CHARS) {
                throw invalid("topics[" + i + "]: longer than " + MAX_TOPIC_CHARS + " characters");
            }
            String topicKey = topic.toLowerCase(Locale.ROOT);
            if (!topicKeys.contains(topicKey)) {
                topics.add(topic);
                topicKeys.add(topicKey);
            }
        }
        if (r.getEntityIdsCount() > MAX_ENTITY_IDS) {
            throw invalid("entity_ids: " + r.getEntityIdsCount() + " ids, at most " + MAX_ENTITY_IDS);
        }
        Set<Long> entityIds = new LinkedHashSet<>();
        for (int i = 0; i < r.getEntityIdsCount(); i++) {
            if (r.getEntityIds(i) <= 0) {
                throw invalid("entity_ids[" + i + "]: must be > 0");
            }
            entityIds.add(r.getEntityIds(i));
        }
        if (r.getEntityNamesCount() > MAX_ENTITY_IDS) {
            throw invalid("entity_names: " + r.getEntityNamesCount() + " names, at most " + MAX_ENTITY_IDS);
        }
        for (int i = 0; i < r.getEntityNamesCount(); i++) {
            if (r.getEntityNames(i).replace("\u0000", "").isBlank()) {
                throw invalid("entity_names[" + i + "]: blank name");
            }
        }
        Instant timeAt = null;
        String precision = null;
        String timelineRef = null;
        if (r.hasTimeRef()) {
            boolean hasAt = r.getTimeRef().hasAt();
            precision = EntryMapper.precision(r.getTimeRef().getPrecision());
            if (hasAt != (precision != null)) {
                throw invalid("time_ref: at and precision (one of minute|hour|day|week|month|quarter|year) together");
            }
            timeAt = hasAt ? ProtoTime.instant(r.getTimeRef().getAt()) : null;
            String ref = r.getTimeRef().getTimelineRef();
            if (ref.length() > MAX_TIMELINE_REF_CHARS) {
                throw invalid("time_ref.timeline_ref: longer than " + MAX_TIMELINE_REF_CHARS + " characters");
            }
            timelineRef = ref.isEmpty() ? null : ref;
        }
        if (r.getEmotion().length() > MAX_EMOTION_CHARS) {
            throw invalid("emotion: longer than " + MAX_EMOTION_CHARS + " characters");
        }
        double arousal = r.hasArousal() ? unit(r.getArousal(), "arousal") : 0.5;
        String metadata = EntryMapper.json(r.getMetadata());
        if (metadata.getBytes(StandardCharsets.UTF_8).length > MAX_METADATA_BYTES) {
            throw invalid("metadata: larger than " + MAX_METADATA_BYTES + " bytes as JSON");
        }
        if (r.getTurnId().length() > MAX_TURN_ID_CHARS) {
            throw invalid("turn_id: longer than " + MAX_TURN_ID_CHARS + " characters");
        }
        Duration ttl = null;
        if (r.hasTtl()) {
            ttl = Duration.ofSeconds(r.getTtl().getSeconds(), r.getTtl().getNanos());
            if (ttl.compareTo(MIN_TTL) < 0 || ttl.compareTo(MAX_TTL) > 0) {
                throw invalid("ttl: " + ttl + " is outside 1 h … 90 d");
            }
        }
        return new NewEntry(observer, key, content, embedding, salience, List.copyOf(topics), List.copyOf(topicKeys),
                List.copyOf(entityIds), r.getEntityNamesList().stream().map(n -> n.replace("\u0000", "")).toList(),
                timeAt, precision, timelineRef, r.getEmotion().replace("\u0000", ""), arousal, metadata,
                r.getTurnId().isEmpty() ? null : r.getTurnId().replace("\u0000", ""), ttl);
    }

    /** NUL bytes stripped (invalid UTF-8 was already replaced by protobuf), not blank, ≤ 64 KiB, never truncated. */
    public static String content(String raw, String field) {
        String content = raw.replace("\u0000", "");
        if (content.isBlank()) {
            throw invalid(field + ": must not be blank");
        }
        int bytes = content.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_CONTENT_BYTES) {
            throw invalid(field + ": " + bytes + " bytes, at most " + MAX_CONTENT_BYTES);
        }
        return content;
    }

    /** Finite and in [0,1]. */
    public static double unit(double value, String field) {
        if (!Double.isFinite(value) || value < 0 || value > 1) {
            throw invalid(field + ": " + value + " is outside [0,1]");
        }
        return value;
    }

    /** Length D, finite, non-zero norm. */
    public static float[] vector(FloatVector v, int dimension, String field) {
        if (v.getValuesCount() != dimension) {
            throw invalid(field + ": " + v.getValuesCount() + " values, the dimension is " + dimension);
        }
        float[] values = new float[dimension];
        double norm = 0;
        for (int i = 0; i < dimension; i++) {
            float f = v.getValues(i);
            if (!Float.isFinite(f)) {
                throw invalid(field + "[" + i + "]: not finite");
            }
            values[i] = f;
            norm += (double) f * f;
        }
        if (norm == 0) {
            throw invalid(field + ": zero vector");
        }
        return values;
    }

    /**
     * The text the embedding is computed from: the content, cut to the embedder's 8 KiB on a character boundary
     * (sentence-embedding models read only the first few hundred tokens anyway).
     */
    public static String embeddingText(String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= Embedder.MAX_TEXT_BYTES) {
            return content;
        }
        int end = Embedder.MAX_TEXT_BYTES;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }

}
