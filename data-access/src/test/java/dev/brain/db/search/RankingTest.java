package dev.brain.db.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.db.search.Bm25.Match;

/** BM25 with the searched rows' statistics, the share of the query a row holds, and reciprocal-rank fusion. */
class RankingTest {

    @Test
    void bm25ScoresByThePairsDocumentFrequenciesAndLengths() {
        // N = 10 nodes of 5 lexemes on average; the query's lexemes a (in 2 nodes) and b (in 5)
        var scores = Bm25.scores(List.of(new Match(1, 5, new int[] { 1, 0 }), new Match(2, 10, new int[] { 0, 2 }),
                new Match(3, 4, new int[] { 0, 0 })), new long[] { 2, 5 }, 10, 5);
        // idf(a) = ln(1 + 8.5/2.5) = 1.4816; node 1: idf(a)·1·2.2 / (1 + 1.2·(0.25 + 0.75·5/5)) = 1.4816
        // idf(b) = ln 2; node 2: ln 2 · 2·2.2 / (2 + 1.2·(0.25 + 0.75·10/5)) = 0.74387
        assertThat(scores.keySet()).containsExactly(1L, 2L);
        assertThat(scores.get(1L)).isCloseTo(Math.log(4.4), within(1e-12));
        assertThat(scores.get(2L)).isCloseTo(Math.log(2) * 4.4 / 4.1, within(1e-12));
    }

    @Test
    void aMatchIsReadFromTheVectorsTextAsUnnestGivesIt() {
        // PostgreSQL 15's text of to_tsvector('english', 'Kafka kafka consumer''s retry; O''Reilly \\ back\\slash it''s kafka')
        Match m = Bm25.match(7, "'back':8 'consum':3 'kafka':1,2,12 'o':6 'reilli':7 'retri':5 'slash':9",
                List.of("retri", "kafka", "zebra", "o"));
        assertThat(m.id()).isEqualTo(7);
        assertThat(m.length()).isEqualTo(7);
        assertThat(m.frequencies()).containsExactly(1, 3, 0, 1);
        // weights, a quote, a backslash and a space inside lexemes; one without positions (length 3, as the server says)
        Match quoted = Bm25.match(8, "'a\\\\b':2 'it''s' 'x y':3A,4", List.of("x y", "it's", "a\\b"));
        assertThat(quoted.length()).isEqualTo(3);
        assertThat(quoted.frequencies()).containsExactly(2, 1, 1);
        // a stripped vector: every lexeme once
        assertThat(Bm25.match(9, "'kafka' 'retri'", List.of("kafka")).frequencies()).containsExactly(1);
        assertThat(Bm25.match(10, "", List.of("kafka")).length()).isZero();
    }

    @Test
    void reciprocalRankFusionAddsWeightOverKPlusRank() {
        Map<Long, Double> fused = ReciprocalRank.fuse(List.of(List.of(1L, 2L, 3L), List.of(3L, 1L)), new double[] { 1, 1 }, 60);
        assertThat(fused.keySet()).containsExactly(1L, 3L, 2L);
        assertThat(fused.get(1L)).isCloseTo(1.0 / 61 + 1.0 / 62, within(1e-15));
        assertThat(fused.get(3L)).isCloseTo(1.0 / 63 + 1.0 / 61, within(1e-15));
        assertThat(fused.get(2L)).isCloseTo(1.0 / 62, within(1e-15));
        // a weighted third list; equal scores go to the better rank in the first list
        Map<Long, Double> weighted = ReciprocalRank.fuse(List.of(List.of(5L, 6L), List.of(), List.of(6L, 5L)),
                new double[] { 1, 1, 0.5 }, 0);
        assertThat(weighted.get(5L)).isEqualTo(1 + 0.25);
        assertThat(weighted.get(6L)).isEqualTo(0.5 + 0.5);
        Map<Long, Double> tie = ReciprocalRank.fuse(List.of(List.of(8L, 7L), List.of(7L, 8L)), new double[] { 1, 1 }, 60);
        assertThat(tie.keySet()).containsExactly(8L, 7L);
    }

    @Test
    void coverageIsTheShareOfTheQuerysIdfMassARowHolds() {
        // lexemes a (in 2 of 10 rows), b (in 5), c (in none: it counts, at idf ln(1 + 10.5/0.5) = ln 22)
        Map<Long, Double> coverage = Bm25.coverage(List.of(new Match(1, 5, new int[] { 1, 0, 0 }),
                new Match(2, 5, new int[] { 1, 1, 0 })), new long[] { 2, 5, 0 }, 10);
        double a = Math.log(4.4);
        double b = Math.log(2);
        double c = Math.log(22);
        assertThat(coverage.get(1L)).isCloseTo(a / (a + b + c), within(1e-12));
        assertThat(coverage.get(2L)).isCloseTo((a + b) / (a + b + c), within(1e-12));
    }
}
