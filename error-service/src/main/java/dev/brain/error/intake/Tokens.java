package dev.brain.error.intake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Spec §5.6: tokenizer, cosine over term counts, longest common subsequence. The tokenizer is a single pass over
 * the code points, the same as the regular expressions it replaced (placeholders {@code <[A-Z]+>} removed, split
 * at every run of characters that are neither letter nor number, then inside a run before an ASCII capital that
 * follows an ASCII lower-case letter or digit, and between letters and numbers; lower-cased; tokens of one code
 * point and stop words dropped). {@code TokensTest} keeps the regular-expression version as its reference. The
 * look-behind split and the per-candidate sets were the bulk of {@code Matcher.scoreAll}, about a third of the
 * service's own CPU samples in a profile of the report benchmark.
 */
public final class Tokens {
    private static final Set<String> STOPWORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "for", "from",
            "has", "have", "in", "is", "it", "not", "of", "on", "or", "that", "the", "this", "to", "was", "were", "with");

    private Tokens() {
    }

    public static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        if (s == null || s.isEmpty()) {
            return out;
        }
        int n = s.length();
        int start = -1; // start of the current token, -1 between tokens
        int previous = -1;
        int i = 0;
        while (i < n) {
            int placeholderEnd = placeholderEnd(s, i);
            if (placeholderEnd > 0) {
                add(out, s, start, i);
                start = -1;
                i = placeholderEnd;
                continue;
            }
            int cp = s.codePointAt(i);
            boolean letter = Character.isLetter(cp);
            boolean number = !letter && isNumber(cp);
            if (!letter && !number) {
                add(out, s, start, i);
                start = -1;
            } else if (start < 0) {
                start = i;
            } else if (innerBoundary(previous, cp, letter, number)) {
                add(out, s, start, i);
                start = i;
            }
            previous = cp;
            i += Character.charCount(cp);
        }
        add(out, s, start, n);
        return out;
    }

    /** The index after a placeholder {@code <[A-Z]+>} starting at {@code i}, or 0. */
    private static int placeholderEnd(String s, int i) {
        if (s.charAt(i) != '<') {
            return 0;
        }
        int j = i + 1;
        while (j < s.length() && s.charAt(j) >= 'A' && s.charAt(j) <= 'Z') {
            j++;
        }
        return j > i + 1 && j < s.length() && s.charAt(j) == '>' ? j + 1 : 0;
    }

    /** Inside a run of letters and numbers: camelCase (ASCII), letter→number, number→letter. */
    private static boolean innerBoundary(int previous, int cp, boolean letter, boolean number) {
        boolean previousLetter = Character.isLetter(previous);
        if ((previous >= 'a' && previous <= 'z' || previous >= '0' && previous <= '9') && cp >= 'A' && cp <= 'Z') {
            return true;
        }
        return previousLetter ? number : letter;
    }

    /** Unicode category N (Nd, Nl, No), as {@code \p{N}} in a regular expression. */
    private static boolean isNumber(int cp) {
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    private static void add(List<String> out, String s, int start, int end) {
        if (start < 0 || end <= start) {
            return;
        }
        String tok = s.substring(start, end).toLowerCase(Locale.ROOT);
        if (tok.codePointCount(0, tok.length()) > 1 && !STOPWORDS.contains(tok)) {
            out.add(tok);
        }
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
        // one square root of the product: equal token lists give exactly 1, not 1 ± 1 ulp
        return Math.min(1.0, dot / Math.sqrt(squaredNorm(ca) * squaredNorm(cb)));
    }

    private static Map<String, Integer> counts(List<String> l) {
        Map<String, Integer> m = new HashMap<>();
        for (String s : l) {
            m.merge(s, 1, Integer::sum);
        }
        return m;
    }

    private static double squaredNorm(Map<String, Integer> m) {
        double s = 0;
        for (int v : m.values()) {
            s += (double) v * v;
        }
        return s;
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
