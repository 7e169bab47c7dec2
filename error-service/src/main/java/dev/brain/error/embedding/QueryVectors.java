package dev.brain.error.embedding;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.brain.error.config.ErrorConfig;
import dev.brain.grpc.v1.EmbedResponse;

/**
 * The vectors of query texts (list 3 of QueryErrors), each asked of memory-service once: the last
 * {@value #CACHED} are kept by tenant and text with its white space collapsed (least recently used out; about
 * 4 KiB each as the vector's literal, ~4 MiB in all). A tenant never gets a vector another tenant's query put there,
 * so the answer's speed tells nothing of other tenants' queries.
 */
@ApplicationScoped
public class QueryVectors {

    static final int CACHED = 1_000;

    private final Cache<String, String> vectors = Caffeine.newBuilder().maximumSize(CACHED).build();
    private final Embeddings embeddings;
    private final ErrorConfig config;

    public QueryVectors(Embeddings embeddings, ErrorConfig config) {
        this.embeddings = embeddings;
        this.config = config;
    }

    /** The query's vector literal, or null when memory-service is late (beyond {@code embedding.queryDeadline}) or down. */
    public String vector(String tenant, String text) {
        String normalized = text.strip().replaceAll("\\s+", " ");
        String key = tenant + '\n' + normalized;
        String cached = vectors.getIfPresent(key);
        if (cached != null) {
            return cached;
        }
        EmbedResponse response;
        try {
            response = embeddings.embed(tenant, List.of(Embeddings.cutUtf8(normalized,
                    Embeddings.MAX_TEXT_BYTES)), config.embedding().queryDeadline());
        } catch (RuntimeException e) {
            return null;
        }
        if (embeddings.vectorProblem(response, 1) != null) {
            return null;
        }
        String vector = Embeddings.literal(response.getVectors(0));
        vectors.put(key, vector);
        return vector;
    }

    /** Vectors kept now (for tests). */
    long size() {
        vectors.cleanUp();
        return vectors.estimatedSize();
    }
}
