package dev.brain.error.prevention;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.brain.error.intake.MessageTemplate;

/** Command normalization and matching (error-code.md §7.1). */
public final class Commands {

    static final double MIN_JACCARD = 0.8;

    private Commands() {
    }

    /** {@code template()} of the command, whitespace collapsed; null for a blank command. */
    public static String normalize(String command) {
        if (command == null || command.isBlank()) {
            return null;
        }
        return MessageTemplate.template(command).replaceAll("\\s+", " ").strip();
    }

    /** Equal to one of the commands, or token Jaccard ≥ 0.8 with one. */
    public static boolean matches(String normalizedCommand, List<String> commands) {
        if (normalizedCommand == null) {
            return false;
        }
        Set<String> a = tokens(normalizedCommand);
        for (String c : commands) {
            if (c.equals(normalizedCommand) || jaccard(a, tokens(c)) >= MIN_JACCARD) {
                return true;
            }
        }
        return false;
    }

    static Set<String> tokens(String s) {
        return new HashSet<>(Arrays.asList(s.split("\\s+")));
    }

    static double jaccard(Set<String> a, Set<String> b) {
        Set<String> union = new HashSet<>(a);
        union.addAll(b);
        if (union.isEmpty()) {
            return 0;
        }
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return (double) both.size() / union.size();
    }

    /** Whether {@code required} occur in order among the whitespace tokens of {@code template}. */
    public static boolean inOrder(List<String> required, String template) {
        String[] tokens = template.split("\\s+");
        int next = 0;
        for (String t : tokens) {
            if (next < required.size() && t.equals(required.get(next))) {
                next++;
            }
        }
        return next == required.size();
    }
}
