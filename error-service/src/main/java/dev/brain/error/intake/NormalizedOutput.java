package dev.brain.error.intake;

/** Normalized raw output (spec §5.1) and the number of bytes removed by truncation. */
public record NormalizedOutput(String text, long truncatedBytes) {
}
