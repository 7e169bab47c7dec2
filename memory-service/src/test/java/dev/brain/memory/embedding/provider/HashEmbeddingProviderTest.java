package dev.brain.memory.embedding.provider;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class HashEmbeddingProviderTest {

    private final HashEmbeddingProvider provider = new HashEmbeddingProvider(64);

    @Test
    void deterministicUnitVectorsOfTheConfiguredDimension() {
        List<float[]> vectors = provider.embed(List.of("connection refused", "connection refused", "!!!"));
        assertThat(vectors.get(0)).hasSize(64).containsExactly(vectors.get(1));
        for (float[] v : vectors) {
            double norm = 0;
            for (float x : v) {
                norm += x * x;
            }
            assertThat(norm).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5));
        }
    }

    @Test
    void sharedWordsAreCloserThanNoSharedWords() {
        List<float[]> v = provider.embed(List.of("timeout connecting to database", "database connection timeout",
                "purple elephants dance"));
        assertThat(dot(v.get(0), v.get(1))).isGreaterThan(dot(v.get(0), v.get(2)));
    }

    private static double dot(float[] a, float[] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            d += a[i] * b[i];
        }
        return d;
    }
}
