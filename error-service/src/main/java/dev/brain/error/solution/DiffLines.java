package dev.brain.error.solution;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Fingerprints;

/**
 * The changed lines of a unified diff and its <em>normalised change</em> (docs/errors.md "Session trail"): each
 * '-'/'+' line with whitespace collapsed and trimmed, a line added and removed again cancelled, as a sorted set of
 * "+text" / "-text" — so that two fixes are "the same fix" whatever their files, hunks or order. Its SHA-256 is a
 * solution's {@code change_key}. Pure: no database.
 */
public final class DiffLines {

    private static final Pattern HUNK = Pattern.compile("^@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    private DiffLines() {
    }

    /** A changed line: its sign ('-' or '+'), its text as written and its line number in the file's new version. */
    public record Changed(char sign, String text, int newLine) {
    }

    /**
     * The '-' and '+' lines of the diff's hunks (each hunk read as far as its header's counts go, so a removed
     * "-- comment" is no header); a diff without hunks: every '-'/'+' line but the "---"/"+++" headers.
     */
    public static List<Changed> changed(String diff) {
        List<Changed> out = new ArrayList<>();
        if (diff == null || diff.isEmpty()) {
            return out;
        }
        boolean hunks = diff.startsWith("@@") || diff.contains("\n@@");
        int oldLeft = 0;
        int newLeft = 0;
        int newLine = 0;
        for (String line : diff.split("\n", -1)) {
            Matcher h = HUNK.matcher(line);
            if (h.find()) {
                oldLeft = h.group(2) == null ? 1 : Integer.parseInt(h.group(2));
                newLeft = h.group(4) == null ? 1 : Integer.parseInt(h.group(4));
                newLine = Integer.parseInt(h.group(3));
                continue;
            }
            if (oldLeft > 0 || newLeft > 0) {
                char c = line.isEmpty() ? ' ' : line.charAt(0);
                switch (c) {
                    case ' ' -> {
                        oldLeft--;
                        newLeft--;
                        newLine++;
                    }
                    case '-' -> {
                        oldLeft--;
                        out.add(new Changed('-', line.substring(1), newLine));
                    }
                    case '+' -> {
                        newLeft--;
                        out.add(new Changed('+', line.substring(1), newLine));
                        newLine++;
                    }
                    case '\\' -> {
                        // "\ No newline at end of file"
                    }
                    default -> {
                        oldLeft = 0;
                        newLeft = 0;
                    }
                }
                continue;
            }
            if (!hunks && !line.isEmpty() && !line.startsWith("+++") && !line.startsWith("---")
                    && (line.charAt(0) == '+' || line.charAt(0) == '-')) {
                out.add(new Changed(line.charAt(0), line.substring(1), 0));
            }
        }
        return out;
    }

    /** The normalised change of the diffs, in order (a line one diff adds and a later one removes cancels). */
    public static Set<String> normalised(List<String> diffs) {
        Map<String, Integer> net = new TreeMap<>();
        for (String diff : diffs) {
            for (Changed c : changed(diff)) {
                String text = normalise(c.text());
                if (!text.isEmpty()) {
                    net.merge(text, c.sign() == '+' ? 1 : -1, Integer::sum);
                }
            }
        }
        Set<String> out = new TreeSet<>();
        net.forEach((text, n) -> {
            if (n != 0) {
                out.add((n > 0 ? "+" : "-") + text);
            }
        });
        return Collections.unmodifiableSet(out);
    }

    /** The normalised change of one diff. */
    public static Set<String> normalised(String diff) {
        return normalised(List.of(diff == null ? "" : diff));
    }

    /** SHA-256 of a normalised change; null when it is empty (such a diff is never "the same fix"). */
    public static String key(Set<String> normalised) {
        return normalised.isEmpty() ? null : Fingerprints.sha256(String.join("\n", normalised));
    }

    /** The {@code change_key} of a solution's diff; null without changed lines. */
    public static String key(String diff) {
        return key(normalised(diff));
    }

    static String normalise(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }
}
