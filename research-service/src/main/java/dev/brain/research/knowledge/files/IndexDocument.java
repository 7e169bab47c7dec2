package dev.brain.research.knowledge.files;

import java.util.List;

/**
 * INDEX.md of a pair (research.md §2.1): a header (last update, count) and one line per knowledge file,
 * {@code - [Title](file.md) — summary (N runs)}, in the order given (active first, most present first), the
 * whole file at most {@code maxLines} lines; when lines are left out the count says how many are shown.
 */
public final class IndexDocument {

    /** One knowledge file of the index. */
    public record Line(String title, String fileName, String summary, int runs) {
    }

    /** Lines of the header: title, blank, last update, count, blank. */
    static final int HEADER_LINES = 5;

    private IndexDocument() {
    }

    /** The index line of one knowledge file. */
    public static String line(Line l) {
        String title = Markdown.oneLine(l.title(), 200).replace("[", "\\[").replace("]", "\\]");
        String summary = Markdown.oneLine(l.summary(), 200);
        return "- [" + title + "](" + l.fileName() + ") — " + (summary.isEmpty() ? "(no summary)" : summary) + " ("
                + l.runs() + (l.runs() == 1 ? " run)" : " runs)");
    }

    /** The file; {@code shown[0]} receives how many entry lines it holds. */
    public static String render(String pairLabel, String lastUpdate, List<Line> lines, int maxLines, int[] shown) {
        int room = Math.max(0, maxLines - HEADER_LINES);
        int n = Math.min(room, lines.size());
        StringBuilder out = new StringBuilder("# Knowledge index — ").append(pairLabel).append("\n\n");
        out.append("**Last update:** ").append(lastUpdate).append('\n');
        out.append("**Files:** ").append(lines.size());
        if (n < lines.size()) {
            out.append(" (").append(n).append(" shown, the most present first)");
        }
        out.append("\n\n");
        for (int i = 0; i < n; i++) {
            out.append(line(lines.get(i))).append('\n');
        }
        if (shown != null) {
            shown[0] = n;
        }
        return out.toString();
    }
}
