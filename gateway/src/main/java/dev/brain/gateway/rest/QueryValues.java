package dev.brain.gateway.rest;

import java.util.regex.Pattern;

/**
 * Numbers and switches in a query string, read strictly. JAX-RS turns a query parameter that does not convert
 * ({@code ?limit=abc}) into a bare 404 and reads {@code ?acknowledge=maybe} as {@code false}; these parameters are
 * declared as text and read here instead, so a bad one is a 400 naming it ({@link ErrorMappers#badArgument}).
 */
final class QueryValues {

    private static final Pattern WHOLE = Pattern.compile("-?\\d{1,18}");

    private QueryValues() {
    }

    /** A whole number within int's range, or null when absent or empty. */
    static Integer integer(String name, String raw) {
        Long value = whole(name, raw);
        if (value != null && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
            throw new IllegalArgumentException(name + ": " + raw.strip() + " is out of range");
        }
        return value == null ? null : value.intValue();
    }

    /** A whole number within int's range, or {@code fallback} when absent or empty. */
    static int integer(String name, String raw, int fallback) {
        Integer value = integer(name, raw);
        return value == null ? fallback : value;
    }

    /** A whole number, or null when absent or empty. */
    static Long whole(String name, String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String s = raw.strip();
        if (!WHOLE.matcher(s).matches()) {
            throw new IllegalArgumentException(name + ": '" + shortened(s) + "' is not a whole number");
        }
        return Long.parseLong(s);
    }

    /** {@code true} or {@code false} (any case), or {@code fallback} when absent or empty. */
    static boolean bool(String name, String raw, boolean fallback) {
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        String s = raw.strip();
        if (s.equalsIgnoreCase("true")) {
            return true;
        }
        if (s.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(name + ": '" + shortened(s) + "' is neither true nor false");
    }

    private static String shortened(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
