package dev.brain.error.intake;

import java.util.Arrays;
import java.util.Locale;

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

    /**
     * The trigram set of a text: each trigram packed into a long (three code points of 21 bits), sorted and
     * distinct, so two sets intersect in one merge pass without a string or a boxed value per trigram.
     */
    public static long[] of(String text) {
        if (text == null) {
            return new long[0];
        }
        long[] out = new long[16];
        int size = 0;
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
            int[] word = text.substring(start, i).toLowerCase(Locale.ROOT).codePoints().toArray();
            // the word padded with two spaces before and one after
            int a = ' ';
            int b = ' ';
            for (int k = 0; k <= word.length; k++) {
                int c = k < word.length ? word[k] : ' ';
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = ((long) a << 42) | ((long) b << 21) | c;
                a = b;
                b = c;
            }
        }
        Arrays.sort(out, 0, size);
        int distinct = 0;
        for (int k = 0; k < size; k++) {
            if (distinct == 0 || out[k] != out[distinct - 1]) {
                out[distinct++] = out[k];
            }
        }
        return Arrays.copyOf(out, distinct);
    }

    /** pg_trgm {@code similarity}: 0 when either side has no trigram. */
    public static float similarity(long[] a, long[] b) {
        if (a.length == 0 || b.length == 0) {
            return 0f;
        }
        int common = 0;
        int i = 0;
        int j = 0;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                common++;
                i++;
                j++;
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        return (float) common / (float) (a.length + b.length - common);
    }

    public static float similarity(String a, String b) {
        return similarity(of(a), of(b));
    }
}
