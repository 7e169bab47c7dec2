package dev.brain.gateway.findings;

import dev.brain.gateway.findings.FindingViews.DeletedFinding;
import dev.brain.gateway.findings.FindingViews.FindingView;
import dev.brain.gateway.findings.FindingViews.FindingsExport;
import dev.brain.gateway.findings.FindingViews.FindingsIndex;
import dev.brain.gateway.findings.FindingViews.SavedFinding;

/** The concise markdown a model (MCP text) or a person (REST {@code text/plain}) reads of the findings store. */
public final class FindingsRenderer {

    private FindingsRenderer() {
    }

    public static String saved(SavedFinding s) {
        StringBuilder out = new StringBuilder();
        out.append(s.created() ? "Saved new finding `" : "Overwrote finding `").append(s.slug()).append("` in project ")
                .append(s.project()).append(": ").append(s.count()).append(s.count() == 1 ? " finding" : " findings")
                .append(", index ").append(s.chars()).append(" characters.\n")
                .append("Index line: ").append(s.slug()).append(" — ").append(s.title()).append(" — ").append(s.hook())
                .append('\n');
        for (String warning : s.warnings()) {
            out.append("Warning: ").append(warning).append('\n');
        }
        return out.toString();
    }

    public static String index(FindingsIndex index) {
        if (index.lines().isEmpty()) {
            return "No findings in project " + index.project() + " (searched its findings store). Save a trap or"
                    + " invariant with save_finding when you learn one.\n";
        }
        StringBuilder out = new StringBuilder("Findings of project ").append(index.project()).append(" (")
                .append(index.count()).append(", ").append(index.chars())
                .append(" characters; each in full: .brain/traps/<slug>.md after `./brain findings sync`):\n");
        for (String line : index.lines()) {
            out.append("- ").append(line).append('\n');
        }
        return out.toString();
    }

    public static String finding(FindingView f) {
        StringBuilder out = new StringBuilder("# ").append(f.title()).append("\n\n").append(f.body()).append("\n\n`")
                .append(f.slug()).append("` in project ").append(f.project());
        if (!f.scope().isEmpty()) {
            out.append(", about ").append(f.scope());
        }
        if (!f.verified_against().isEmpty()) {
            out.append(", verified against ").append(f.verified_against());
        }
        if (!f.source_task().isEmpty()) {
            out.append(", from ").append(f.source_task());
        }
        return out.append(", updated ").append(f.updated_at()).append('\n').toString();
    }

    public static String deleted(DeletedFinding d) {
        return "Deleted finding `" + d.slug() + "` from project " + d.project() + "; " + d.count()
                + (d.count() == 1 ? " finding" : " findings") + " left.\n";
    }

    /** The export as a person reads it: its {@code INDEX.md}. */
    public static String export(FindingsExport export) {
        return export.files().isEmpty() ? "" : export.files().get(0).content();
    }
}
