package dev.brain.error.trail;

import java.util.regex.Pattern;

/**
 * When two commands of a session are "the same command" (docs/errors.md "Session trail"): equal after
 * normalisation — whitespace runs collapsed to one space and trimmed; a leading {@code cd DIR &&} dropped (an agent
 * often re-runs from the project root what it ran from there before); a trailing {@code 2>&1} and trailing
 * {@code ;} dropped. Nothing else: {@code python app.py} and {@code python3 app.py} stay two commands, and numbers
 * are kept ({@code pytest -k test_1} is not {@code pytest -k test_2}).
 */
public final class TrailCommands {

    /** Longer commands are cut to this many characters before they are compared and stored. */
    static final int MAX_LENGTH = 2000;

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern LEADING_CD = Pattern.compile("^cd\\s+(?:\"[^\"]*\"|'[^']*'|[^\\s;&|]+)\\s*&&\\s*");
    private static final Pattern TRAILING = Pattern.compile("(?:\\s*(?:2>&1|;))+$");

    private TrailCommands() {
    }

    /** The command as the trail compares it; null for a blank one. */
    public static String normalize(String command) {
        if (command == null) {
            return null;
        }
        String c = WHITESPACE.matcher(command).replaceAll(" ").strip();
        c = LEADING_CD.matcher(c).replaceFirst("");
        c = TRAILING.matcher(c).replaceFirst("").strip();
        if (c.isEmpty()) {
            return null;
        }
        return c.length() <= MAX_LENGTH ? c : c.substring(0, MAX_LENGTH);
    }
}
