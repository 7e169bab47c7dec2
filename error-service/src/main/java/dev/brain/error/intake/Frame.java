package dev.brain.error.intake;

public record Frame(String function, String file, Integer line, Integer column, String contextLine, boolean inApp) {
}
