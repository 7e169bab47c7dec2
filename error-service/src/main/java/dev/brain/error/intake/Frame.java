package dev.brain.error.intake;

/** One stack frame or diagnostic location (spec §5.2/§5.4). Any field but {@code inApp} may be null. */
public record Frame(String function, String file, Integer line, Integer column, String contextLine, boolean inApp) {
}
