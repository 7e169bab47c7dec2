package dev.brain.error.intake;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * pg_trgm's {@code similarity(a, b)} (the message signal of §5.7), computed here instead of in the matching
 * statement: at 100 candidates with long templates it was ~2 ms of database time per report, on the machine's
 * busiest process. Same definition as pg_trgm in a UTF-8 database: words are runs of letters and digits,
 * lower-cased, each padded with two spaces before and one after; the trigrams of all words form a set; the
 * similarity is |A ∩ B| / |A ∪ B| as a {@code real}. (pg_trgm stores a trigram with a multi-byte character as a
 * 3-byte hash, so two such trigrams can collide there and not here — a difference of one in 2²⁴.)
 */
public final class Trigrams {

    private Trigrams() {
    }

    /** The trigram set of a text. */
    public static Set<String> of(String text) {
        Set<String> out = new HashSet<>();
        if (text == null) {
            return out;
        }
        int i = 0;
        int n = text.length();
        while (i < n) {
            int cp = text.codePointAt(i);
            if (!Character.isLetterOrDigit(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            int start = i;
            while (i < n && Character.isLetterOrDigit(text.codePointAt(i))) {
                i += Character.charCount(text.codePointAt(i));
            }
            addWord(out, text.substring(start, i).toLowerCase(Locale.ROOT));
        }
        return out;
    }

    private static void addWord(Set<String> out, String word) {
        int[] cps = ("  " + word + " ").codePoints().toArray();
        for (int k = 0; k + 3 <= cps.length; k++) {
            out.add(new String(cps, k, 3));
        }
    }

    /** pg_trgm {@code similarity}: 0 when either side has no trigram. */
    public static float similarity(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0f;
        }
        Set<String> small = a.size() <= b.size() ? a : b;
        Set<String> large = small == a ? b : a;
        int common = 0;
        for (String t : small) {
            if (large.contains(t)) {
                common++;
            }
        }
        return (float) common / (float) (a.size() + b.size() - common);
    }

    public static float similarity(String a, String b) {
        return similarity(of(a), of(b));
    }
}
