package dev.brain.error.intake.parser;

import java.util.ArrayList;
import java.util.List;

import dev.brain.error.intake.ParsedError;

/** Gradle build failures: the text of the {@code * What went wrong:} section. */
public final class GradleParser implements ErrorParser {
    private static final String WRONG = "* What went wrong:";
    private static final String FAILURE = "FAILURE: Build failed";

    @Override
    public String name() {
        return "gradle";
    }

    @Override
    public int priority() {
        return 70;
    }

    @Override
    public boolean detect(String text) {
        for (String l : Lines.split(text)) {
            if (l.startsWith(FAILURE) || l.startsWith(WRONG)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        String failure = null;
        int sections = 0;
        String message = null;
        for (int i = 0; i < lines.length; i++) {
            if (failure == null && lines[i].startsWith(FAILURE)) {
                failure = lines[i].strip();
            }
            if (lines[i].startsWith(WRONG)) {
                sections++;
                if (message != null) {
                    continue;
                }
                List<String> parts = new ArrayList<>();
                for (int j = i + 1; j < lines.length && !lines[j].startsWith("* "); j++) {
                    if (!lines[j].isBlank()) {
                        parts.add(lines[j].strip());
                    }
                }
                message = String.join(" ", parts);
            }
        }
        if (message == null || message.isEmpty()) {
            message = failure;
        }
        if (message == null) {
            return null;
        }
        return ParsedError.of("GradleBuildError", message, List.of(), "java", name(), Math.max(1, sections));
    }
}
