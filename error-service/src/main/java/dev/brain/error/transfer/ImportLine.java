package dev.brain.error.transfer;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import dev.brain.error.intake.InputNormalizer;
import dev.brain.error.intake.NormalizedOutput;
import dev.brain.error.intake.Redactor;

/**
 * One JSON object of an import, read field by field. Imported text is never trusted: every string is cleaned
 * like reported input (NUL bytes and terminal escapes stripped, line ends unified, unpaired surrogates replaced),
 * checked against the limit of its column (error-code.md §15; over the limit → a {@link Problem} naming the
 * field, as the report path answers INVALID_ARGUMENT) and, where it is free text, redacted by the
 * {@link Redactor}.
 */
final class ImportLine {

    static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    /** A line that cannot be imported as it is; {@code conflict} when the record exists already. */
    static final class Problem extends RuntimeException {
        final boolean conflict;

        Problem(String message) {
            this(message, false);
        }

        Problem(String message, boolean conflict) {
            super(message, null, false, false);
            this.conflict = conflict;
        }
    }

    final JsonNode node;
    final String prefix;

    ImportLine(JsonNode node) {
        this(node, "");
    }

    private ImportLine(JsonNode node, String prefix) {
        this.node = node;
        this.prefix = prefix;
    }

    /** The object at {@code field}[index] (frames, chain entries), naming its fields {@code field[i].name}. */
    ImportLine element(String field, int index, JsonNode element) {
        if (element == null || !element.isObject()) {
            throw problem(field + "[" + index + "]", "must be an object");
        }
        return new ImportLine(element, prefix + field + "[" + index + "].");
    }

    Problem problem(String field, String message) {
        return new Problem(prefix + field + ": " + message);
    }

    private JsonNode value(String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v;
    }

    boolean has(String field) {
        return value(field) != null;
    }

    long id(String field) {
        Long v = optionalLong(field);
        if (v == null) {
            throw problem(field, "is required");
        }
        if (v <= 0) {
            throw problem(field, "must be a positive id");
        }
        return v;
    }

    Long optionalLong(String field) {
        JsonNode v = value(field);
        if (v == null) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw problem(field, "must be an integer");
        }
        return v.asLong();
    }

    Integer optionalInt(String field, int min, int max) {
        Long v = optionalLong(field);
        if (v == null) {
            return null;
        }
        if (v < min || v > max) {
            throw problem(field, v + " is outside " + min + ".." + max);
        }
        return v.intValue();
    }

    int integer(String field, int min, int max) {
        Integer v = optionalInt(field, min, max);
        if (v == null) {
            throw problem(field, "is required");
        }
        return v;
    }

    /** A count column: a non-negative integer (absent = 0). */
    int count(String field) {
        Integer v = optionalInt(field, 0, Integer.MAX_VALUE);
        return v == null ? 0 : v;
    }

    double number(String field, double min, double max) {
        JsonNode v = value(field);
        if (v == null) {
            throw problem(field, "is required");
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw problem(field, "must be a number");
        }
        double d = v.asDouble();
        if (d < min || d > max) {
            throw problem(field, d + " is outside " + min + ".." + max);
        }
        return d;
    }

    boolean bool(String field, boolean absent) {
        JsonNode v = value(field);
        if (v == null) {
            return absent;
        }
        if (!v.isBoolean()) {
            throw problem(field, "must be true or false");
        }
        return v.asBoolean();
    }

    OffsetDateTime time(String field) {
        OffsetDateTime t = optionalTime(field);
        if (t == null) {
            throw problem(field, "is required");
        }
        return t;
    }

    OffsetDateTime optionalTime(String field) {
        JsonNode v = value(field);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            throw problem(field, "must be an ISO-8601 timestamp with offset");
        }
        try {
            return OffsetDateTime.parse(v.asText());
        } catch (DateTimeParseException e) {
            throw problem(field, "'" + shorten(v.asText()) + "' is not an ISO-8601 timestamp with offset");
        }
    }

    private String rawText(String field) {
        JsonNode v = value(field);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            throw problem(field, "must be a string");
        }
        return v.asText();
    }

    /**
     * Cleaned text of at most {@code maxChars} code points, not redacted (identifiers, names, enum values); null when absent.
     */
    String plain(String field, int maxChars) {
        String s = InputNormalizer.clean(rawText(field));
        if (s != null && s.codePointCount(0, s.length()) > maxChars) {
            throw problem(field, "at most " + maxChars + " characters");
        }
        return s;
    }

    /** Cleaned and redacted free text of at most {@code maxChars} code points; null when absent or empty. */
    String text(String field, int maxChars) {
        String s = plain(field, maxChars);
        return s == null || s.isEmpty() ? null : Redactor.redact(s);
    }

    /** Cleaned and redacted free text of at most {@code maxBytes} UTF-8 bytes; null when absent or empty. */
    String textBytes(String field, int maxBytes) {
        String s = InputNormalizer.clean(rawText(field));
        if (s == null || s.isEmpty()) {
            return null;
        }
        if (s.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
            throw problem(field, "at most " + (maxBytes / 1024) + " KiB");
        }
        return Redactor.redact(s);
    }

    /** Raw output as the report path keeps it (error-code.md §5.1): cleaned, over 1 MiB truncated, redacted. */
    NormalizedOutput output(String field) {
        String raw = rawText(field);
        try {
            NormalizedOutput n = InputNormalizer.normalize(raw);
            return new NormalizedOutput(Redactor.redact(n.text()), n.truncatedBytes());
        } catch (IllegalArgumentException e) {
            throw problem(field, "is required and must not be blank");
        }
    }

    String requiredText(String field, int maxChars) {
        String s = text(field, maxChars);
        if (s == null || s.isBlank()) {
            throw problem(field, "is required and must not be blank");
        }
        return s;
    }

    String requiredPlain(String field, int maxChars) {
        String s = plain(field, maxChars);
        if (s == null || s.isBlank()) {
            throw problem(field, "is required and must not be blank");
        }
        return s;
    }

    String oneOf(String field, Set<String> allowed, boolean required) {
        String s = plain(field, 64);
        if (s == null) {
            if (required) {
                throw problem(field, "is required (one of " + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
            return null;
        }
        if (!allowed.contains(s)) {
            throw problem(field, "'" + shorten(s) + "' is not one of " + String.join(", ", allowed.stream().sorted().toList()));
        }
        return s;
    }

    String sha256(String field) {
        String s = plain(field, 64);
        if (s == null || !SHA256.matcher(s).matches()) {
            throw problem(field, "64 lowercase hex characters are required");
        }
        return s;
    }

    /** An array of strings (absent = empty), each cleaned, at most {@code maxChars}, optionally redacted. */
    String[] texts(String field, int maxItems, int maxChars, boolean redact) {
        JsonNode v = value(field);
        if (v == null) {
            return new String[0];
        }
        if (!v.isArray()) {
            throw problem(field, "must be an array of strings");
        }
        if (v.size() > maxItems) {
            throw problem(field, "at most " + maxItems + " items");
        }
        String[] out = new String[v.size()];
        for (int i = 0; i < v.size(); i++) {
            JsonNode item = v.get(i);
            if (item == null || !item.isTextual()) {
                throw problem(field + "[" + i + "]", "must be a string");
            }
            String s = InputNormalizer.clean(item.asText());
            if (s.codePointCount(0, s.length()) > maxChars) {
                throw problem(field + "[" + i + "]", "at most " + maxChars + " characters");
            }
            out[i] = redact ? Redactor.redact(s) : s;
        }
        return out;
    }

    /** An array of positive ids (absent = empty). */
    List<Long> ids(String field, int maxItems) {
        JsonNode v = value(field);
        List<Long> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        if (!v.isArray()) {
            throw problem(field, "must be an array of ids");
        }
        if (v.size() > maxItems) {
            throw problem(field, "at most " + maxItems + " items");
        }
        for (int i = 0; i < v.size(); i++) {
            JsonNode item = v.get(i);
            if (item == null || !item.isIntegralNumber() || !item.canConvertToLong() || item.asLong() <= 0) {
                throw problem(field + "[" + i + "]", "must be a positive id");
            }
            out.add(item.asLong());
        }
        return out;
    }

    /** The array at {@code field} (absent = empty) with at most {@code maxItems} elements. */
    JsonNode array(String field, int maxItems) {
        JsonNode v = value(field);
        if (v == null) {
            return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        }
        if (!v.isArray()) {
            throw problem(field, "must be an array");
        }
        if (v.size() > maxItems) {
            throw problem(field, "at most " + maxItems + " items");
        }
        return v;
    }

    /** The object at {@code field}, required. */
    ImportLine object(String field) {
        JsonNode v = value(field);
        if (v == null || !v.isObject()) {
            throw problem(field, "an object is required");
        }
        return new ImportLine(v, prefix + field + ".");
    }

    static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "…";
    }
}
