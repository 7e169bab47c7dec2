package dev.brain.memory.embedding.config;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the system's one embedding model (overview.md §Embeddings). */
@ConfigMapping(prefix = "brain.embedding")
public interface EmbeddingConfig {

    /** Which provider computes vectors. */
    @WithDefault("onnx")
    Provider provider();

    /** Vector dimension of this database; fixed at the first migration and checked at every start. */
    @WithDefault("384")
    int dimension();

    /** Entries of the LRU cache keyed by the SHA-256 of a text; 0 turns the cache off. */
    @WithDefault("10000")
    int cacheSize();

    /** The OpenAI-compatible endpoint ({@code provider = openai}). */
    OpenAi openai();

    enum Provider {
        /** In-process all-MiniLM-L6-v2 (quantized), 384 dimensions, shipped in a Maven Central jar. */
        ONNX,
        /** Any OpenAI-compatible {@code /v1/embeddings} endpoint (Ollama, vLLM, OpenAI). */
        OPENAI,
        /** Deterministic feature hashing: unit tests only, never the default. */
        HASH
    }

    interface OpenAi {
        /** Base URL without {@code /v1/embeddings}, e.g. {@code http://localhost:11434}. */
        @WithDefault("http://localhost:11434")
        URI baseUrl();

        @WithDefault("nomic-embed-text")
        String model();

        /** Sent as {@code Authorization: Bearer …} when present. */
        Optional<String> apiKey();

        @WithDefault("30s")
        Duration timeout();
    }
}
