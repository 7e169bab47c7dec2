package dev.brain.error.trail;

import java.util.List;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;

/** Unified-diff hunks between two versions of a file (a Write against what the session saw before), no headers. */
public final class FileDiffs {

    static final int CONTEXT = 3;

    private FileDiffs() {
    }

    /** The hunks that turn {@code before} into {@code after}; "" when they are equal. */
    public static String hunks(String before, String after) {
        List<String> original = before.lines().toList();
        List<String> revised = after.lines().toList();
        Patch<String> patch = DiffUtils.diff(original, revised);
        if (patch.getDeltas().isEmpty()) {
            return "";
        }
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff("a", "b", original, patch, CONTEXT);
        StringBuilder sb = new StringBuilder();
        // the first two lines are the "--- a" and "+++ b" headers
        for (String line : unified.subList(2, unified.size())) {
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    /** The hunk of a new file: every line added. */
    public static String created(String content) {
        List<String> lines = content.lines().toList();
        if (lines.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("@@ -0,0 +1,").append(lines.size()).append(" @@\n");
        lines.forEach(l -> sb.append('+').append(l).append('\n'));
        return sb.toString();
    }
}
