package dev.brain.research.insight.analysis;

import static dev.brain.research.insight.Structs.obj;

import java.util.ArrayList;
import java.util.List;

import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.NodeType;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;

/**
 * Phase 4, templates (research.md §1.2): module groups with ≥ templateMinAdaptations (3) adapted variants in
 * different projects and a common-structure similarity ≥ 0.6 → {@code template_candidate} (medium, actionable,
 * confidence = the group's mean similarity, ≤ 0.95). The common part is the best module, the variable parts the
 * other variants; the insight generalizes every module of the group.
 */
public final class TemplateAnalysis {

    private TemplateAnalysis() {
    }

    public static List<InsightDraft> candidates(List<ModuleAdaptationGroup> groups, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (ModuleAdaptationGroup g : groups) {
            long projects = g.getProjectIdsList().stream().distinct().count();
            if (g.getAdaptationCount() < s.templateMinAdaptations() || projects < s.templateMinAdaptations()
                    || g.getMinScore() < s.templateMinSimilarity() || g.getModuleIdsCount() < 2) {
                continue;
            }
            List<Long> modules = g.getModuleIdsList().stream().sorted().toList();
            long best = g.getBestModuleId() > 0 ? g.getBestModuleId() : modules.get(0);
            List<Long> variable = modules.stream().filter(m -> m != best).toList();
            String message = g.getAdaptationCount() + " adapted variants of module " + best + " in " + projects
                    + " projects: extract a template with the common part and parameters for the variable parts.";
            drafts.add(new InsightDraft(InsightKind.TEMPLATE_CANDIDATE,
                    "template:modules:" + String.join(",", modules.stream().map(String::valueOf).toList()),
                    "Template candidate: " + modules.size() + " variants adapted " + g.getAdaptationCount()
                            + " times in " + projects + " projects",
                    message,
                    obj().putNumbers("module_ids", modules).putNumbers("project_ids", g.getProjectIdsList())
                            .put("adaptation_count", g.getAdaptationCount()).put("min_similarity", g.getMinScore())
                            .put("mean_similarity", g.getMeanScore())
                            .put("common", obj().put("base_module_id", best).put("similarity", g.getMinScore()).build())
                            .put("variable", obj().putNumbers("module_ids", variable).build()).build(),
                    Math.min(0.95, g.getMeanScore()), Priority.MEDIUM, true,
                    obj().put("action", "extract_template").put("message", message).put("base_module_id", best)
                            .putNumbers("module_ids", modules).build(),
                    g.getProjectIdsList().stream().distinct().toList(),
                    Nodes.nodes(NodeType.NODE_TYPE_CODE_MODULE, modules),
                    Nodes.nodes(NodeType.NODE_TYPE_CODE_MODULE, modules)));
        }
        return drafts;
    }
}
