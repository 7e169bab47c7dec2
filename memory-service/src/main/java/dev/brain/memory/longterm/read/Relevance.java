package dev.brain.memory.longterm.read;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The context step of the relevance ranking (memory.md §9): a candidate's relevance passed on to the memories
 * remembered next to it (BM25 and the fusion are {@code dev.brain.db.search}'s). Pure: no database, no CDI.
 */
public final class Relevance {

    private Relevance() {
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

    /**
     * The lexemes that select the lexical candidates (memory.md §9): the query's lexemes the pair holds, rarest first,
     * while each is held by at most {@code common} nodes and together they hold at most {@code postings} (the index
     * entries the candidate search reads); the rarest one always, even when it is common.
     */
    public static List<String> candidateLexemes(List<String> lexemes, Map<String, Long> df, long common,
            long postings) {
        List<String> byRarity = lexemes.stream().filter(l -> df.getOrDefault(l, 0L) > 0).distinct()
                .sorted(Comparator.comparingLong(df::get)).toList();
        List<String> chosen = new ArrayList<>();
        long read = 0;
        for (String lexeme : byRarity) {
            long held = df.get(lexeme);
            if (!chosen.isEmpty() && (held > common || read + held > postings)) {
                break;
            }
            chosen.add(lexeme);
            read += held;
        }
        return chosen;
    }
}
