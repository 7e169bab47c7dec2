package dev.brain.db.search;

/**
 * Reads a {@code tsvector} in the text form PostgreSQL prints ({@code 'kafka':1,4B 'o''reilli' 'retri':2}: each lexeme
 * quoted, {@code ''} for a quote and {@code \\} for a backslash inside it, then {@code :} and its positions, each with
 * an optional weight letter, or nothing for a lexeme without positions). Ranking in Java from this text spares the
 * server a sub-query per row and lexeme ({@link Bm25#match}) or a query representation per row (error-service's cover
 * density rank).
 */
public final class TsVectorText {

    /** One lexeme of the vector and where its positions are in the text ({@code from == to}: none). */
    @FunctionalInterface
    public interface Visitor {
        void lexeme(String lexeme, String vector, int from, int to);
    }

    private TsVectorText() {
    }

    /** Calls {@code visitor} for every lexeme of {@code vector}, in the vector's (sorted) order. */
    public static void read(String vector, Visitor visitor) {
        StringBuilder lexeme = new StringBuilder();
        int i = 0;
        int end = vector.length();
        while (i < end) {
            if (vector.charAt(i) == ' ') {
                i++;
                continue;
            }
            lexeme.setLength(0);
            i++; // the opening quote
            while (true) {
                char c = vector.charAt(i);
                if (c == '\'' && (i + 1 >= end || vector.charAt(i + 1) != '\'')) {
                    i++;
                    break;
                }
                if (c == '\'' || c == '\\') {
                    i++;
                }
                lexeme.append(vector.charAt(i));
                i++;
            }
            int from = i;
            if (i < end && vector.charAt(i) == ':') {
                from = ++i;
                while (i < end && vector.charAt(i) != ' ') {
                    i++;
                }
            }
            visitor.lexeme(lexeme.toString(), vector, from, i);
        }
    }
}
