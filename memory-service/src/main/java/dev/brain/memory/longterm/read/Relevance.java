package dev.brain.memory.longterm.read;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.brain.memory.longterm.repository.LexicalRepository.Match;

/**
 * How well memories answer a query (memory.md §9, relevance ranking): BM25 over the lexical matches with the pair's
 * own statistics, and the reciprocal-rank fusion of that list with the vector list. Pure: no database, no CDI.
 */
public final class Relevance {

    static final double K1 = 1.2;
    static final double B = 0.75;

    private Relevance() {
    }

    /**
     * BM25 of each match: Σ over the query's lexemes of idf · tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen)), with
     * idf = ln(1 + (N − df + 0.5)/(df + 0.5)) over the pair's N active nodes; k1 1.2, b 0.75. Returns node id →
     * score, best first (ties: lower id); matches that score 0 are left out.
     */
    public static LinkedHashMap<Long, Double> bm25(List<Match> matches, long[] documentFrequencies, long nodes,
            double averageLength) {
        double[] idf = new double[documentFrequencies.length];
        for (int i = 0; i < idf.length; i++) {
            long df = Math.min(documentFrequencies[i], nodes);
            idf[i] = Math.log(1 + (nodes - df + 0.5) / (df + 0.5));
        }
        double avg = averageLength > 0 ? averageLength : 1;
        Map<Long, Double> scores = new HashMap<>();
        for (Match m : matches) {
            double s = 0;
            for (int i = 0; i < m.frequencies().length && i < idf.length; i++) {
                int tf = m.frequencies()[i];
                if (tf > 0) {
                    s += idf[i] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * m.length() / avg));
                }
            }
            if (s > 0) {
                scores.put(m.id(), s);
            }
        }
        return sorted(scores);
    }

    /**
     * Reciprocal-rank fusion: per node Σ over the lists it is in of weight / (k + rank), rank 1-based. Returns node id
     * → fused score, best first (ties: the better rank in the first list, then lower id).
     */
    public static LinkedHashMap<Long, Double> fuse(List<List<Long>> lists, double[] weights, double k) {
        Map<Long, Double> scores = new HashMap<>();
        Map<Long, Integer> firstRank = new HashMap<>();
        for (int l = 0; l < lists.size(); l++) {
            List<Long> list = lists.get(l);
            for (int r = 0; r < list.size(); r++) {
                long id = list.get(r);
                scores.merge(id, weights[l] / (k + r + 1), Double::sum);
                if (l == 0) {
                    firstRank.putIfAbsent(id, r);
                }
            }
        }
        List<Map.Entry<Long, Double>> entries = new ArrayList<>(scores.entrySet());
        entries.sort(Comparator.comparingDouble((Map.Entry<Long, Double> e) -> -e.getValue())
                .thenComparingInt(e -> firstRank.getOrDefault(e.getKey(), Integer.MAX_VALUE))
                .thenComparingLong(Map.Entry::getKey));
        LinkedHashMap<Long, Double> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /** A memory's relevance after its context, and the candidate that gave most of it (null: its own was most). */
    public record Contextual(double score, Long via) {
    }

    /**
     * Context: each candidate passes {@code weights[|d| − 1]} × its score to the memory remembered d places from it
     * (d = ±1, ±2), which adds it to its own (0 for a memory that was no candidate). Returns node id → score and the
     * candidate that passed the largest share when that share is larger than the node's own score; best first (ties:
     * lower id).
     */
    public static LinkedHashMap<Long, Contextual> withContext(Map<Long, Double> scores,
            List<dev.brain.memory.longterm.repository.LexicalRepository.Neighbour> neighbours, List<Double> weights) {
        Map<Long, Double> total = new HashMap<>(scores);
        Map<Long, Double> bestShare = new HashMap<>();
        Map<Long, Long> via = new HashMap<>();
        for (var n : neighbours) {
            Double from = scores.get(n.of());
            int d = Math.abs(n.distance());
            if (from == null || d < 1 || d > weights.size()) {
                continue;
            }
            double share = weights.get(d - 1) * from;
            total.merge(n.id(), share, Double::sum);
            if (share > bestShare.getOrDefault(n.id(), 0.0)) {
                bestShare.put(n.id(), share);
                via.put(n.id(), n.of());
            }
        }
        LinkedHashMap<Long, Double> order = sorted(total);
        LinkedHashMap<Long, Contextual> out = new LinkedHashMap<>();
        order.forEach((id, score) -> out.put(id, new Contextual(score,
                bestShare.getOrDefault(id, 0.0) > scores.getOrDefault(id, 0.0) ? via.get(id) : null)));
        return out;
    }

    static LinkedHashMap<Long, Double> sorted(Map<Long, Double> scores) {
        List<Map.Entry<Long, Double>> entries = new ArrayList<>(scores.entrySet());
        entries.sort(Comparator.comparingDouble((Map.Entry<Long, Double> e) -> -e.getValue())
                .thenComparingLong(Map.Entry::getKey));
        LinkedHashMap<Long, Double> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }
}
