package dev.brain.research.knowledge.service;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.brain.research.knowledge.files.Markdown;

/**
 * The keep/discard gate (research.md §2.3), a pure function. The distillate is split into paragraphs
 * ({@link Markdown#paragraphs}); a paragraph is <em>not new</em> when an existing paragraph of the topic's file has
 * the same normalised text, or — when both have embeddings — a cosine ≥ {@code repetitionThreshold}. Without
 * embeddings (Embed unavailable) only the exact comparison of normalised paragraphs decides. Then: no paragraph
 * → failure; a new topic → deep; nothing new → repetition; new text (code points) below {@code supplementShare} of
 * the distillate's paragraph text → supplement; else deep.
 */
public final class Gate {

    public static final String DEEP = "deep", SUPPLEMENT = "supplement", REPETITION = "repetition", FAILURE = "failure";

    /** The gate's status and the (normalised) paragraphs it found new. */
    public record Verdict(String status, Set<String> newParagraphs, int newChars, int totalChars) {
        public boolean isNew(String paragraph) {
            return newParagraphs.contains(Markdown.normalise(paragraph));
        }
    }

    private Gate() {
    }

    /**
     * @param vectors embeddings by normalised paragraph text (new and existing), possibly empty
     * @param topicExists whether the topic has a knowledge file
     */
    public static Verdict decide(List<String> paragraphs, List<String> existing, Map<String, float[]> vectors,
            boolean topicExists, double repetitionThreshold, double supplementShare) {
        Set<String> fresh = new HashSet<>();
        int total = 0;
        int newChars = 0;
        Set<String> existingTexts = new HashSet<>();
        existing.forEach(p -> existingTexts.add(Markdown.normalise(p)));
        Map<String, float[]> existingVectors = new HashMap<>();
        for (String e : existingTexts) {
            float[] v = vectors.get(e);
            if (v != null) {
                existingVectors.put(e, v);
            }
        }
        for (String p : paragraphs) {
            String n = Markdown.normalise(p);
            int chars = Markdown.chars(p.strip());
            total += chars;
            boolean known = existingTexts.contains(n);
            float[] v = vectors.get(n);
            if (!known && v != null) {
                for (float[] e : existingVectors.values()) {
                    if (cosine(v, e) >= repetitionThreshold) {
                        known = true;
                        break;
                    }
                }
            }
            if (!known) {
                fresh.add(n);
                newChars += chars;
            }
        }
        String status;
        if (paragraphs.isEmpty() || total == 0) {
            status = FAILURE;
        } else if (!topicExists) {
            status = DEEP;
        } else if (fresh.isEmpty()) {
            status = REPETITION;
        } else if (newChars < supplementShare * total) {
            status = SUPPLEMENT;
        } else {
            status = DEEP;
        }
        return new Verdict(status, fresh, newChars, total);
    }

    public static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
