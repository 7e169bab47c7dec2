package dev.brain.gateway.research;

import java.util.Locale;

import dev.brain.gateway.research.ResearchViews.BlockInfo;
import dev.brain.gateway.research.ResearchViews.BlockRead;
import dev.brain.gateway.research.ResearchViews.EntryView;
import dev.brain.gateway.research.ResearchViews.InsightDetail;
import dev.brain.gateway.research.ResearchViews.InsightView;
import dev.brain.gateway.research.ResearchViews.Insights;
import dev.brain.gateway.research.ResearchViews.KnowledgeHitView;
import dev.brain.gateway.research.ResearchViews.KnowledgeSearch;
import dev.brain.gateway.research.ResearchViews.ProjectTrendView;
import dev.brain.gateway.research.ResearchViews.Saved;
import dev.brain.gateway.research.ResearchViews.Structure;
import dev.brain.gateway.research.ResearchViews.SuggestionView;
import dev.brain.gateway.research.ResearchViews.Suggestions;
import dev.brain.gateway.research.ResearchViews.Trends;

/** The concise markdown a model (MCP text) or a person (REST {@code text/plain}, {@code ./brain insights}) reads. */
public final class ResearchRenderer {

    private static final int LINE_CHARS = 160;

    private ResearchRenderer() {
    }

    static String two(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    static String percent(double value) {
        return String.format(Locale.ROOT, "%+.0f %%", value * 100);
    }

    static String shorten(String text) {
        String t = text == null ? "" : text.replaceAll("\\s+", " ").strip();
        return t.length() <= LINE_CHARS ? t : t.substring(0, LINE_CHARS - 1) + "…";
    }

    // ---- insights -------------------------------------------------------------------------------------------

    public static String insights(Insights l) {
        if (l.insights().isEmpty()) {
            return "No insights: listed " + l.searched() + ". The research cycle runs hourly (now: POST "
                    + "/api/v1/admin/jobs/research/cycle) once the tenant has at least 10 errors + solutions.";
        }
        StringBuilder out = new StringBuilder().append(l.insights().size()).append(" insight")
                .append(l.insights().size() == 1 ? "" : "s").append(" (").append(l.searched()).append("):\n");
        for (InsightView i : l.insights()) {
            out.append(line(i)).append('\n');
        }
        if (l.next_page_token() != null && !l.next_page_token().isEmpty()) {
            out.append("(more: raise limit, or page_token=").append(l.next_page_token()).append(")\n");
        }
        return out.toString();
    }

    /** "- #12 [critical] gap — title (confidence 0.95, actionable)". */
    static String line(InsightView i) {
        return "- #" + i.insight_id() + " [" + i.priority() + "] " + i.type() + " — " + shorten(i.title())
                + " (confidence " + two(i.confidence()) + (i.actionable() ? ", actionable" : "")
                + (i.status().equals("active") ? "" : ", " + i.status()) + ")";
    }

    public static String insight(InsightDetail i) {
        StringBuilder out = new StringBuilder("**Insight #").append(i.insight_id()).append("** [").append(i.priority())
                .append("] ").append(i.type()).append(" — ").append(i.title()).append('\n')
                .append("status ").append(i.status()).append(", confidence ").append(two(i.confidence()))
                .append(i.actionable() ? ", actionable" : "").append('\n');
        if (i.description() != null && !i.description().isBlank()) {
            out.append(i.description().strip()).append('\n');
        }
        if (i.suggested_action() != null && i.suggested_action().get("message") != null) {
            out.append("Suggested: ").append(i.suggested_action().get("message")).append('\n');
        }
        if (i.evidence() != null && !i.evidence().isEmpty()) {
            out.append("Evidence: ").append(shorten(i.evidence().toString())).append('\n');
        }
        if (i.action_outcome() != null && !i.action_outcome().isBlank()) {
            out.append("Outcome: ").append(i.action_outcome()).append('\n');
        }
        return out.toString();
    }

    public static String suggestions(Suggestions s) {
        if (s.suggestions().isEmpty()) {
            return "No suggestions for \"" + shorten(s.context()) + "\": no active insight or library entry of yours"
                    + " came close." + (s.semantic_skipped() ? " (ranked without embeddings: memory-service was late)" : "");
        }
        StringBuilder out = new StringBuilder("Suggestions for \"").append(shorten(s.context())).append("\":\n");
        int rank = 1;
        for (SuggestionView v : s.suggestions()) {
            out.append(rank++).append(". ").append(v.kind()).append(" #").append(v.id()).append(" — ")
                    .append(shorten(v.title())).append(" (score ").append(two(v.score())).append(")");
            if (v.path() != null) {
                out.append(" `").append(v.path()).append('`');
            }
            if (v.reason() != null && !v.reason().isBlank()) {
                out.append("\n   ").append(shorten(v.reason()));
            }
            out.append('\n');
        }
        if (s.semantic_skipped()) {
            out.append("(ranked without embeddings: memory-service was late)\n");
        }
        return out.toString();
    }

    public static String trends(Trends t) {
        StringBuilder out = new StringBuilder("Error trends ").append(t.window_start()).append(" – ")
                .append(t.window_end()).append(":\n");
        if (t.projects().isEmpty()) {
            out.append("- no errors in either window\n");
        }
        for (ProjectTrendView p : t.projects()) {
            out.append("- ").append(p.project()).append(": ").append(p.current()).append(" vs ").append(p.previous())
                    .append(p.change() == null ? "" : " (" + percent(p.change()) + ")").append(", ").append(p.direction())
                    .append(", ").append(p.new_errors()).append(" new\n");
        }
        out.append("Solution success rate: last 14 days ").append(two(t.recent_success_rate())).append(", overall ")
                .append(two(t.overall_success_rate())).append(t.success_rate_declining() ? " — declining" : "").append('\n');
        return out.toString();
    }

    // ---- knowledge library ----------------------------------------------------------------------------------

    public static String search(KnowledgeSearch s) {
        String footprint = "searched " + s.footprint().searched() + " entr" + (s.footprint().searched() == 1 ? "y" : "ies")
                + " of " + s.footprint().scope()
                + (s.footprint().nearest() == null ? "; none scored" : "; nearest cosine " + two(s.footprint().nearest()));
        if (s.entries().isEmpty()) {
            return "No library entry for \"" + shorten(s.query()) + "\": " + footprint + ".";
        }
        StringBuilder out = new StringBuilder("Stage 1 — library metadata (topic, summary, path), not the full text; ")
                .append(footprint).append(":\n");
        int rank = 1;
        for (KnowledgeHitView h : s.entries()) {
            out.append(rank++).append(". **").append(shorten(h.topic())).append("** — ").append(shorten(h.summary()))
                    .append(" (score ").append(String.format(Locale.ROOT, "%.4f", h.score())).append(")\n   `")
                    .append(h.path()).append('`').append(h.stage2_recommended() ? " — read it (stage 2 recommended)" : "")
                    .append('\n');
        }
        out.append("Stage 2: knowledge_read(path) lists a file's blocks, knowledge_read(path, heading) returns one.\n");
        return out.toString();
    }

    public static String structure(Structure s) {
        StringBuilder out = new StringBuilder("Stage 2 — blocks of `").append(s.path()).append('`');
        if (s.title() != null && !s.title().isBlank()) {
            out.append(" (").append(s.title());
            if (s.version() != null && !s.version().isBlank()) {
                out.append(", version ").append(s.version());
            }
            out.append(')');
        }
        out.append(":\n");
        for (BlockInfo b : s.blocks()) {
            out.append("  ".repeat(Math.max(0, b.level() - 2))).append("- ").append("#".repeat(Math.max(1, b.level())))
                    .append(' ').append(b.heading()).append(" (").append(b.chars()).append(" chars)\n");
        }
        if (s.blocks().isEmpty()) {
            out.append("- (no blocks)\n");
        }
        return out.toString();
    }

    public static String block(BlockRead b) {
        return "Stage 2 — block \"" + b.block().heading() + "\" of `" + b.path() + "`:\n\n" + b.block().text();
    }

    public static String saved(Saved s) {
        StringBuilder out = new StringBuilder("Research saved as ").append(s.status()).append(" (").append(switch (s.status()) {
            case "deep" -> s.created() ? "knowledge file created" : "knowledge file extended";
            case "supplement" -> "knowledge file extended";
            case "repetition" -> "nothing new: knowledge file untouched";
            case "failure" -> "no usable result: knowledge file untouched";
            default -> "gate result unknown";
        }).append(").\n");
        if (s.knowledge_path() != null) {
            out.append("knowledge: `").append(s.knowledge_path()).append('`')
                    .append(s.version() == null ? "" : " (version " + s.version() + ")").append('\n');
        }
        if (s.report_path() != null) {
            out.append("report: `").append(s.report_path()).append("`\n");
        }
        if (s.index_line() != null) {
            out.append("index: ").append(s.index_line()).append('\n');
        }
        if (s.memory_entry_id() != null) {
            out.append("memory: short-term entry ").append(s.memory_entry_id()).append('\n');
        }
        return out.toString();
    }

    public static String entry(EntryView e) {
        return "Library entry " + e.entry_id() + " \"" + shorten(e.topic()) + "\" is " + (e.active() ? "active" : "inactive")
                + " (weight " + two(e.weight()) + "): `" + e.path() + "`";
    }
}
