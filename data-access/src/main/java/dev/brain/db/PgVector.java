package dev.brain.db;

/**
 * A pgvector value as a statement parameter or a column read as text: {@link Jdbc} binds it as its text form
 * {@code [0.1,0.2,…]} with no type of its own, so PostgreSQL takes the type the SQL gives it ({@code ?::vector}); a column is
 * read with
 * {@code embedding::text} and {@link #parse}d. Text, not the driver's PGobject, keeps the binding free of
 * reflection (native image) and of a second library.
 */
public record PgVector(float[] values) {

    public static PgVector of(float[] values) {
        return new PgVector(values);
    }

    /** pgvector's text form of {@code vector}. */
    public static String literal(float[] vector) {
        StringBuilder text = new StringBuilder(vector.length * 12).append('[');
        for (int i = 0; i < vector.length; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(vector[i]);
        }
        return text.append(']').toString();
    }

    /** A vector column read as text ({@code embedding::text}); null stays null. */
    public static float[] parse(String text) {
        if (text == null) {
            return null;
        }
        String body = text.substring(1, text.length() - 1).trim();
        if (body.isEmpty()) {
            return new float[0];
        }
        String[] parts = body.split(",");
        float[] vector = new float[parts.length];
        for (int i = 0; i < parts.length; i++) {
            vector[i] = Float.parseFloat(parts[i].trim());
        }
        return vector;
    }

    public String literal() {
        return literal(values);
    }
}
