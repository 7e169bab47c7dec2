package dev.brain.error.trail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.brain.error.solution.DiffLines;

/**
 * The edits a session made between a failure and the command's next run, as one change (docs/errors.md "Session
 * trail"): its files and changed lines, whether Brain may learn from it (the guards), a title made from the first
 * changed line, the unified diff a solution keeps (cut at 2 KiB with a marker) and its normalised change
 * ({@link DiffLines}). Pure: no database.
 */
public final class ObservedChange {

    /** A focused fix touches at most this many files; a larger change teaches nothing. */
    public static final int MAX_FILES = 10;
    /** A focused fix changes at most this many lines ('-' and '+' lines); a larger change teaches nothing. */
    public static final int MAX_CHANGED_LINES = 400;
    /** A solution keeps at most this much of the diff, cut at a line end with a marker. */
    public static final int MAX_DIFF_BYTES = 2048;
    static final int TITLE = 200;
    static final int TITLE_LINE = 80;

    /**
     * One edit of the trail: a file (relative to the project's root), its hunks (null when withheld or too large to
     * keep), its number of changed lines, and whether it was withheld (a never-learn file, a change Brain could not see).
     */
    public record Edit(String filePath, String diff, int changedLines, boolean withheld) {
    }

    /** Whether Brain may learn from the change ({@code LEARNABLE}), or why not. */
    public enum Verdict {
        LEARNABLE,
        NO_EDITS,
        WITHHELD,
        TOO_LARGE,
        NO_CHANGE
    }

    private final List<Edit> edits;
    private final List<String> files;
    private final int changedLines;
    private final Set<String> normalised;

    private ObservedChange(List<Edit> edits) {
        this.edits = List.copyOf(edits);
        List<String> paths = new ArrayList<>();
        int lines = 0;
        for (Edit e : edits) {
            if (!paths.contains(e.filePath())) {
                paths.add(e.filePath());
            }
            lines += e.changedLines();
        }
        this.files = List.copyOf(paths);
        this.changedLines = lines;
        this.normalised = DiffLines.normalised(edits.stream().map(e -> e.diff() == null ? "" : e.diff()).toList());
    }

    public static ObservedChange of(List<Edit> edits) {
        return new ObservedChange(edits);
    }

    /** The guards of docs/errors.md, in this order: no edits, a withheld edit, too large, no change left. */
    public Verdict verdict() {
        if (edits.isEmpty()) {
            return Verdict.NO_EDITS;
        }
        if (edits.stream().anyMatch(Edit::withheld)) {
            return Verdict.WITHHELD;
        }
        if (files.size() > MAX_FILES || changedLines > MAX_CHANGED_LINES) {
            return Verdict.TOO_LARGE;
        }
        return normalised.isEmpty() ? Verdict.NO_CHANGE : Verdict.LEARNABLE;
    }

    public List<String> files() {
        return files;
    }

    public int changedLines() {
        return changedLines;
    }

    /** The normalised change: "+text" / "-text" per line the edits added / removed in the end. */
    public Set<String> normalised() {
        return normalised;
    }

    /** The {@code change_key}: two fixes with the same key are the same fix. */
    public String key() {
        return DiffLines.key(normalised);
    }

    /** Whether every line of {@code solution}'s normalised change is one of this change's. */
    public boolean contains(Set<String> solution) {
        return !solution.isEmpty() && normalised.containsAll(solution);
    }

    /**
     * "FILE:LINE: removed → added" of the first changed line ("add …" / "remove …" when one side is missing), with
     * "(+N files)" when the change touches more; at most 200 characters.
     */
    public String title() {
        String more = files.size() > 1 ? " (+" + (files.size() - 1) + (files.size() == 2 ? " file)" : " files)") : "";
        for (Edit e : edits) {
            List<DiffLines.Changed> lines = DiffLines.changed(e.diff());
            if (lines.isEmpty()) {
                continue;
            }
            String removed = null;
            String added = null;
            int line = lines.get(0).newLine();
            for (DiffLines.Changed c : lines) {
                if (c.text().isBlank()) {
                    continue;
                }
                if (c.sign() == '-' && removed == null) {
                    removed = c.text().strip();
                    line = c.newLine();
                } else if (c.sign() == '+') {
                    added = c.text().strip();
                    line = c.newLine();
                    break;
                }
            }
            String what = removed != null && added != null ? cut(removed, TITLE_LINE) + " → " + cut(added, TITLE_LINE)
                    : added != null ? "add " + cut(added, TITLE_LINE)
                            : "remove " + cut(removed == null ? "" : removed, TITLE_LINE);
            return cut(shortPath(e.filePath()) + ":" + line + ": " + what + more, TITLE);
        }
        return cut("edit of " + String.join(", ", files), TITLE);
    }

    /** The change as one unified diff: per file (first seen first) its headers and every hunk, cut at 2 KiB. */
    public String diff() {
        Map<String, StringBuilder> byFile = new LinkedHashMap<>();
        for (Edit e : edits) {
            if (e.diff() == null || e.diff().isEmpty()) {
                continue;
            }
            StringBuilder sb = byFile.computeIfAbsent(e.filePath(),
                    p -> new StringBuilder("--- a/").append(p).append("\n+++ b/").append(p).append('\n'));
            sb.append(e.diff());
            if (!e.diff().endsWith("\n")) {
                sb.append('\n');
            }
        }
        StringBuilder all = new StringBuilder();
        byFile.values().forEach(all::append);
        return cutDiff(all.toString(), MAX_DIFF_BYTES);
    }

    private static String shortPath(String path) {
        return path.length() <= 60 ? path : "…" + path.substring(path.length() - 59);
    }

    private static String cut(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    /** At most {@code max} UTF-8 bytes, cut back to a line end, with a marker saying how much there was. */
    static String cutDiff(String diff, int max) {
        byte[] bytes = diff.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= max) {
            return diff;
        }
        String marker = "… diff cut at 2 KiB (" + bytes.length + " bytes in all)\n";
        int room = max - marker.getBytes(StandardCharsets.UTF_8).length;
        String head = new String(bytes, 0, room, StandardCharsets.UTF_8).replaceAll("\uFFFD$", "");
        int line = head.lastIndexOf('\n');
        if (line > 0) {
            head = head.substring(0, line + 1);
        }
        return head + marker;
    }
}
