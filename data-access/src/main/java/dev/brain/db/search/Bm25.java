package dev.brain.db.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BM25 over the rows a full-text search found, with the statistics of the rows it searched (the memory pair's, the
 * knowledge library's): {@code Σ idf · tf·(k1+1) / (tf + k1·(1 − b + b·len/avgLen))}, {@code idf = ln(1 + (N − df +
 * 0.5)/(df + 0.5))}, k1 1.2, b 0.75. PostgreSQL's {@code ts_rank} knows neither a word's rarity nor a row's length.
 * Pure: the caller reads the matches (id, number of lexemes, frequency of each query lexeme) and the frequencies.
 */
public final class Bm25 {

    static final double K1 = 1.2;
    static final double B = 0.75;

    private Bm25() {
    }

    /** A row that holds a query lexeme: its id, its number of lexemes, its frequency of each query lexeme in order. */
    public record Match(long id, int length, int[] frequencies) {
    }

    /**
     * A row's match read from its search vector in the text form PostgreSQL prints ({@code 'kafka':1,4B 'retri':2},
     * {@code ''} for a quote, {@code \\} for a backslash): its number of lexemes ({@code length(vector)}) and, for each
     * query lexeme in order, its number of positions (1 for a lexeme without positions, as in a stripped vector) —
     * what {@code unnest(vector)} gives. Read here rather than in SQL, where a sub-query per row and lexeme took ~6 of
     * the ~10 ms of a 100k pair's lexical search.
     */
    public static Match match(long id, String vector, List<String> lexemes) {
        Map<String, Integer> wanted = new HashMap<>();
        for (String lexeme : lexemes) {
            wanted.put(lexeme, 0);
        }
        int[] length = { 0 };
        TsVectorText.read(vector, (lexeme, text, from, to) -> {
            length[0]++;
            if (wanted.containsKey(lexeme)) {
                int positions = 1;
                for (int i = from; i < to; i++) {
                    if (text.charAt(i) == ',') {
                        positions++;
                    }
                }
                wanted.put(lexeme, positions);
            }
        });
        int[] frequencies = new int[lexemes.size()];
        for (int k = 0; k < frequencies.length; k++) {
            frequencies[k] = wanted.get(lexemes.get(k));
        }
        return new Match(id, length[0], frequencies);
    }

    /** idf of each query lexeme over {@code rows} rows, given in how many it occurs. */
    static double[] idf(long[] documentFrequencies, long rows) {
        double[] idf = new double[documentFrequencies.length];
        for (int i = 0; i < idf.length; i++) {
            long df = Math.min(documentFrequencies[i], rows);
            idf[i] = Math.log(1 + (rows - df + 0.5) / (df + 0.5));
        }
        return idf;
    }

    /** BM25 of each match, best first (ties: lower id); matches that score 0 are left out. */
    public static LinkedHashMap<Long, Double> scores(List<Match> matches, long[] documentFrequencies, long rows,
            double averageLength) {
        double[] idf = idf(documentFrequencies, rows);
        double avg = averageLength > 0 ? averageLength : 1;
        Map<Long, Double> scores = new HashMap<>();
        for (Match m : matches) {
            double s = 0;
            for (int i = 0; i < m.frequencies().length && i < idf.length; i++) {
                int tf = m.frequencies()[i];
                if (tf > 0) {
                    s += idf[i] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * m.length() / avg));
                }
            }
            if (s > 0) {
                scores.put(m.id(), s);
            }
        }
        return sorted(scores);
    }

    /**
     * How much of the query each match holds: the sum of the idf of the query lexemes it holds over the sum of all
     * the query's, in [0, 1]. A lexeme no row holds counts too, at its (highest) idf: a question about something the
     * rows never mention is not answered by the one common word it shares with them.
     */
    public static Map<Long, Double> coverage(List<Match> matches, long[] documentFrequencies, long rows) {
        double[] idf = idf(documentFrequencies, rows);
        double total = 0;
        for (double v : idf) {
            total += v;
        }
        Map<Long, Double> out = new HashMap<>();
        for (Match m : matches) {
            double held = 0;
            for (int i = 0; i < m.frequencies().length && i < idf.length; i++) {
                held += m.frequencies()[i] > 0 ? idf[i] : 0;
            }
            out.put(m.id(), total == 0 ? 0 : held / total);
        }
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
}
