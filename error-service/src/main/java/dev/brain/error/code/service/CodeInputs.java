package dev.brain.error.code.service;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;

/** The limits of code intelligence's fields (error-code.md §15); a bad field is INVALID_ARGUMENT naming it. */
final class CodeInputs {

    /** A module's source: at most 512 KiB of UTF-8. */
    static final int MAX_SOURCE_BYTES = 512 * 1024;
    static final int MAX_FILE_PATH = 4096;
    static final int MAX_PURPOSE = 2000;
    static final int MAX_NAME = 200;
    static final int MAX_CATEGORY = 64;
    static final int MAX_LANGUAGE = 32;
    static final int MAX_ADAPTATIONS = 50;
    static final int MAX_ADAPTATION = 500;

    private CodeInputs() {
    }

    static String source(String source) {
        if (source.isBlank()) {
            throw invalid("source", "required");
        }
        if (source.length() > MAX_SOURCE_BYTES || source.getBytes(StandardCharsets.UTF_8).length > MAX_SOURCE_BYTES) {
            throw invalid("source", "at most 512 KiB");
        }
        return source;
    }

    /** A project-relative path: required when {@code required}; never absolute-looking control text. */
    static String filePath(String path, boolean required) {
        if (path.isBlank()) {
            if (required) {
                throw invalid("file_path", "required");
            }
            return "";
        }
        if (path.length() > MAX_FILE_PATH) {
            throw invalid("file_path", "at most 4,096 characters");
        }
        if (path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0 || path.indexOf('\0') >= 0) {
            throw invalid("file_path", "one line");
        }
        return path.strip();
    }

    /** Optional one-line text of at most {@code max} characters; blank → null. */
    static String optional(String value, String field, int max) {
        if (value.isBlank()) {
            return null;
        }
        if (value.codePointCount(0, value.length()) > max) {
            throw invalid(field, "at most " + max + " characters");
        }
        if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            throw invalid(field, "one line");
        }
        return value.strip();
    }

    static String purpose(String purpose, boolean required) {
        if (purpose.isBlank()) {
            if (required) {
                throw invalid("purpose", "required");
            }
            return null;
        }
        if (purpose.codePointCount(0, purpose.length()) > MAX_PURPOSE) {
            throw invalid("purpose", "at most 2,000 characters");
        }
        return purpose.strip();
    }

    /** 0 → {@code dflt}; otherwise 1–{@code max}. */
    static int limit(int requested, int dflt, int max) {
        if (requested < 0 || requested > max) {
            throw invalid("limit", "0 (= " + dflt + ") or 1-" + max);
        }
        return requested == 0 ? dflt : requested;
    }

    /** The languages of §9.1 ({@code unknown}: the generic rules). */
    static final java.util.Set<String> LANGUAGES = java.util.Set.of("typescript", "javascript", "python", "java",
            "kotlin", "go", "rust", "c", "cpp", "shell", "unknown");

    /** A language name of §9.1, lower-cased; blank → null (detect). */
    static String language(String language) {
        if (language.isBlank()) {
            return null;
        }
        String l = language.strip().toLowerCase(java.util.Locale.ROOT);
        if (!LANGUAGES.contains(l)) {
            throw invalid("language", "one of " + String.join(", ", new java.util.TreeSet<>(LANGUAGES)));
        }
        return l;
    }

    static long id(long id, String field) {
        if (id <= 0) {
            throw invalid(field, "required (a positive id)");
        }
        return id;
    }
}
