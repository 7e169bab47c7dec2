package dev.brain.db.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reciprocal-rank fusion of ranked lists: per row Σ over the lists it is in of weight / (k + rank), rank 1-based. */
public final class ReciprocalRank {

    private ReciprocalRank() {
    }

    /** Row id → fused score, best first (ties: the better rank in the first list, then lower id). */
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
}
