package dev.brain.research.insight.analysis;

import static dev.brain.research.insight.Structs.obj;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.brain.grpc.v1.ModuleCapability;
import dev.brain.grpc.v1.NodeType;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;

/**
 * Phase 5, project suggestions (research.md §1.2): the tenant's module capabilities (categories and labels) checked
 * against the catalogue of project templates — coverage ≥ projectMinCoverage (0.5) → {@code project_suggestion}
 * (low, confidence = min(0.9, coverage)); and recurring pain points — the same gap seen in ≥ toolIdeaMinWeeks (3)
 * distinct weeks → a tool idea ({@code project_suggestion} medium, confidence {@code min(0.9, 0.5 + 0.1·weeks)}).
 */
public final class ProjectSuggestionAnalysis {

    /** Module ids listed per covered capability, at most. */
    static final int MAX_MODULES = 50;

    private ProjectSuggestionAnalysis() {
    }

    /** A gap insight as the tool-idea check sees it: its id, key, title and the weeks it was seen in. */
    public record GapWeeks(long insightId, String dedupKey, String title, List<String> weeks, List<Long> affectedProjects) {
    }

    public static List<InsightDraft> fromCatalogue(List<ModuleCapability> capabilities, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (Map.Entry<String, List<String>> template : s.projectTemplates().entrySet()) {
            List<String> required = template.getValue();
            if (required.isEmpty()) {
                continue;
            }
            List<String> covered = new ArrayList<>();
            Set<Long> modules = new LinkedHashSet<>();
            Set<Long> projects = new LinkedHashSet<>();
            for (String capability : required) {
                List<ModuleCapability> matching = capabilities.stream()
                        .filter(c -> c.getName().equalsIgnoreCase(capability) && c.getModuleIdsCount() > 0).toList();
                if (!matching.isEmpty()) {
                    covered.add(capability);
                    matching.forEach(c -> {
                        c.getModuleIdsList().forEach(m -> {
                            if (modules.size() < MAX_MODULES) {
                                modules.add(m);
                            }
                        });
                        projects.addAll(c.getProjectIdsList());
                    });
                }
            }
            double coverage = (double) covered.size() / required.size();
            if (coverage < s.projectMinCoverage()) {
                continue;
            }
            List<String> missing = required.stream().filter(c -> !covered.contains(c)).toList();
            String name = template.getKey();
            String message = "Your modules cover " + covered.size() + " of " + required.size() + " capabilities of a "
                    + name + (missing.isEmpty() ? "" : " (missing: " + String.join(", ", missing) + ")")
                    + ": a new " + name + " project could start from them.";
            drafts.add(new InsightDraft(InsightKind.PROJECT_SUGGESTION, "project:template:" + name,
                    "Project idea: " + name + " (" + Math.round(coverage * 100) + " % of its capabilities covered)",
                    message,
                    obj().put("template", name).putStrings("capabilities", required).putStrings("covered", covered)
                            .putStrings("missing", missing).put("coverage", coverage)
                            .putNumbers("module_ids", modules).build(),
                    Math.min(0.9, coverage), Priority.LOW, true,
                    obj().put("action", "start_project").put("message", message).put("template", name)
                            .putStrings("missing", missing).build(),
                    List.copyOf(projects), Nodes.nodes(NodeType.NODE_TYPE_CODE_MODULE, modules), List.of()));
        }
        return drafts;
    }

    public static List<InsightDraft> toolIdeas(List<GapWeeks> gaps, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (GapWeeks g : gaps) {
            List<String> weeks = g.weeks().stream().distinct().sorted().toList();
            if (weeks.size() < s.toolIdeaMinWeeks()) {
                continue;
            }
            String message = "This gap has recurred in " + weeks.size() + " different weeks: a small tool or check"
                    + " that removes it would pay off.";
            drafts.add(new InsightDraft(InsightKind.PROJECT_SUGGESTION, "project:tool-idea:" + g.dedupKey(),
                    "Tool idea: " + g.title(), message,
                    obj().put("gap_insight_id", g.insightId()).put("gap", g.dedupKey()).putStrings("weeks_seen", weeks)
                            .put("weeks", weeks.size()).build(),
                    Math.min(0.9, 0.5 + 0.1 * weeks.size()), Priority.MEDIUM, true,
                    obj().put("action", "build_tool").put("message", message).put("gap_insight_id", g.insightId()).build(),
                    g.affectedProjects(), List.of(Nodes.node(NodeType.NODE_TYPE_INSIGHT, g.insightId())), List.of()));
        }
        return drafts;
    }
}
