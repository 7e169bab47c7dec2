package dev.brain.error.intake;

import java.util.List;

/** TEMPORARY stand-in until the intake branch lands. */
public final class ParserRegistry {
    private ParserRegistry() {
    }

    public static ParsedError parse(String text) {
        String first = text.strip().lines().findFirst().orElse("");
        int colon = first.indexOf(": ");
        String type = colon > 0 && !first.substring(0, colon).contains(" ") ? first.substring(0, colon) : "GenericError";
        String message = colon > 0 ? first.substring(colon + 2) : first;
        return new ParsedError(type, message, List.of(), null, "generic", null, null, 1);
    }
}
