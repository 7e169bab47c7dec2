package dev.brain.research.knowledge.service;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.research.clients.MemoryServices;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/**
 * Embeddings through memory-service's {@code Embed} (it hosts the model): batches of ≤ 256 texts, each cut to 8 KiB
 * of UTF-8. Empty when memory-service is unavailable or answers another dimension than this database's — the
 * callers then fall back (gate: exact comparison; search: semantic_skipped).
 */
@ApplicationScoped
public class KnowledgeEmbeddings {

    static final int BATCH = 256;
    static final int MAX_TEXT_BYTES = 8 * 1024;

    private final MemoryServices memory;
    private final int dimension;
    /** The model id memory-service last answered with ("" before the first answer). */
    private volatile String model = "";

    public KnowledgeEmbeddings(MemoryServices memory, @ConfigProperty(name = "brain.embedding.dimension") int dimension) {
        this.memory = memory;
        this.dimension = dimension;
    }

    /** One vector per text, in order; empty when the provider is unavailable. */
    public Optional<List<float[]>> embed(String tenant, List<String> texts) {
        List<float[]> vectors = new ArrayList<>(texts.size());
        try {
            for (int from = 0; from < texts.size(); from += BATCH) {
                EmbedRequest.Builder request = EmbedRequest.newBuilder();
                texts.subList(from, Math.min(texts.size(), from + BATCH)).forEach(t -> request.addTexts(cut(t)));
                EmbedResponse response = memory.embeddings(tenant).embed(request.build());
                model = response.getModel();
                for (FloatVector v : response.getVectorsList()) {
                    if (v.getValuesCount() != dimension) {
                        Log.warnf("knowledge: Embed answered dimension %d, the database holds %d; semantic parts skipped",
                                v.getValuesCount(), dimension);
                        return Optional.empty();
                    }
                    float[] values = new float[v.getValuesCount()];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = v.getValues(i);
                    }
                    vectors.add(values);
                }
            }
        } catch (StatusRuntimeException e) {
            Log.warnf("knowledge: Embed unavailable (%s); semantic parts skipped", e.getStatus().getCode());
            return Optional.empty();
        }
        return vectors.size() == texts.size() ? Optional.of(vectors) : Optional.empty();
    }

    /** The embedding model's id as memory-service last named it; "" until the first embedding. */
    public String model() {
        return model;
    }

    /** A threshold of {@code byModel} for the model in use, else {@code fallback}. */
    public double threshold(java.util.Map<String, Double> byModel, double fallback) {
        return byModel.getOrDefault(model, fallback);
    }

    /** A text cut to 8 KiB of UTF-8 (on a character boundary), never empty. */
    static String cut(String text) {
        String t = text.isBlank() ? "-" : text;
        byte[] bytes = t.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MAX_TEXT_BYTES) {
            return t;
        }
        int end = MAX_TEXT_BYTES;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }
}
