package dev.brain.error.intake;

import java.util.List;

public record ParsedError(String type, String message, List<Frame> frames, String language, String parser,
        String sourceFile, Integer sourceLine, int diagnostics) {
}
