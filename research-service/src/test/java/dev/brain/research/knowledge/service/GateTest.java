package dev.brain.research.knowledge.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.research.knowledge.files.Markdown;

class GateTest {

    static final double REPETITION = 0.92;
    static final double SHARE = 0.2;

    static Gate.Verdict decide(List<String> paragraphs, List<String> existing, Map<String, float[]> vectors) {
        return Gate.decide(paragraphs, existing, vectors, !existing.isEmpty(), REPETITION, SHARE);
    }

    @Test
    void noParagraphIsAFailureAndANewTopicIsDeep() {
        assertThat(decide(List.of(), List.of(), Map.of()).status()).isEqualTo(Gate.FAILURE);
        assertThat(decide(List.of("a"), List.of(), Map.of()).status()).isEqualTo(Gate.DEEP);
    }

    @Test
    void withoutEmbeddingsNormalisedTextDecides() {
        Gate.Verdict v = decide(List.of("  Same   TEXT "), List.of("same text"), Map.of());
        assertThat(v.status()).isEqualTo(Gate.REPETITION);
        assertThat(v.newParagraphs()).isEmpty();
    }

    @Test
    void aCosineAtTheThresholdIsNotNew() {
        float[] a = { 1, 0 };
        float[] b = { (float) REPETITION, (float) Math.sqrt(1 - REPETITION * REPETITION) };
        float[] c = { 0.9f, (float) Math.sqrt(1 - 0.81) };
        assertThat(decide(List.of("new"), List.of("old"), Map.of("new", b, "old", a)).status()).isEqualTo(Gate.REPETITION);
        assertThat(decide(List.of("new"), List.of("old"), Map.of("new", c, "old", a)).status()).isEqualTo(Gate.DEEP);
    }

    @Test
    void newTextBelowTwentyPercentIsASupplement() {
        String old = "o".repeat(80);
        assertThat(decide(List.of(old, "n".repeat(19)), List.of(old), Map.of()).status()).isEqualTo(Gate.SUPPLEMENT);
        Gate.Verdict atShare = decide(List.of(old, "n".repeat(20)), List.of(old), Map.of());
        assertThat(atShare.status()).isEqualTo(Gate.DEEP);
        assertThat(atShare.newChars()).isEqualTo(20);
        assertThat(atShare.totalChars()).isEqualTo(100);
        assertThat(atShare.isNew("N".repeat(20))).isTrue();
        assertThat(atShare.isNew(old)).isFalse();
        assertThat(Markdown.normalise("N".repeat(20))).isEqualTo("n".repeat(20));
    }
}
