package dev.brain.research.knowledge.files;

import java.util.List;

/**
 * A report file (research.md §2.1, the <em>how</em>): always a new file per run. Title, header (type, topic, user
 * and agent id, for whom, date, duration, trigger, status, mode, salience, knowledge file), then the sections
 * prior knowledge, queries (a table: query | hits | relevant | new info), checks and notes, and last the caller's
 * markdown under {@code ## Report} (its level 1–2 headings demoted). Empty sections are left out.
 */
public final class ReportDocument {

    /** One row of the queries table. */
    public record Query(String query, int hits, int relevant, String newInfo) {
    }

    /** What a report holds. */
    public record Content(String topic, String userId, String agentId, String observer, String dateTime,
            long durationMs, String trigger, String status, String mode, double salience, String knowledgeFile,
            String priorKnowledge, List<Query> queries, List<String> checks, String notes, String markdown) {
    }

    private ReportDocument() {
    }

    public static String render(Content c) {
        StringBuilder out = new StringBuilder("# Report: ").append(c.topic()).append("\n\n");
        field(out, KnowledgeDocument.TOPIC, c.topic());
        field(out, KnowledgeDocument.TYPE, "report");
        field(out, KnowledgeDocument.USER, c.userId());
        field(out, KnowledgeDocument.AGENT, c.agentId());
        field(out, KnowledgeDocument.FOR, c.observer());
        field(out, "Date", c.dateTime());
        field(out, "Duration", c.durationMs() + " ms");
        field(out, "Trigger", c.trigger().isBlank() ? "unspecified" : Markdown.oneLine(c.trigger(), 100));
        field(out, KnowledgeDocument.STATUS, c.status());
        field(out, KnowledgeDocument.MODE, c.mode());
        field(out, KnowledgeDocument.SALIENCE, Double.toString(c.salience()));
        field(out, "Knowledge file", c.knowledgeFile().isEmpty() ? "none"
                : "[" + c.knowledgeFile() + "](" + c.knowledgeFile() + ")");
        section(out, "Prior knowledge", c.priorKnowledge());
        if (!c.queries().isEmpty()) {
            StringBuilder table = new StringBuilder("| query | hits | relevant | new info |\n|---|---|---|---|");
            for (Query q : c.queries()) {
                table.append("\n| ").append(cell(q.query())).append(" | ").append(q.hits()).append(" | ")
                        .append(q.relevant()).append(" | ").append(cell(q.newInfo())).append(" |");
            }
            section(out, "Queries", table.toString());
        }
        if (!c.checks().isEmpty()) {
            StringBuilder checks = new StringBuilder();
            c.checks().forEach(check -> checks.append(checks.length() == 0 ? "" : "\n").append("- ")
                    .append(Markdown.oneLine(check, 1000)));
            section(out, "Checks", checks.toString());
        }
        section(out, "Notes", c.notes());
        section(out, "Report", c.markdown());
        return out.toString();
    }

    private static void field(StringBuilder out, String key, String value) {
        out.append("**").append(key).append(":** ").append(Markdown.oneLine(value, 500)).append('\n');
    }

    private static void section(StringBuilder out, String heading, String text) {
        if (text != null && !text.isBlank()) {
            out.append("\n## ").append(heading).append("\n\n").append(Markdown.demote(text).strip()).append('\n');
        }
    }

    private static String cell(String text) {
        return Markdown.oneLine(text, 500).replace("|", "\\|");
    }
}
