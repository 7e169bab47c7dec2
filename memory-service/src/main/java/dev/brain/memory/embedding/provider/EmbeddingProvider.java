package dev.brain.memory.embedding.provider;

import java.util.List;

/** Computes sentence embeddings; one implementation per configured provider. */
public interface EmbeddingProvider {

    /** Model name reported to callers (and written to exports). */
    String model();

    /** Length of every vector this provider returns. */
    int dimension();

    /** One vector per text, in order; texts are already validated and non-empty lists. */
    List<float[]> embed(List<String> texts);
}
