package dev.brain.error.intake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Spec §5.6: tokenizer, cosine over term counts, longest common subsequence. */
public final class Tokens {
    private static final Pattern PLACEHOLDER = Pattern.compile("<[A-Z]+>");
    private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Pattern INNER = Pattern.compile(
            "(?<=[a-z0-9])(?=[A-Z])|(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})");
    private static final Set<String> STOPWORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "for", "from",
            "has", "have", "in", "is", "it", "not", "of", "on", "or", "that", "the", "this", "to", "was", "were", "with");

    private Tokens() {
    }

    public static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        if (s == null || s.isEmpty()) {
            return out;
        }
        String t = PLACEHOLDER.matcher(s).replaceAll(" ");
        for (String part : SEPARATORS.split(t)) {
            if (part.isEmpty()) {
                continue;
            }
            for (String p : INNER.split(part)) {
                String tok = p.toLowerCase(Locale.ROOT);
                if (tok.codePointCount(0, tok.length()) > 1 && !STOPWORDS.contains(tok)) {
                    out.add(tok);
                }
            }
        }
        return out;
    }

    public static double cosine(List<String> a, List<String> b) {
        if (a == null || b == null || a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Map<String, Integer> ca = counts(a);
        Map<String, Integer> cb = counts(b);
        double dot = 0;
        for (Map.Entry<String, Integer> e : ca.entrySet()) {
            Integer o = cb.get(e.getKey());
            if (o != null) {
                dot += (double) e.getValue() * o;
            }
        }
        return dot / (norm(ca) * norm(cb));
    }

    private static Map<String, Integer> counts(List<String> l) {
        Map<String, Integer> m = new HashMap<>();
        for (String s : l) {
            m.merge(s, 1, Integer::sum);
        }
        return m;
    }

    private static double norm(Map<String, Integer> m) {
        double s = 0;
        for (int v : m.values()) {
            s += (double) v * v;
        }
        return Math.sqrt(s);
    }

    public static int lcs(List<String> a, List<String> b) {
        if (a == null || b == null || a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        int[] prev = new int[b.size() + 1];
        int[] cur = new int[b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                if (a.get(i - 1).equals(b.get(j - 1))) {
                    cur[j] = prev[j - 1] + 1;
                } else {
                    cur[j] = Math.max(prev[j], cur[j - 1]);
                }
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.size()];
    }
}
