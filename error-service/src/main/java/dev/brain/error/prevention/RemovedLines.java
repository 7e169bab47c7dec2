package dev.brain.error.prevention;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.brain.error.intake.Fingerprints;

/**
 * The lines a fix removed (error-code.md §6): {@code -} lines of the diff (not {@code ---}), else lines of
 * code_before absent from code_after; trimmed, whitespace collapsed, at least 12 characters; stored as SHA-256
 * so {@code CheckPrevention} can find code that re-introduces them.
 */
public final class RemovedLines {

    static final int MIN_LENGTH = 12;

    private RemovedLines() {
    }

    public static String[] hashes(String diff, String codeBefore, String codeAfter) {
        Set<String> hashes = new LinkedHashSet<>();
        if (diff != null && !diff.isBlank()) {
            for (String line : diff.split("\n")) {
                if (line.startsWith("-") && !line.startsWith("---")) {
                    hashOf(line.substring(1)).ifPresent(hashes::add);
                }
            }
        } else if (codeBefore != null && !codeBefore.isBlank()) {
            Set<String> after = new LinkedHashSet<>();
            if (codeAfter != null) {
                codeAfter.lines().map(RemovedLines::normalize).forEach(after::add);
            }
            codeBefore.lines().filter(l -> !after.contains(normalize(l)))
                    .forEach(l -> hashOf(l).ifPresent(hashes::add));
        }
        return hashes.toArray(String[]::new);
    }

    /** Hashes of the code's lines that are long enough to check. */
    public static List<String[]> lines(String code) {
        return code.lines().map(l -> new String[] { normalize(l), hashOf(l).orElse(null) })
                .filter(p -> p[1] != null).toList();
    }

    static String normalize(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }

    static java.util.Optional<String> hashOf(String line) {
        String n = normalize(line);
        if (n.length() < MIN_LENGTH) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(Fingerprints.sha256(n));
    }
}
