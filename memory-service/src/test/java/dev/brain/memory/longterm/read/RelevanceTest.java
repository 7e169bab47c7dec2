package dev.brain.memory.longterm.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.memory.longterm.repository.LexicalRepository.Match;
import dev.brain.memory.longterm.repository.LexicalRepository.Neighbour;

/** The relevance ranking's numbers (memory.md §9): BM25 with the pair's statistics, reciprocal-rank fusion. */
class RelevanceTest {

    @Test
    void bm25ScoresByThePairsDocumentFrequenciesAndLengths() {
        // N = 10 nodes of 5 lexemes on average; the query's lexemes a (in 2 nodes) and b (in 5)
        var scores = Relevance.bm25(List.of(new Match(1, 5, new int[] {1, 0}), new Match(2, 10, new int[] {0, 2}),
                new Match(3, 4, new int[] {0, 0})), new long[] {2, 5}, 10, 5);
        // idf(a) = ln(1 + 8.5/2.5) = 1.4816; node 1: idf(a)·1·2.2 / (1 + 1.2·(0.25 + 0.75·5/5)) = 1.4816
        // idf(b) = ln 2; node 2: ln 2 · 2·2.2 / (2 + 1.2·(0.25 + 0.75·10/5)) = 0.74387
        assertThat(scores.keySet()).containsExactly(1L, 2L);
        assertThat(scores.get(1L)).isCloseTo(Math.log(4.4), within(1e-12));
        assertThat(scores.get(2L)).isCloseTo(Math.log(2) * 4.4 / 4.1, within(1e-12));
    }

    @Test
    void reciprocalRankFusionAddsWeightOverKPlusRank() {
        Map<Long, Double> fused = Relevance.fuse(List.of(List.of(1L, 2L, 3L), List.of(3L, 1L)), new double[] {1, 1}, 60);
        assertThat(fused.keySet()).containsExactly(1L, 3L, 2L);
        assertThat(fused.get(1L)).isCloseTo(1.0 / 61 + 1.0 / 62, within(1e-15));
        assertThat(fused.get(3L)).isCloseTo(1.0 / 63 + 1.0 / 61, within(1e-15));
        assertThat(fused.get(2L)).isCloseTo(1.0 / 62, within(1e-15));
        // a weighted third list; equal scores go to the better rank in the first list
        Map<Long, Double> weighted = Relevance.fuse(List.of(List.of(5L, 6L), List.of(), List.of(6L, 5L)),
                new double[] {1, 1, 0.5}, 0);
        assertThat(weighted.get(5L)).isEqualTo(1 + 0.25);
        assertThat(weighted.get(6L)).isEqualTo(0.5 + 0.5);
        Map<Long, Double> tie = Relevance.fuse(List.of(List.of(8L, 7L), List.of(7L, 8L)), new double[] {1, 1}, 60);
        assertThat(tie.keySet()).containsExactly(8L, 7L);
    }

    @Test
    void contextPassesAShareOfACandidatesScoreToTheMemoriesRememberedNextToIt() {
        // candidates 10 (0.25) and 20 (0.1); 11 was remembered right after 10, 12 two after it, 19 right before 20
        Map<Long, Double> scores = Map.of(10L, 0.25, 20L, 0.1);
        var neighbours = List.of(new Neighbour(10, 11, 1), new Neighbour(10, 12, 2), new Neighbour(20, 19, -1),
                new Neighbour(20, 10, -3), new Neighbour(10, 9, -1));
        var out = Relevance.withContext(scores, neighbours, List.of(0.7, 0.25));
        assertThat(out.keySet()).containsExactly(10L, 9L, 11L, 20L, 19L, 12L);   // ties: lower id
        assertThat(out.get(10L).score()).isEqualTo(0.25);            // a distance of 3 passes nothing
        assertThat(out.get(11L).score()).isCloseTo(0.175, within(1e-15));
        assertThat(out.get(11L).via()).isEqualTo(10L);
        assertThat(out.get(12L).score()).isCloseTo(0.0625, within(1e-15));
        assertThat(out.get(19L).score()).isCloseTo(0.07, within(1e-15));
        assertThat(out.get(20L).via()).isNull();                        // its own score is larger than any share
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
