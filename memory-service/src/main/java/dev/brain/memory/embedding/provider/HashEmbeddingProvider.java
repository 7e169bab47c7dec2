package dev.brain.memory.embedding.provider;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Deterministic feature-hashing embedding for unit tests: lower-cased word tokens and their character
 * trigrams, hashed (FNV-1a) into signed buckets and L2-normalised. Similar wording gives similar vectors;
 * meaning does not. Never the default.
 */
public final class HashEmbeddingProvider implements EmbeddingProvider {

    private final int dimension;

    public HashEmbeddingProvider(int dimension) {
        if (dimension < 1) {
            throw new IllegalArgumentException("brain.embedding.dimension must be positive, was " + dimension);
        }
        this.dimension = dimension;
    }

    @Override
    public String model() {
        return "hash-" + dimension;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        List<float[]> vectors = new ArrayList<>(texts.size());
        for (String text : texts) {
            vectors.add(embedOne(text));
        }
        return vectors;
    }

    private float[] embedOne(String text) {
        float[] vector = new float[dimension];
        for (String token : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (token.isEmpty()) {
                continue;
            }
            add(vector, token, 1.0f);
            String padded = "#" + token + "#";
            for (int i = 0; i + 3 <= padded.length(); i++) {
                add(vector, padded.substring(i, i + 3), 0.5f);
            }
        }
        double norm = 0;
        for (float v : vector) {
            norm += v * v;
        }
        if (norm == 0) {
            vector[0] = 1f; // empty or symbol-only text: a fixed unit vector, never a zero vector
            return vector;
        }
        float scale = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < dimension; i++) {
            vector[i] *= scale;
        }
        return vector;
    }

    private void add(float[] vector, String feature, float weight) {
        int hash = 0x811c9dc5;
        for (byte b : feature.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x01000193;
        }
        int bucket = Math.floorMod(hash, dimension);
        vector[bucket] += (hash & 0x80000000) == 0 ? weight : -weight;
    }
}
