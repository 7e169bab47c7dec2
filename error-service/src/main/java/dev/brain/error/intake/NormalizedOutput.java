package dev.brain.error.intake;

public record NormalizedOutput(String text, long truncatedBytes) {
}
