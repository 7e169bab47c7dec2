package dev.brain.memory.longterm.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class EmotionsTest {

    final Emotions emotions = new Emotions(Map.of("freude", "joy", "ueberraschung", "surprise"),
            List.of(1.0, 0.9, 0.8, 0.7, 0.6));

    @Test
    void distancesGoTheShorterWayRoundTheWheel() {
        Optional<Integer> joy = emotions.sector("joy");
        assertThat(emotions.factor(joy, "JOY")).isEqualTo(1.0);
        assertThat(emotions.factor(joy, "trust")).isEqualTo(0.9);
        assertThat(emotions.factor(joy, "anticipation")).isEqualTo(0.9);
        assertThat(emotions.factor(joy, "fear")).isEqualTo(0.8);
        assertThat(emotions.factor(joy, "anger")).isEqualTo(0.8);
        assertThat(emotions.factor(joy, "surprise")).isEqualTo(0.7);
        assertThat(emotions.factor(joy, "sadness")).isEqualTo(0.6);
    }

    @Test
    void mildAndIntenseFormsAliasesAndNeutral() {
        assertThat(emotions.sector("Serenity")).contains(0);
        assertThat(emotions.sector("vigilance")).contains(7);
        assertThat(emotions.sector("rage")).contains(6);
        assertThat(emotions.sector(" Überraschung ")).contains(3);
        assertThat(emotions.sector("Freude")).contains(0);
        assertThat(emotions.sector("")).isEmpty();
        assertThat(emotions.sector("neutral")).isEmpty();
        assertThat(emotions.sector("bewildered")).isEmpty();
        assertThat(emotions.factor(Optional.empty(), "sadness")).isEqualTo(1.0);
        assertThat(emotions.factor(emotions.sector("joy"), "")).isEqualTo(1.0);
    }
}
