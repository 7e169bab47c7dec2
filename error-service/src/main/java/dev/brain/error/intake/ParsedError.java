package dev.brain.error.intake;

import java.util.List;

/**
 * The result of a parser (spec §5.2). {@code frames} are ordered innermost first; {@code sourceFile}/{@code sourceLine}
 * come from the first in-app frame (else frame 0); {@code diagnostics} counts the diagnostics/exceptions in the output.
 */
public record ParsedError(String type, String message, List<Frame> frames, String language, String parser,
        String sourceFile, Integer sourceLine, int diagnostics) {
    public ParsedError {
        frames = frames == null ? List.of() : List.copyOf(frames);
        message = message == null ? "" : message;
    }

    /** Builds a ParsedError and derives source file/line from the frames. */
    public static ParsedError of(String type, String message, List<Frame> frames, String language, String parser,
            int diagnostics) {
        List<Frame> fs = frames == null ? List.of() : frames;
        Frame src = null;
        for (Frame f : fs) {
            if (f.inApp()) {
                src = f;
                break;
            }
        }
        if (src == null && !fs.isEmpty()) {
            src = fs.get(0);
        }
        return new ParsedError(type, message, fs, language, parser, src == null ? null : src.file(),
                src == null ? null : src.line(), Math.max(1, diagnostics));
    }
}
