package dev.brain.error.intake.parser;

import dev.brain.error.intake.ParsedError;

/** One parser of the registry (spec §5.2). */
public interface ErrorParser {
    String name();

    int priority();

    boolean detect(String text);

    /** Returns null when the text does not hold an error of this parser's shape. */
    ParsedError parse(String text);

    /**
     * The line that every output this parser reads holds and that names no error (Python's {@code Traceback (most recent
     * call last):}), or null when there is none.
     */
    default String header() {
        return null;
    }
}
