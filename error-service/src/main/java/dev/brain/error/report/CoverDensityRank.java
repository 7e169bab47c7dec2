package dev.brain.error.report;

import java.util.Arrays;
import java.util.Set;

import dev.brain.db.search.TsVectorText;

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
        Covers covers = new Covers();
        TsVectorText.read(vector, (lexeme, text, from, to) -> {
            // (a lexeme without positions the server places at 0, which no cover ends at)
            if (lexemes.contains(lexeme)) {
                covers.add(text, from, to);
            }
        });
        return covers.rank();
    }

    /** Every position of a query lexeme as {@code position << 2 | weight code}. */
    private static final class Covers {

        private int[] entries = new int[16];
        private int n;

        /** The positions {@code 12A,14,20B} (no letter: D) of {@code text} from {@code from} to {@code to}. */
        void add(String text, int from, int to) {
            int i = from;
            while (i < to) {
                int position = 0;
                char c = text.charAt(i);
                while (c >= '0' && c <= '9') {
                    position = position * 10 + (c - '0');
                    i++;
                    c = i < to ? text.charAt(i) : ' ';
                }
                int weight = switch (c) {
                    case 'A' -> 3;
                    case 'B' -> 2;
                    case 'C' -> 1;
                    default -> 0;
                };
                if (weight > 0) {
                    i++;
                    c = i < to ? text.charAt(i) : ' ';
                }
                if (c == ',') {
                    i++;
                }
                if (n == entries.length) {
                    entries = Arrays.copyOf(entries, n * 2);
                }
                entries[n++] = position << 2 | weight;
            }
        }

        double rank() {
            // the server sums in position order, then by weight
            Arrays.sort(entries, 0, n);
            double sum = 0;
            for (int k = 0; k < n; k++) {
                sum += WEIGHTS[entries[k] & 3];
            }
            return sum > 0 ? (float) (sum / (sum + 1)) : 0;
        }
    }
}
