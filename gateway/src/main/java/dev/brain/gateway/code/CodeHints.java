package dev.brain.gateway.code;

import java.util.Locale;

import dev.brain.gateway.code.CodeViews.Registration;

/**
 * The code hints of the {@code PostToolUse} hook for {@code Write}/{@code Edit} (gateway.md §3): one line naming a
 * similar module that already exists elsewhere, and one line when the written code looks reusable (≥ 0.60) and is
 * not registered yet. The written file's own registration is no hint.
 */
public final class CodeHints {

    private CodeHints() {
    }

    /**
     * The hint text, or null when there is nothing to say. {@code relativePath} is the written file relative to the
     * project's root (or the path as written when it lies elsewhere); {@code wholeFile} false (an edit's fragment)
     * gives no "register it" hint.
     */
    public static String afterWrite(String project, String relativePath, Registration analysis, boolean wholeFile) {
        StringBuilder out = new StringBuilder();
        if (analysis == null) {
            return null;
        }
        boolean registered = analysis.similar().stream()
                .anyMatch(v -> v.project().equals(project) && v.file_path().equals(relativePath));
        analysis.similar().stream().filter(v -> !(v.project().equals(project) && v.file_path().equals(relativePath)))
                .findFirst().ifPresent(v -> out.append("Brain: similar code exists — module #").append(v.module_id())
                        .append(' ').append(v.name()).append(" in project ").append(v.project()).append(" (")
                        .append(v.file_path()).append(", ").append(v.kind()).append(' ')
                        .append(String.format(Locale.ROOT, "%.2f", v.score()))
                        .append("); reuse it rather than keep a second copy.\n"));
        if (wholeFile && !registered && analysis.reusable() && analysis.modules().size() > 0) {
            out.append("Brain: ").append(relativePath).append(" looks reusable (")
                    .append(String.format(Locale.ROOT, "%.2f", analysis.reusability_score()))
                    .append("); register it with brain_register_code so other projects can find it.\n");
        }
        return out.length() == 0 ? null : out.toString().strip();
    }
}
