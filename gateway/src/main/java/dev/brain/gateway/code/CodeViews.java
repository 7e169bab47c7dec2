package dev.brain.gateway.code;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the code tools return as structured content (gateway.md §1, "Arguments and structured results"). */
public final class CodeViews {

    private CodeViews() {
    }

    /** A registered module as a search or list shows it (without source). */
    @RegisterForReflection
    public record ModuleView(long module_id, String name, String project, String file_path, String language,
            String module_type, String purpose, String signature, String category, double reusability_score,
            double confidence, int reuse_count) {
    }

    /** A module ranked for a purpose: {@code score} = relevance × (0.5 + 0.5·confidence). */
    @RegisterForReflection
    public record ModuleHit(long module_id, String name, double score, double relevance, String project,
            String file_path, String language, String purpose, String signature, double reusability_score) {
    }

    /** {@code searched} says what was searched, so an empty answer is never blank. */
    @RegisterForReflection
    public record Reusable(List<ModuleHit> modules, String searched, boolean semantic_skipped) {
    }

    /** A module similar to a source: kind exact, structural or semantic. */
    @RegisterForReflection
    public record SimilarView(long module_id, String name, String kind, double score, String project,
            String file_path) {
    }

    @RegisterForReflection
    public record Similarity(List<SimilarView> similar, boolean semantic_skipped) {
    }

    /** One module a registration produced (several when the file was split into functions). */
    @RegisterForReflection
    public record RegisteredModule(long module_id, String name, String module_type, double reusability_score,
            boolean reusable, Map<String, Double> signals, int start_line, int end_line, boolean created) {
    }

    /**
     * The answer of {@code brain_register_code}: the first module's id, score and signals at the top (the common
     * case is one module), every module in {@code modules}, and the similar modules found.
     */
    @RegisterForReflection
    public record Registration(long module_id, double reusability_score, Map<String, Double> signals,
            String granularity, String language, boolean reusable, List<RegisteredModule> modules,
            List<SimilarView> similar, boolean semantic_skipped) {
    }

    @RegisterForReflection
    public record ModuleList(List<ModuleView> modules, String next_page_token) {
    }
}
