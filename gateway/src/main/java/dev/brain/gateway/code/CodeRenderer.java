package dev.brain.gateway.code;

import java.util.Locale;
import java.util.Map;

import dev.brain.gateway.code.CodeViews.ModuleHit;
import dev.brain.gateway.code.CodeViews.ModuleList;
import dev.brain.gateway.code.CodeViews.ModuleView;
import dev.brain.gateway.code.CodeViews.RegisteredModule;
import dev.brain.gateway.code.CodeViews.Registration;
import dev.brain.gateway.code.CodeViews.Reusable;
import dev.brain.gateway.code.CodeViews.SimilarView;
import dev.brain.gateway.code.CodeViews.Similarity;

/** The concise markdown a model (MCP text) or a person (REST {@code text/plain}) reads about code modules. */
public final class CodeRenderer {

    private CodeRenderer() {
    }

    static String two(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    public static String reusable(Reusable r) {
        if (r.modules().isEmpty()) {
            return "No reusable module found: " + r.searched() + (r.semantic_skipped() ? " (text only)." : ".");
        }
        StringBuilder out = new StringBuilder("Reusable modules (" + r.searched() + "):\n");
        for (ModuleHit h : r.modules()) {
            out.append("- module #").append(h.module_id()).append(' ').append(h.name()).append(" — ")
                    .append(h.project()).append(':').append(h.file_path()).append(" (").append(h.language())
                    .append(", score ").append(two(h.score())).append(")\n");
            if (!h.signature().isBlank()) {
                out.append("  `").append(h.signature().replace('\n', ' ')).append("`\n");
            }
            if (!h.purpose().isBlank()) {
                out.append("  ").append(h.purpose()).append('\n');
            }
        }
        return out.toString();
    }

    public static String registration(Registration r) {
        StringBuilder out = new StringBuilder();
        out.append("Registered ").append(r.modules().size()).append(r.modules().size() == 1 ? " module" : " modules")
                .append(" (").append(r.language()).append(", granularity ").append(r.granularity()).append("):\n");
        for (RegisteredModule m : r.modules()) {
            out.append("- module #").append(m.module_id()).append(' ').append(m.name()).append(" — reusability ")
                    .append(two(m.reusability_score())).append(m.reusable() ? " (reusable)" : " (below 0.60)")
                    .append(m.created() ? "" : ", updated").append('\n');
            out.append("  ").append(signals(m.signals())).append('\n');
        }
        similar(out, r.similar());
        return out.toString();
    }

    public static String similarity(Similarity s) {
        if (s.similar().isEmpty()) {
            return "No similar module is registered" + (s.semantic_skipped() ? " (exact and structural checked;"
                    + " the semantic check was skipped)." : ".");
        }
        StringBuilder out = new StringBuilder();
        similar(out, s.similar());
        return out.toString();
    }

    private static void similar(StringBuilder out, java.util.List<SimilarView> similar) {
        if (similar.isEmpty()) {
            return;
        }
        out.append("Similar modules:\n");
        for (SimilarView v : similar) {
            out.append("- module #").append(v.module_id()).append(' ').append(v.name()).append(" — ").append(v.kind())
                    .append(' ').append(two(v.score())).append(", ").append(v.project()).append(':')
                    .append(v.file_path()).append('\n');
        }
    }

    public static String list(ModuleList l) {
        if (l.modules().isEmpty()) {
            return "No module is registered here.";
        }
        StringBuilder out = new StringBuilder();
        for (ModuleView m : l.modules()) {
            out.append(String.format(Locale.ROOT, "#%-6d %-28s %-10s %.2f  %s:%s%n", m.module_id(), m.name(),
                    m.language(), m.reusability_score(), m.project(), m.file_path()));
        }
        if (!l.next_page_token().isEmpty()) {
            out.append("(more: page_token=").append(l.next_page_token()).append(")\n");
        }
        return out.toString();
    }

    private static String signals(Map<String, Double> signals) {
        StringBuilder s = new StringBuilder();
        for (String name : new String[] { "single_responsibility", "pure_function", "clear_interface", "low_coupling",
                "generic_utility", "documentation" }) {
            Double v = signals.get(name);
            if (v != null) {
                s.append(s.length() == 0 ? "" : ", ").append(name).append(' ').append(two(v));
            }
        }
        return s.toString();
    }
}
