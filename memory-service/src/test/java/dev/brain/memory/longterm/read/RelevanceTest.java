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
    void candidatesAreSelectedByTheRarestLexemesWithinTheirPostings() {
        // a pair of 1,000 nodes: common = 200 (20 %); the query's lexemes in the query's order
        List<String> query = List.of("deploy", "kafka", "the", "vacuum", "nowhere", "retry");
        Map<String, Long> df = Map.of("deploy", 150L, "kafka", 40L, "the", 900L, "vacuum", 90L, "retry", 200L);
        // unbounded postings: every lexeme held by at most 200 nodes (as before the budget), rarest first
        assertThat(Relevance.candidateLexemes(query, df, 200, Long.MAX_VALUE))
                .containsExactly("kafka", "vacuum", "deploy", "retry");
        // 300 postings: kafka (40) + vacuum (90) + deploy (150) = 280; retry would make 480
        assertThat(Relevance.candidateLexemes(query, df, 200, 300)).containsExactly("kafka", "vacuum", "deploy");
        // the rarest one always, even beyond the budget
        assertThat(Relevance.candidateLexemes(query, df, 200, 10)).containsExactly("kafka");
        // every lexeme common: the rarest one
        assertThat(Relevance.candidateLexemes(List.of("the", "deploy"), df, 100, 5000)).containsExactly("deploy");
        // none held
        assertThat(Relevance.candidateLexemes(List.of("nowhere"), df, 200, 5000)).isEmpty();
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
