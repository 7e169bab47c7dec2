package dev.brain.error.finding;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The texts of the findings store, byte-exact (error-code.md §10): the index line, the index size a reader pays
 * for, and the files {@code ./brain findings sync} writes ({@code INDEX.md}, {@code traps/<slug>.md}).
 */
public final class FindingFormat {

    public static final String INDEX_FILE = "INDEX.md";
    public static final String TRAPS_DIR = "traps/";
    /**
     * A frontmatter value YAML would misread as written: an indicator first, {@code ": "} or {@code " #"} inside, or
     * a value YAML reads as a number, a boolean or null (a commit of digits only).
     */
    private static final Pattern NEEDS_QUOTES = Pattern.compile(
            "[-?:,\\[\\]{}#&*!|>'\"%@`\\s].*|.*(: |\\s#|:$|\\s$).*|[0-9][0-9eE.+_-]*"
                    + "|(?i)(true|false|null|yes|no|on|off|~)");

    private FindingFormat() {
    }

    /** {@code slug — title — hook}. */
    public static String indexLine(String slug, String title, String hook) {
        return slug + " — " + title + " — " + hook;
    }

    /** Code points of the lines joined by "\n" with a trailing "\n"; 0 for no lines. */
    public static int indexChars(List<String> lines) {
        int chars = 0;
        for (String line : lines) {
            chars += line.codePointCount(0, line.length()) + 1;
        }
        return chars;
    }

    public static String trapPath(String slug) {
        return TRAPS_DIR + slug + ".md";
    }

    /** {@code # Findings — <project>} and one line per finding (in the given order, by slug). */
    public static String indexFile(String project, List<Finding> findings) {
        StringBuilder out = new StringBuilder("# Findings — ").append(project).append('\n');
        for (Finding f : findings) {
            out.append("- [").append(f.slug()).append("](").append(trapPath(f.slug())).append(") — ")
                    .append(f.title()).append(" — ").append(f.hook()).append('\n');
        }
        return out.toString();
    }

    /** Frontmatter (slug, scope, source-task, verified-against), a blank line, the title, a blank line, the body. */
    public static String trapFile(Finding f) {
        return "---\n"
                + field("slug", f.slug())
                + field("scope", f.scope())
                + field("source-task", f.sourceTask())
                + field("verified-against", f.verifiedAgainst())
                + "---\n\n# " + f.title() + "\n\n" + f.body() + "\n";
    }

    /** {@code key: value}, {@code key:} when empty; a value YAML would misread is double-quoted. */
    static String field(String key, String value) {
        if (value.isEmpty()) {
            return key + ":\n";
        }
        return key + ": " + (NEEDS_QUOTES.matcher(value).matches() ? quoted(value) : value) + "\n";
    }

    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
