package dev.brain.memory.embedding.service;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.brain.memory.embedding.config.EmbeddingConfig;
import dev.brain.memory.embedding.provider.EmbeddingProvider;
import dev.brain.memory.embedding.provider.HashEmbeddingProvider;
import dev.brain.memory.embedding.provider.OnnxProviderFactory;
import dev.brain.memory.embedding.provider.OpenAiEmbeddingProvider;
import io.quarkus.logging.Log;
import io.quarkus.runtime.Startup;

/**
 * The system's one embedding model: validates a batch, answers repeated texts from an LRU cache keyed by
 * the SHA-256 of the text, and sends the rest to the configured provider in one call. Created (and the
 * model loaded and warmed up) at start.
 */
@Startup
@Singleton
public class Embedder {

    /** Most texts in one {@code Embed} call. */
    public static final int MAX_TEXTS = 256;
    /** Largest text, in UTF-8 bytes. */
    public static final int MAX_TEXT_BYTES = 8 * 1024;

    private final EmbeddingProvider provider;
    private final Cache<String, float[]> cache;

    @Inject
    public Embedder(EmbeddingConfig config, ObjectMapper json, Instance<OnnxProviderFactory> onnx) {
        this(create(config, json, onnx.isResolvable() ? onnx.get() : null), config.cacheSize());
        if (provider.dimension() != config.dimension()) {
            throw new IllegalStateException("Embedding provider " + config.provider().name().toLowerCase()
                    + " (model " + provider.model() + ") produces " + provider.dimension()
                    + "-dimensional vectors, but brain.embedding.dimension is " + config.dimension()
                    + ". Set brain.embedding.dimension (BRAIN_EMBEDDING_DIMENSION) to " + provider.dimension()
                    + " on a new database, or choose a provider with " + config.dimension() + " dimensions.");
        }
    }

    /** For tests: a given provider and cache size. */
    public Embedder(EmbeddingProvider provider, int cacheSize) {
        this.provider = provider;
        this.cache = Caffeine.newBuilder().maximumSize(Math.max(0, cacheSize)).build();
        long started = System.nanoTime();
        provider.embed(List.of("warm-up"));
        Log.infof("embedding model %s ready (%d dimensions) in %d ms", provider.model(), provider.dimension(),
                (System.nanoTime() - started) / 1_000_000);
    }

    /** {@code onnx} is null in a build without the in-process model (a native image). */
    static EmbeddingProvider create(EmbeddingConfig config, ObjectMapper json, OnnxProviderFactory onnx) {
        return switch (config.provider()) {
            case ONNX -> {
                if (onnx == null) {
                    throw new IllegalStateException("brain.embedding.provider is onnx, but this build has no in-process"
                            + " model (native image: brain.build.onnx-excluded=true). Set brain.embedding.provider"
                            + " (BRAIN_EMBEDDING_PROVIDER) to openai and brain.embedding.openai.base-url"
                            + " (BRAIN_EMBEDDING_URL) to an OpenAI-compatible /v1/embeddings endpoint.");
                }
                yield onnx.create();
            }
            case HASH -> new HashEmbeddingProvider(config.dimension());
            case OPENAI -> new OpenAiEmbeddingProvider(json, config.openai().baseUrl(), config.openai().model(),
                    config.dimension(), config.openai().apiKey(), config.openai().timeout());
        };
    }

    public String model() {
        return provider.model();
    }

    public int dimension() {
        return provider.dimension();
    }

    /**
     * One unit-length-or-provider-normalised vector per text, in order. Identical texts give identical vectors.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming the field for a bad batch
     */
    public List<float[]> embed(List<String> texts) {
        List<String> clean = validate(texts);
        float[][] result = new float[clean.size()][];
        Map<String, List<Integer>> missing = new HashMap<>();
        List<String> keys = new ArrayList<>(clean.size());
        for (int i = 0; i < clean.size(); i++) {
            String key = sha256(clean.get(i));
            keys.add(key);
            float[] cached = cache.getIfPresent(key);
            if (cached != null) {
                result[i] = cached;
            } else {
                missing.computeIfAbsent(key, k -> new ArrayList<>()).add(i);
            }
        }
        if (!missing.isEmpty()) {
            List<String> todo = new ArrayList<>(missing.size());
            List<String> todoKeys = new ArrayList<>(missing.size());
            missing.forEach((key, positions) -> {
                todoKeys.add(key);
                todo.add(clean.get(positions.get(0)));
            });
            List<float[]> vectors = provider.embed(todo);
            for (int j = 0; j < todo.size(); j++) {
                float[] vector = vectors.get(j);
                cache.put(todoKeys.get(j), vector);
                for (int position : missing.get(todoKeys.get(j))) {
                    result[position] = vector;
                }
            }
        }
        return List.of(result);
    }

    static List<String> validate(List<String> texts) {
        if (texts.isEmpty()) {
            throw invalid("texts: at least one text is required");
        }
        if (texts.size() > MAX_TEXTS) {
            throw invalid("texts: " + texts.size() + " texts, at most " + MAX_TEXTS + " per call");
        }
        List<String> clean = new ArrayList<>(texts.size());
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i).replace("\u0000", "");
            if (text.isBlank()) {
                throw invalid("texts[" + i + "]: empty text");
            }
            int bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > MAX_TEXT_BYTES) {
                throw invalid("texts[" + i + "]: " + bytes + " bytes, at most " + MAX_TEXT_BYTES);
            }
            clean.add(text);
        }
        return clean;
    }

    private static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
