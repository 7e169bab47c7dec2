package dev.brain.research.insight.analysis;

import static dev.brain.research.insight.Structs.obj;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.brain.grpc.v1.ChainSequence;
import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.FingerprintProject;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Synapse;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;

/**
 * Phase 3, synergies (research.md §1.2): code-module pairs with a {@code co_occurs} synapse ≥ synergyMinWeight (0.5);
 * project pairs where ≥ 2 solutions of A solve errors whose fingerprints occur unresolved in B; the same ordered
 * fingerprint sequence in ≥ 3 sessions → workflow synergy. All {@code synergy}, medium.
 */
public final class SynergyAnalysis {

    private SynergyAnalysis() {
    }

    /**
     * Module pairs (unordered, the strongest synapse) with co_occurs weight ≥ synergyMinWeight; confidence = weight (≤ 0.9).
     */
    public static List<InsightDraft> modulePairs(List<Synapse> synapses, AnalysisSettings s) {
        Map<String, Synapse> strongest = new TreeMap<>();
        for (Synapse syn : synapses) {
            if (syn.getType() != SynapseType.SYNAPSE_TYPE_CO_OCCURS || syn.getWeight() < s.synergyMinWeight()
                    || syn.getSource().getType() != NodeType.NODE_TYPE_CODE_MODULE
                    || syn.getTarget().getType() != NodeType.NODE_TYPE_CODE_MODULE
                    || syn.getSource().getId() == syn.getTarget().getId()) {
                continue;
            }
            long a = Math.min(syn.getSource().getId(), syn.getTarget().getId());
            long b = Math.max(syn.getSource().getId(), syn.getTarget().getId());
            strongest.merge(a + ":" + b, syn, (x, y) -> y.getWeight() > x.getWeight() ? y : x);
        }
        List<InsightDraft> drafts = new ArrayList<>();
        strongest.forEach((pair, syn) -> {
            long a = Math.min(syn.getSource().getId(), syn.getTarget().getId());
            long b = Math.max(syn.getSource().getId(), syn.getTarget().getId());
            String la = label(syn.getSource().getId() == a ? syn.getSourceLabel() : syn.getTargetLabel(), "module " + a);
            String lb = label(syn.getSource().getId() == b ? syn.getSourceLabel() : syn.getTargetLabel(), "module " + b);
            drafts.add(new InsightDraft(InsightKind.SYNERGY, "synergy:modules:" + pair,
                    "Modules used together: " + la + " + " + lb,
                    la + " and " + lb + " occur together (co_occurs weight " + round2(syn.getWeight())
                            + "): consider combining them into one reusable unit.",
                    obj().put("module_a", a).put("module_b", b).put("weight", syn.getWeight())
                            .put("synapse_id", syn.getId()).build(),
                    Math.min(0.9, syn.getWeight()), Priority.MEDIUM, false, null, List.of(),
                    List.of(Nodes.node(NodeType.NODE_TYPE_CODE_MODULE, a), Nodes.node(NodeType.NODE_TYPE_CODE_MODULE, b)),
                    List.of()));
        });
        return drafts;
    }

    /**
     * Ordered project pairs (A, B) where at least synergyMinSolutions distinct best solutions of A's resolved errors
     * match fingerprints unresolved in B; confidence {@code min(0.9, 0.5 + 0.1·solutions)}, actionable.
     */
    public static List<InsightDraft> projectPairs(List<CrossProjectFingerprint> fingerprints, Map<Long, String> names,
            AnalysisSettings s) {
        record Pair(long a, long b) {
        }
        Map<Pair, Set<Long>> solutions = new LinkedHashMap<>();
        Map<Pair, Set<Long>> targetErrors = new LinkedHashMap<>();
        Map<Pair, Set<String>> prints = new LinkedHashMap<>();
        for (CrossProjectFingerprint f : fingerprints) {
            for (FingerprintProject a : f.getProjectsList()) {
                if (!a.getResolved() || a.getBestSolutionId() <= 0) {
                    continue;
                }
                for (FingerprintProject b : f.getProjectsList()) {
                    if (b.getResolved() || b.getProjectId() == a.getProjectId()) {
                        continue;
                    }
                    Pair p = new Pair(a.getProjectId(), b.getProjectId());
                    solutions.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(a.getBestSolutionId());
                    targetErrors.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(b.getErrorId());
                    prints.computeIfAbsent(p, k -> new LinkedHashSet<>()).add(f.getFingerprint());
                }
            }
        }
        List<InsightDraft> drafts = new ArrayList<>();
        solutions.forEach((p, sol) -> {
            if (sol.size() < s.synergyMinSolutions()) {
                return;
            }
            String a = names.getOrDefault(p.a(), "project " + p.a());
            String b = names.getOrDefault(p.b(), "project " + p.b());
            String message = sol.size() + " solutions from " + a + " fix errors still open in " + b + ": apply them there.";
            List<NodeRef> nodes = new ArrayList<>(Nodes.nodes(NodeType.NODE_TYPE_SOLUTION, sol));
            nodes.addAll(Nodes.nodes(NodeType.NODE_TYPE_ERROR, targetErrors.get(p)));
            drafts.add(new InsightDraft(InsightKind.SYNERGY, "synergy:projects:" + p.a() + ":" + p.b(),
                    "Solutions of " + a + " can fix " + targetErrors.get(p).size() + " open errors in " + b, message,
                    obj().put("source_project_id", p.a()).put("target_project_id", p.b())
                            .putNumbers("solution_ids", sol).putNumbers("error_ids", targetErrors.get(p))
                            .putStrings("fingerprints", prints.get(p)).put("solutions", sol.size()).build(),
                    Math.min(0.9, 0.5 + 0.1 * sol.size()), Priority.MEDIUM, true,
                    obj().put("action", "apply_solutions").put("message", message).putNumbers("solution_ids", sol)
                            .putNumbers("error_ids", targetErrors.get(p)).build(),
                    List.of(p.a(), p.b()), nodes, List.of()));
        });
        return drafts;
    }

    /**
     * Ordered fingerprint sequences seen in at least workflowMinSessions sessions → a workflow synergy, confidence
     * {@code min(0.9, 0.5 + 0.1·sessions)}.
     */
    public static List<InsightDraft> workflows(List<ChainSequence> sequences, AnalysisSettings s) {
        List<InsightDraft> drafts = new ArrayList<>();
        for (ChainSequence q : sequences) {
            if (q.getSessionCount() < s.workflowMinSessions() || q.getFingerprintsCount() < 2) {
                continue;
            }
            String chain = String.join(" → ", q.getErrorTypesList().isEmpty() ? q.getFingerprintsList()
                    : q.getErrorTypesList());
            String message = "The error sequence " + chain + " recurred in " + q.getSessionCount()
                    + " sessions: fix the first step to prevent the rest.";
            drafts.add(new InsightDraft(InsightKind.SYNERGY, "synergy:workflow:" + String.join(">", q.getFingerprintsList()),
                    "Recurring workflow in " + q.getSessionCount() + " sessions: " + chain, message,
                    obj().putStrings("fingerprints", q.getFingerprintsList())
                            .putStrings("error_types", q.getErrorTypesList())
                            .put("sessions", q.getSessionCount()).putNumbers("error_ids", q.getErrorIdsList())
                            .putNumbers("project_ids", q.getProjectIdsList()).build(),
                    Math.min(0.9, 0.5 + 0.1 * q.getSessionCount()), Priority.MEDIUM, false, null,
                    q.getProjectIdsList(), Nodes.nodes(NodeType.NODE_TYPE_ERROR, q.getErrorIdsList()), List.of()));
        }
        return drafts;
    }

    static String label(String label, String fallback) {
        return label == null || label.isBlank() ? fallback : label;
    }

    static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
