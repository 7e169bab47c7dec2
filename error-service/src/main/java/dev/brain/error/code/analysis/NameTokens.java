package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Splits identifiers into lower-case words at camel-case humps and {@code _ - . $} separators. */
final class NameTokens {

    /** Names beyond this many are left out of the cohesion mean (quadratic in the count). */
    static final int MAX_COHESION_NAMES = 256;

    private NameTokens() {
    }

    /** {@code parseCSVLine} → [parse, csv, line]; {@code retry_with_backoff} → [retry, with, backoff]. */
    static List<String> split(String name) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int n = name.length();
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, words);
                continue;
            }
            if (word.length() > 0 && Character.isUpperCase(c)) {
                char prev = name.charAt(i - 1);
                boolean nextLower = i + 1 < n && Character.isLowerCase(name.charAt(i + 1));
                if (Character.isLowerCase(prev) || Character.isDigit(prev)
                        || Character.isUpperCase(prev) && nextLower) {
                    flush(word, words);
                }
            }
            word.append(c);
        }
        flush(word, words);
        return words;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }

    /** The name as words: {@code retryWithBackoff} → "retry with backoff". */
    static String words(String name) {
        return String.join(" ", split(name));
    }

    /**
     * Mean over all pairs of names of |shared words| / |all words| (error-code.md §9.3); 1.0 for one name or none.
     */
    static double cohesion(List<String> names) {
        List<Set<String>> sets = new ArrayList<>();
        for (String name : names.subList(0, Math.min(names.size(), MAX_COHESION_NAMES))) {
            sets.add(new HashSet<>(split(name)));
        }
        if (sets.size() <= 1) {
            return 1.0;
        }
        double sum = 0;
        int pairs = 0;
        for (int a = 0; a < sets.size(); a++) {
            for (int b = a + 1; b < sets.size(); b++) {
                Set<String> shared = new HashSet<>(sets.get(a));
                shared.retainAll(sets.get(b));
                Set<String> union = new HashSet<>(sets.get(a));
                union.addAll(sets.get(b));
                sum += union.isEmpty() ? 0 : (double) shared.size() / union.size();
                pairs++;
            }
        }
        return sum / pairs;
    }
}
