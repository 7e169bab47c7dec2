package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** Fallback: the first line mentioning error/fatal/exception/failed, else the first non-empty line. Never fails. */
public final class GenericParser implements ErrorParser {
    private static final Pattern KEYWORD = Pattern.compile("(?i)\\b(error|fatal|exception|failed)\\b");
    private static final Pattern LEADING = Pattern.compile("(?i)^(error|fatal):\\s*");

    @Override
    public String name() {
        return "generic";
    }

    @Override
    public int priority() {
        return 0;
    }

    @Override
    public boolean detect(String text) {
        return true;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text == null ? "" : text);
        String message = null;
        String firstNonEmpty = null;
        for (String l : lines) {
            if (l.isBlank()) {
                continue;
            }
            if (firstNonEmpty == null) {
                firstNonEmpty = l.strip();
            }
            if (KEYWORD.matcher(l).find()) {
                message = LEADING.matcher(l.strip()).replaceFirst("").strip();
                break;
            }
        }
        if (message == null) {
            message = firstNonEmpty == null ? "" : firstNonEmpty;
        }
        return ParsedError.of("GenericError", message, List.of(), null, name(), 1);
    }
}
