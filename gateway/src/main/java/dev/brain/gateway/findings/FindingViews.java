package dev.brain.gateway.findings;

import java.util.List;

import io.quarkus.runtime.annotations.RegisterForReflection;

/** What the findings tools and REST return as structured content (gateway.md §1). */
public final class FindingViews {

    private FindingViews() {
    }

    /** The fields of a save besides the slug (a REST body uses the same snake_case names). */
    @RegisterForReflection
    public record FindingInput(String title, String body, String hook, String scope, String source_task,
            String verified_against) {
    }

    /**
     * A saved finding: {@code created} false when an existing slug was overwritten; {@code count} and {@code chars}
     * are the project's findings and index size after the save; {@code warning} is the warnings in one line, or null.
     */
    @RegisterForReflection
    public record SavedFinding(String project, String slug, boolean created, int count, int chars, String warning,
            List<String> warnings, String title, String hook) {
    }

    /** The project's index: {@code slug — title — hook} by slug, their count and size in characters. */
    @RegisterForReflection
    public record FindingsIndex(String project, List<String> lines, int count, int chars) {
    }

    @RegisterForReflection
    public record FindingView(String project, String slug, String title, String hook, String body, String scope,
            String source_task, String verified_against, String updated_session, String created_at,
            String updated_at) {
    }

    @RegisterForReflection
    public record DeletedFinding(String project, String slug, int count) {
    }

    /** One file of an export, relative to the repository's {@code .brain/}. */
    @RegisterForReflection
    public record ExportedFile(String path, String content) {
    }

    /** What {@code ./brain findings sync} writes: {@code INDEX.md}, then {@code traps/<slug>.md} by slug. */
    @RegisterForReflection
    public record FindingsExport(String project, List<ExportedFile> files, List<String> slugs) {
    }
}
