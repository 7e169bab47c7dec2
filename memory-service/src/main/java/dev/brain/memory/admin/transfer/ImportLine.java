package dev.brain.memory.admin.transfer;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import io.grpc.Status;

/**
 * One JSON object of an import (memory.md §14), read field by field: every reader checks its field's type and
 * range and names the field in its {@link Problem} ({@code "arousal: must be in [0, 1]"}); the import prefixes
 * the line number.
 */
final class ImportLine {

    static final Set<String> PRECISIONS = Set.of("minute", "hour", "day", "week", "month", "quarter", "year");

    /** A line that cannot be imported; {@code reference} problems are skippable under SKIP/REPLACE. */
    static final class Problem extends RuntimeException {
        final Status.Code code;
        final boolean reference;

        Problem(Status.Code code, boolean reference, String message) {
            super(message, null, false, false);
            this.code = code;
            this.reference = reference;
        }
    }

    static Problem invalid(String message) {
        return new Problem(Status.Code.INVALID_ARGUMENT, false, message);
    }

    /** A reference the database cannot resolve (a node missing in its pair). */
    static Problem reference(String message) {
        return new Problem(Status.Code.INVALID_ARGUMENT, true, message);
    }

    final JsonNode node;

    ImportLine(JsonNode node) {
        this.node = node;
    }

    /** The raw value of {@code field}, or null when absent. */
    JsonNode get(String field) {
        return node.get(field);
    }

    /** Whether {@code field} is present and not JSON null. */
    boolean has(String field) {
        return node.hasNonNull(field);
    }

    String kind() {
        return node.path("kind").asText("");
    }

    String text(String field, int maxChars, boolean required) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw invalid(field + ": required");
            }
            return null;
        }
        if (!v.isTextual() || (required && v.asText().isEmpty())) {
            throw invalid(field + ": a " + (required ? "non-empty " : "") + "string is required");
        }
        if (v.asText().codePointCount(0, v.asText().length()) > maxChars) {
            throw invalid(field + ": longer than " + maxChars + " characters");
        }
        return v.asText();
    }

    String choice(String field, Set<String> allowed) {
        String value = text(field, 40, true);
        if (!allowed.contains(value)) {
            throw invalid(field + ": '" + value + "' is not one of " + new TreeSet<>(allowed));
        }
        return value;
    }

    /** A time precision ({@link #PRECISIONS}), or null when absent. */
    String optionalPrecision(String field) {
        return has(field) ? choice(field, PRECISIONS) : null;
    }

    Double optionalNumber(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw invalid(field + ": a finite number is required");
        }
        return v.asDouble();
    }

    /** A finite number; {@code fallback} when omitted (null = required). */
    double number(String field, Double fallback) {
        Double v = optionalNumber(field);
        if (v == null) {
            if (fallback == null) {
                throw invalid(field + ": required");
            }
            return fallback;
        }
        return v;
    }

    /** A weight: finite and ≥ 0 (§14); {@code fallback} when omitted (null = required). */
    double weight(String field, Double fallback) {
        double v = number(field, fallback);
        if (v < 0) {
            throw invalid(field + ": must be ≥ 0");
        }
        return v;
    }

    int integer(String field, int fallback, int min, int max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < min || v.asInt() > max) {
            throw invalid(field + ": an integer in [" + min + ", " + max + "] is required");
        }
        return v.asInt();
    }

    boolean bool(String field, boolean fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        if (!v.isBoolean()) {
            throw invalid(field + ": true or false is required");
        }
        return v.asBoolean();
    }

    OffsetDateTime time(String field, OffsetDateTime fallback) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return fallback;
        }
        try {
            return OffsetDateTime.parse(v.asText());
        } catch (DateTimeParseException e) {
            throw invalid(field + ": an ISO-8601 timestamp with offset is required");
        }
    }

    List<String> strings(String field, int maxItems, int maxChars) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray() || v.size() > maxItems) {
            throw invalid(field + ": an array of at most " + maxItems + " strings is required");
        }
        List<String> out = new ArrayList<>(v.size());
        for (JsonNode x : v) {
            if (!x.isTextual() || x.asText().length() > maxChars) {
                throw invalid(field + ": strings of at most " + maxChars + " characters are required");
            }
            out.add(x.asText());
        }
        return out;
    }

    List<Long> ids(String field, int maxItems) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray() || v.size() > maxItems) {
            throw invalid(field + ": an array of at most " + maxItems + " ids is required");
        }
        List<Long> out = new ArrayList<>(v.size());
        for (JsonNode x : v) {
            if (!x.isIntegralNumber() || !x.canConvertToLong() || x.asLong() <= 0) {
                throw invalid(field + ": positive integer ids are required");
            }
            out.add(x.asLong());
        }
        return out;
    }
}
