package dev.brain.research.knowledge.files;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.grpc.Status;

/**
 * The markdown pieces the library works with, pure functions: topic slugs, heading demotion, and the split of
 * a text into <em>units</em> — heading lines and paragraphs (maximal runs of non-blank lines; a fenced code block
 * is one paragraph with its blank lines). Paragraphs are what the keep/discard gate compares and what
 * consolidation de-duplicates.
 */
public final class Markdown {

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})[ \\t]+(.*?)[ \\t#]*$");
    private static final int MAX_SLUG = 80;

    /** A heading line or a paragraph. */
    public record Unit(boolean heading, int level, String text) {
        /** The heading's title (without '#'); the paragraph's text. */
        public String title() {
            if (!heading) {
                return text;
            }
            Matcher m = HEADING.matcher(text);
            return m.matches() ? m.group(2).strip() : text.strip();
        }
    }

    private Markdown() {
    }

    /**
     * The topic slug {@code [a-z0-9-]{1,80}}: NFKD, marks stripped, lower case, every run of other characters one
     * '-', '-' trimmed, cut to 80 chars.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT "topic" when nothing is left
     */
    public static String slug(String topic) {
        String s = Normalizer.normalize(topic, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        s = trimDashes(s);
        if (s.length() > MAX_SLUG) {
            s = trimDashes(s.substring(0, MAX_SLUG));
        }
        if (s.isEmpty()) {
            throw Status.INVALID_ARGUMENT.withDescription("topic: must contain a letter or digit of [a-z0-9] (after"
                    + " normalisation) to form the file's topic-slug").asRuntimeException();
        }
        return s;
    }

    /** Level 1 and 2 headings (outside code fences) become level 3: incoming text never opens a block. */
    public static String demote(String text) {
        List<String> out = new ArrayList<>();
        boolean fence = false;
        for (String line : text.split("\n", -1)) {
            if (isFence(line)) {
                fence = !fence;
            }
            Matcher m = fence ? null : HEADING.matcher(line);
            if (m != null && m.matches() && m.group(1).length() <= 2) {
                out.add("### " + m.group(2).strip());
            } else {
                out.add(line);
            }
        }
        return String.join("\n", out);
    }

    /** The units of a text in order. */
    public static List<Unit> units(String text) {
        List<Unit> units = new ArrayList<>();
        List<String> paragraph = new ArrayList<>();
        boolean fence = false;
        for (String raw : text.replace("\r\n", "\n").split("\n", -1)) {
            String line = stripTrailing(raw);
            if (fence) {
                paragraph.add(line);
                if (isFence(line)) {
                    fence = false;
                }
                continue;
            }
            if (isFence(line)) {
                paragraph.add(line);
                fence = true;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (m.matches()) {
                flush(paragraph, units);
                units.add(new Unit(true, m.group(1).length(), line.strip()));
            } else if (line.isBlank()) {
                flush(paragraph, units);
            } else {
                paragraph.add(line);
            }
        }
        flush(paragraph, units);
        return units;
    }

    /** The paragraphs of a text (no headings). */
    public static List<String> paragraphs(String text) {
        return units(text).stream().filter(u -> !u.heading()).map(Unit::text).toList();
    }

    /**
     * The text with only the paragraphs {@code keep} accepts; a heading stays when a kept paragraph follows it
     * before the next heading. Units are joined by one blank line.
     */
    public static String keepParagraphs(String text, Predicate<String> keep) {
        List<Unit> units = units(text);
        List<String> out = new ArrayList<>();
        String pendingHeading = null;
        for (Unit u : units) {
            if (u.heading()) {
                pendingHeading = u.text();
            } else if (keep.test(u.text())) {
                if (pendingHeading != null) {
                    out.add(pendingHeading);
                    pendingHeading = null;
                }
                out.add(u.text());
            }
        }
        return String.join("\n\n", out);
    }

    /** A paragraph for comparison: NFKC, lower case, whitespace collapsed, list/quote markers kept. */
    public static String normalise(String paragraph) {
        return Normalizer.normalize(paragraph, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT)
                .replaceAll("\\s+", " ").strip();
    }

    /** Code points of a text. */
    public static int chars(String text) {
        return text.codePointCount(0, text.length());
    }

    /** One line: whitespace runs collapsed, cut to {@code max} code points (with '…'). */
    public static String oneLine(String text, int max) {
        String line = text.replaceAll("\\s+", " ").strip();
        if (chars(line) <= max) {
            return line;
        }
        return line.substring(0, line.offsetByCodePoints(0, max - 1)).stripTrailing() + "…";
    }

    /** A summary from a distillate: its first paragraph, markdown markers dropped, one line of ≤ 200 chars. */
    public static String summaryOf(String distillate) {
        for (String p : paragraphs(distillate)) {
            String line = p.replaceAll("(?m)^\\s*([-*+>]|\\d+\\.)\\s+", "").replaceAll("[*_`]", "");
            if (!line.isBlank() && !line.strip().startsWith("```")) {
                return oneLine(line, 200);
            }
        }
        return "";
    }

    static boolean isFence(String line) {
        String s = line.stripLeading();
        return s.startsWith("```") || s.startsWith("~~~");
    }

    static boolean isBlockHeading(String line, boolean fence) {
        return !fence && line.startsWith("## ");
    }

    private static void flush(List<String> paragraph, List<Unit> units) {
        if (!paragraph.isEmpty()) {
            units.add(new Unit(false, 0, String.join("\n", paragraph)));
            paragraph.clear();
        }
    }

    private static String stripTrailing(String line) {
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    private static String trimDashes(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && s.charAt(start) == '-') {
            start++;
        }
        while (end > start && s.charAt(end - 1) == '-') {
            end--;
        }
        return s.substring(start, end);
    }
}
