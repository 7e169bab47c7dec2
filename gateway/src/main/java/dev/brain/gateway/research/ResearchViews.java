package dev.brain.gateway.research;

import java.util.List;
import java.util.Map;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the research and knowledge tools return as structured content (gateway.md §1, "Arguments and structured results"). */
public final class ResearchViews {

    private ResearchViews() {
    }

    // ---- insights -------------------------------------------------------------------------------------------

    /** An insight as a list shows it; type, priority and status are the lower-case names of research.md §1.1. */
    @RegisterForReflection
    public record InsightView(long insight_id, String type, String title, String priority, double confidence,
            boolean actionable, String status, String description, List<Long> affected_projects, String updated_at) {
    }

    /** {@code searched} says what was listed, so an empty answer is never blank. */
    @RegisterForReflection
    public record Insights(List<InsightView> insights, String searched, String next_page_token) {
    }

    /** One insight with its evidence and suggested action. */
    @RegisterForReflection
    public record InsightDetail(long insight_id, String type, String title, String description, String priority,
            double confidence, boolean actionable, String status, Map<String, Object> evidence,
            Map<String, Object> suggested_action, Boolean action_taken, String action_outcome,
            List<Long> affected_projects, String dedup_key, String created_at, String updated_at, String expires_at) {
    }

    /** kind {@code insight} (id = insight id) or {@code knowledge} (id = library entry id, with its path). */
    @RegisterForReflection
    public record SuggestionView(String kind, long id, String title, String reason, double score, String path) {
    }

    @RegisterForReflection
    public record Suggestions(String context, List<SuggestionView> suggestions, boolean semantic_skipped) {
    }

    /** One project's error trend; {@code change} is null when the window before had no errors. */
    @RegisterForReflection
    public record ProjectTrendView(long project_id, String project, long current, long previous, Double change,
            String direction, long new_errors) {
    }

    @RegisterForReflection
    public record Trends(String window_start, String window_end, List<ProjectTrendView> projects,
            double recent_success_rate, double overall_success_rate, boolean success_rate_declining) {
    }

    // ---- knowledge library ----------------------------------------------------------------------------------

    /** How much a library search looked at: entries searched, the nearest cosine (null when none was scored). */
    @RegisterForReflection
    public record Footprint(long searched, Double nearest, double threshold, String scope) {
    }

    /** A stage-1 hit: metadata only, not the file's text. */
    @RegisterForReflection
    public record KnowledgeHitView(long entry_id, String topic, String summary, String path, double score,
            Double cosine, boolean stage2_recommended, double weight) {
    }

    /** {@code stage} is always 1: metadata (topic, summary, path), never the full text. */
    @RegisterForReflection
    public record KnowledgeSearch(int stage, String query, String pair, List<KnowledgeHitView> entries,
            Footprint footprint, boolean semantic_skipped) {
    }

    @RegisterForReflection
    public record BlockInfo(String heading, int level, int chars) {
    }

    /** Stage 2, a file's block structure (headings in file order). */
    @RegisterForReflection
    public record Structure(int stage, String path, String title, String version, List<BlockInfo> blocks) {
    }

    @RegisterForReflection
    public record Block(String heading, String text) {
    }

    /** Stage 2, one block's text. */
    @RegisterForReflection
    public record BlockRead(int stage, String path, Block block) {
    }

    /** The answer of knowledge_save: the gate's status, the files written and the topic's index line. */
    @RegisterForReflection
    public record Saved(String status, String knowledge_path, String report_path, String index_line, Long entry_id,
            boolean created, String version, Long memory_entry_id, String pair) {
    }

    /** A library entry after deactivate / reactivate. */
    @RegisterForReflection
    public record EntryView(long entry_id, String topic, String path, String type, String status, boolean active,
            double weight, int frequency, String version) {
    }
}
