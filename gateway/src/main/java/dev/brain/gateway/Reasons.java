package dev.brain.gateway;

/**
 * A refusal's reason as the caller reads it: one line (a REST {@code error}, an MCP tool error). A reason that echoes
 * the caller's input may carry its line breaks and its length; here they become {@code \n} and an ellipsis.
 */
public final class Reasons {

    /** The longest reason, in characters: enough for a field, what is wrong and a short echo of the value. */
    static final int MAX = 500;

    private Reasons() {
    }

    public static String oneLine(String reason) {
        if (reason == null) {
            return "no reason given";
        }
        String line = reason.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r");
        return line.length() > MAX ? line.substring(0, MAX) + "…" : line;
    }
}
