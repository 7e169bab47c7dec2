package dev.brain.gateway.hooks;

import java.util.List;
import java.util.regex.Pattern;

/** Decides whether a Bash tool's output is an error: a non-zero exit code when given, else known error patterns. */
public final class ErrorDetector {

    /** The plan's patterns (brain-plan.md, auto-detect) plus the usual compiler and shell diagnostics. */
    static final List<Pattern> PATTERNS = List.of(
            Pattern.compile("(?m)^\\s*(\\w+Error|\\w+Exception)\\b"),
            Pattern.compile("(?m)^Exception in thread "),
            Pattern.compile("Traceback \\(most recent call last\\)"),
            Pattern.compile("(?m)\\berror(\\[E\\d+\\])?:"),
            Pattern.compile("\\berror TS\\d+"),
            Pattern.compile("(?m)^panic:"),
            Pattern.compile("(?m)^\\s*FATAL\\b|\\bPANIC\\b"),
            Pattern.compile("\\bFAILED\\b|BUILD FAILURE|BUILD FAILED"),
            Pattern.compile("npm ERR!"),
            Pattern.compile("\\b(SyntaxError|TypeError|ReferenceError|RangeError|ModuleNotFoundError|ImportError)\\b"),
            Pattern.compile("\\b(ENOENT|EACCES|ECONNREFUSED|ETIMEDOUT)\\b"),
            Pattern.compile("(?i)failed to compile"),
            Pattern.compile("Cannot find module"),
            Pattern.compile("command not found"),
            Pattern.compile("No such file or directory"),
            Pattern.compile("Permission denied"),
            Pattern.compile("(?m)^fatal:"),
            Pattern.compile("(?m)^\\[ERROR\\]"));

    private ErrorDetector() {
    }

    /** {@code exitCode} null = not given. An exit code of 0 wins over patterns (tools print "error:" in passing). */
    public static boolean isError(Integer exitCode, String output) {
        if (exitCode != null) {
            return exitCode != 0;
        }
        if (output == null || output.isBlank()) {
            return false;
        }
        return PATTERNS.stream().anyMatch(p -> p.matcher(output).find());
    }
}
