package dev.brain.error.intake.parser;

import dev.brain.error.intake.ParsedError;

/** One parser of the registry (spec §5.2). */
public interface ErrorParser {
    String name();

    int priority();

    boolean detect(String text);

    /** Returns null when the text does not hold an error of this parser's shape. */
    ParsedError parse(String text);
}
