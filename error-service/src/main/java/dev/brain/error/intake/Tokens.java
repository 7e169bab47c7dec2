package dev.brain.error.intake;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** TEMPORARY stand-in until the intake branch lands. */
public final class Tokens {
    private Tokens() {
    }

    public static List<String> tokens(String s) {
        return Arrays.stream(s.replaceAll("<[A-Z]+>", " ").split("[^\\p{L}\\p{N}]+"))
                .map(t -> t.toLowerCase(Locale.ROOT)).filter(t -> t.length() > 1).toList();
    }

    public static double cosine(List<String> a, List<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Map<String, Integer> ca = new HashMap<>();
        Map<String, Integer> cb = new HashMap<>();
        a.forEach(t -> ca.merge(t, 1, Integer::sum));
        b.forEach(t -> cb.merge(t, 1, Integer::sum));
        double dot = 0;
        for (var e : ca.entrySet()) {
            dot += e.getValue() * cb.getOrDefault(e.getKey(), 0);
        }
        double na = Math.sqrt(ca.values().stream().mapToDouble(v -> v * v).sum());
        double nb = Math.sqrt(cb.values().stream().mapToDouble(v -> v * v).sum());
        return dot / (na * nb);
    }

    public static int lcs(List<String> a, List<String> b) {
        int[][] d = new int[a.size() + 1][b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                d[i][j] = a.get(i - 1).equals(b.get(j - 1)) ? d[i - 1][j - 1] + 1 : Math.max(d[i - 1][j], d[i][j - 1]);
            }
        }
        return d[a.size()][b.size()];
    }
}
