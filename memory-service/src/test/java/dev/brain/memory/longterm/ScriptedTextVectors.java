package dev.brain.memory.longterm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;

import dev.brain.memory.embedding.service.Embedder;
import dev.brain.memory.longterm.vectors.TextVectors;

/**
 * Test seam at the process boundary of the embedding model: scripted texts get a given vector (or a failure);
 * every other text goes to the real model. Scripts are keyed by unique texts, so tests do not interfere.
 */
@Alternative
@Priority(1)
@Singleton
public class ScriptedTextVectors extends TextVectors {

    private static final Map<String, float[]> VECTORS = new ConcurrentHashMap<>();
    private static final Map<String, RuntimeException> FAILURES = new ConcurrentHashMap<>();

    public ScriptedTextVectors(Embedder embedder) {
        super(embedder);
    }

    public static void script(String text, float[] vector) {
        VECTORS.put(text, vector);
    }

    public static void fail(String text, RuntimeException failure) {
        FAILURES.put(text, failure);
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        List<float[]> out = new ArrayList<>();
        for (String text : texts) {
            if (FAILURES.containsKey(text)) {
                throw FAILURES.get(text);
            }
            out.add(VECTORS.containsKey(text) ? VECTORS.get(text) : super.embed(List.of(text)).get(0));
        }
        return out;
    }
}
