package dev.brain.error.report;

import java.util.Arrays;
import java.util.Set;

/**
 * PostgreSQL's {@code ts_rank_cd(v, q, 32)} (§5.7's rank) for a query {@code q} that ORs distinct lexemes, computed
 * from the text form of {@code v} ({@code tsvector::text}) and the lexemes of {@code q}.
 * <p>
 * For such a query every position of a query lexeme in {@code v} is a cover of its own, so PostgreSQL's cover
 * density sums the weight of each position ({@code D} 0.1, {@code C} 0.2, {@code B} 0.4, {@code A} 1.0, its float
 * defaults) in position order, and normalisation 32 turns the sum {@code s} into {@code s / (s + 1)}, returned as a
 * {@code real}. This class does the same arithmetic in the same order, so the value equals the server's to the bit
 * ({@code CoverDensityRankTest} compares both over stored vectors). Computed in SQL the rank zeroes
 * {@code 32 KB × query size} per ranked row (PostgreSQL 15's {@code QueryRepresentationOperand}), which was the
 * largest part of a report's database time; here it is a scan of a few hundred characters.
 */
public final class CoverDensityRank {

    /** PostgreSQL's {@code weights_default} (float4: D, C, B, A) as its cover density uses them: 1 / (1 / w). */
    private static final double[] WEIGHTS = { cover(0.1f), cover(0.2f), cover(0.4f), cover(1.0f) };

    private static double cover(float weight) {
        return 1.0 / (1.0 / (double) weight);
    }

    private CoverDensityRank() {
    }

    /** {@code ts_rank_cd(vector, lexemes ORed, 32)}; {@code vector} in the text form PostgreSQL prints. */
    public static double rank(String vector, Set<String> lexemes) {
        if (vector == null || lexemes.isEmpty()) {
            return 0;
        }
        int[] entries = new int[16]; // position << 2 | weight code, of every position of a query lexeme
        int n = 0;
        StringBuilder lexeme = new StringBuilder();
        int i = 0;
        int length = vector.length();
        while (i < length) {
            if (vector.charAt(i) == ' ') {
                i++;
                continue;
            }
            // 'lexeme' with '' for a quote and \\ for a backslash
            lexeme.setLength(0);
            i++;
            while (true) {
                char c = vector.charAt(i);
                if (c == '\'' && (i + 1 >= length || vector.charAt(i + 1) != '\'')) {
                    i++;
                    break;
                }
                if (c == '\'' || c == '\\') {
                    i++;
                }
                lexeme.append(vector.charAt(i));
                i++;
            }
            boolean wanted = lexemes.contains(lexeme.toString());
            if (i >= length || vector.charAt(i) != ':') {
                continue; // no positions: the server places the lexeme at position 0, which no cover ends at
            }
            i++;
            // positions: 12A,14,20B (no letter: D)
            while (i < length && vector.charAt(i) != ' ') {
                int position = 0;
                char c = vector.charAt(i);
                while (c >= '0' && c <= '9') {
                    position = position * 10 + (c - '0');
                    i++;
                    c = i < length ? vector.charAt(i) : ' ';
                }
                int weight = switch (c) {
                    case 'A' -> 3;
                    case 'B' -> 2;
                    case 'C' -> 1;
                    default -> 0;
                };
                if (weight > 0) {
                    i++;
                    c = i < length ? vector.charAt(i) : ' ';
                }
                if (c == ',') {
                    i++;
                }
                if (wanted) {
                    if (n == entries.length) {
                        entries = Arrays.copyOf(entries, n * 2);
                    }
                    entries[n++] = position << 2 | weight;
                }
            }
        }
        // the server sums in position order, then by weight
        Arrays.sort(entries, 0, n);
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += WEIGHTS[entries[k] & 3];
        }
        return sum > 0 ? (float) (sum / (sum + 1)) : 0;
    }
}
