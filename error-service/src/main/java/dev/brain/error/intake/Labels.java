package dev.brain.error.intake;

import java.util.List;

/** TEMPORARY stand-in until the intake branch lands. */
public final class Labels {
    private Labels() {
    }

    public static List<String> of(ParsedError e) {
        return List.of(e.parser());
    }
}
