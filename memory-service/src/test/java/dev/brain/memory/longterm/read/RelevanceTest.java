package dev.brain.memory.longterm.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.memory.longterm.repository.LexicalRepository.Neighbour;

/** The relevance ranking's context step and time questions (memory.md §9). */
class RelevanceTest {

    @Test
    void contextPassesAShareOfACandidatesScoreToTheMemoriesRememberedNextToIt() {
        // candidates 10 (0.25) and 20 (0.1); 11 was remembered right after 10, 12 two after it, 19 right before 20
        Map<Long, Double> scores = Map.of(10L, 0.25, 20L, 0.1);
        var neighbours = List.of(new Neighbour(10, 11, 1), new Neighbour(10, 12, 2), new Neighbour(20, 19, -1),
                new Neighbour(20, 10, -3), new Neighbour(10, 9, -1));
        var out = Relevance.withContext(scores, neighbours, List.of(0.7, 0.25));
        assertThat(out.keySet()).containsExactly(10L, 9L, 11L, 20L, 19L, 12L); // ties: lower id
        assertThat(out.get(10L).score()).isEqualTo(0.25); // a distance of 3 passes nothing
        assertThat(out.get(11L).score()).isCloseTo(0.175, within(1e-15));
        assertThat(out.get(11L).via()).isEqualTo(10L);
        assertThat(out.get(12L).score()).isCloseTo(0.0625, within(1e-15));
        assertThat(out.get(19L).score()).isCloseTo(0.07, within(1e-15));
        assertThat(out.get(20L).via()).isNull(); // its own score is larger than any share
    }

    @Test
    void aQuestionAboutTimeIsRecognised() {
        assertThat(BlockRenderer.asksWhen("When did Caroline go to the LGBTQ support group?")).isTrue();
        assertThat(BlockRenderer.asksWhen("what year did she move?")).isTrue();
        assertThat(BlockRenderer.asksWhen("How long ago was the race?")).isTrue();
        assertThat(BlockRenderer.asksWhen("What did Caroline research?")).isFalse();
        assertThat(BlockRenderer.asksWhen("whenever")).isFalse();
    }
}
