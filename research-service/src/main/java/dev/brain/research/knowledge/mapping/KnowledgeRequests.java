package dev.brain.research.knowledge.mapping;

import static dev.brain.tenancy.BadInput.invalid;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.brain.grpc.v1.KnowledgeType;
import dev.brain.grpc.v1.ResearchQuery;
import dev.brain.grpc.v1.ResearchReport;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.Markdown;
import dev.brain.research.knowledge.files.ReportDocument;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.research.knowledge.service.KnowledgeSaves;

/**
 * Validation of KnowledgeService requests: a bad field is INVALID_ARGUMENT naming it. Text has NUL bytes stripped
 * (common.proto); single-line fields (topic, summary, headings) have their whitespace runs collapsed.
 */
public final class KnowledgeRequests {

    public static final int MAX_DISTILLATE_BYTES = 256 * 1024;
    public static final int MAX_REPORT_BYTES = 256 * 1024;
    public static final int MAX_QUERY_BYTES = 4 * 1024;
    public static final int MAX_TOPIC_CHARS = 300;
    public static final int MAX_SUMMARY_CHARS = 1000;
    public static final int MAX_KEYWORDS = 32;
    public static final int MAX_KEYWORD_CHARS = 100;
    public static final int MAX_ENTITY_IDS = 64;
    public static final int MAX_QUERIES = 200;
    public static final int MAX_HEADING_CHARS = 200;
    public static final int DEFAULT_LIMIT = 5;
    public static final int MAX_LIMIT = 20;

    private KnowledgeRequests() {
    }

    public static KnowledgeSaves.SaveCommand save(SaveResearchRequest r, String tenant) {
        KnowledgePair pair = KnowledgePair.of(r.getPair(), tenant);
        String topic = line(r.getTopic());
        if (topic.isEmpty()) {
            throw invalid("topic: required");
        }
        if (topic.length() > MAX_TOPIC_CHARS) {
            throw invalid("topic: at most " + MAX_TOPIC_CHARS + " characters");
        }
        Markdown.slug(topic);
        String distillate = clean(r.getDistillate());
        if (bytes(distillate) > MAX_DISTILLATE_BYTES) {
            throw invalid("distillate: at most 256 KiB of UTF-8");
        }
        if (!r.hasSalience()) {
            throw invalid("salience: required, in [0,1]");
        }
        if (!(r.getSalience() >= 0 && r.getSalience() <= 1)) {
            throw invalid("salience: must be in [0,1], got " + r.getSalience());
        }
        String status = switch (r.getStatus()) {
            case RESEARCH_STATUS_UNSPECIFIED -> null;
            case RESEARCH_STATUS_DEEP -> "deep";
            case RESEARCH_STATUS_SUPPLEMENT -> "supplement";
            case RESEARCH_STATUS_REPETITION -> "repetition";
            case RESEARCH_STATUS_FAILURE -> "failure";
            default -> throw invalid("status: unknown value " + r.getStatusValue());
        };
        String mode = switch (r.getMode()) {
            case RESEARCH_MODE_UNSPECIFIED, RESEARCH_MODE_RESEARCH -> "research";
            case RESEARCH_MODE_DEEPENING -> "deepening";
            case RESEARCH_MODE_DREAM -> "dream";
            case RESEARCH_MODE_CLARIFYING -> "clarifying";
            default -> throw invalid("mode: unknown value " + r.getModeValue());
        };
        String observer = switch (r.getObserver()) {
            case OBSERVER_UNSPECIFIED, OBSERVER_USER -> "user";
            case OBSERVER_ASSISTANT -> "assistant";
            default -> throw invalid("observer: unknown value " + r.getObserverValue());
        };
        String replace = line(r.getReplaceBlock());
        if (replace.length() > MAX_HEADING_CHARS) {
            throw invalid("replace_block: at most " + MAX_HEADING_CHARS + " characters");
        }
        String summary = line(r.getSummary());
        if (summary.length() > MAX_SUMMARY_CHARS) {
            throw invalid("summary: at most " + MAX_SUMMARY_CHARS + " characters");
        }
        if (r.getKeywordsCount() > MAX_KEYWORDS) {
            throw invalid("keywords: at most " + MAX_KEYWORDS);
        }
        List<String> keywords = new ArrayList<>();
        for (String k : r.getKeywordsList()) {
            String keyword = line(k);
            if (keyword.isEmpty() || keyword.length() > MAX_KEYWORD_CHARS) {
                throw invalid("keywords: each 1–" + MAX_KEYWORD_CHARS + " characters, not blank");
            }
            keywords.add(keyword);
        }
        if (r.getEntityIdsCount() > MAX_ENTITY_IDS) {
            throw invalid("entity_ids: at most " + MAX_ENTITY_IDS);
        }
        for (long id : r.getEntityIdsList()) {
            if (id <= 0) {
                throw invalid("entity_ids: ids must be positive");
            }
        }
        return new KnowledgeSaves.SaveCommand(tenant, pair, topic, distillate, status, r.getSalience(), mode, observer,
                replace, summary, keywords, r.getEntityIdsList(), report(r.getReport()));
    }

    static KnowledgeSaves.Report report(ResearchReport r) {
        String markdown = clean(r.getMarkdown());
        if (bytes(markdown) + bytes(r.getPriorKnowledge()) + bytes(r.getNotes()) > MAX_REPORT_BYTES) {
            throw invalid("report: at most 256 KiB of UTF-8 in markdown, prior_knowledge and notes");
        }
        if (r.getDurationMs() < 0) {
            throw invalid("report.duration_ms: must not be negative");
        }
        if (r.getQueriesCount() > MAX_QUERIES || r.getChecksCount() > MAX_QUERIES) {
            throw invalid("report.queries / report.checks: at most " + MAX_QUERIES + " each");
        }
        List<ReportDocument.Query> queries = new ArrayList<>();
        for (ResearchQuery q : r.getQueriesList()) {
            if (q.getHits() < 0 || q.getRelevant() < 0) {
                throw invalid("report.queries: hits and relevant must not be negative");
            }
            queries.add(new ReportDocument.Query(clean(q.getQuery()), q.getHits(), q.getRelevant(), clean(q.getNewInfo())));
        }
        return new KnowledgeSaves.Report(markdown, r.getDurationMs(), line(r.getTrigger()), clean(r.getPriorKnowledge()),
                queries, r.getChecksList().stream().map(KnowledgeRequests::clean).toList(), clean(r.getNotes()));
    }

    /** The query, checked: required, ≤ 4 KiB. */
    public static String query(SearchKnowledgeRequest r) {
        String query = clean(r.getQuery()).strip();
        if (query.isEmpty()) {
            throw invalid("query: required");
        }
        if (bytes(query) > MAX_QUERY_BYTES) {
            throw invalid("query: at most 4 KiB of UTF-8");
        }
        return query;
    }

    /** 0 → 5; at most 20; negative → INVALID_ARGUMENT. */
    public static int limit(int limit) {
        if (limit < 0) {
            throw invalid("limit: must not be negative");
        }
        return limit == 0 ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT);
    }

    /** UNSPECIFIED = knowledge files. */
    public static String type(KnowledgeType type) {
        return switch (type) {
            case KNOWLEDGE_TYPE_UNSPECIFIED, KNOWLEDGE_TYPE_KNOWLEDGE -> KnowledgeRow.KNOWLEDGE;
            case KNOWLEDGE_TYPE_REPORT -> KnowledgeRow.REPORT;
            default -> throw invalid("type: unknown value");
        };
    }

    public static String heading(String heading) {
        String h = line(heading);
        if (h.isEmpty()) {
            throw invalid("heading: required");
        }
        if (h.length() > MAX_HEADING_CHARS) {
            throw invalid("heading: at most " + MAX_HEADING_CHARS + " characters");
        }
        return h;
    }

    public static long id(long id) {
        if (id <= 0) {
            throw invalid("id: a positive entry id required");
        }
        return id;
    }

    static String clean(String text) {
        return text.replace("\u0000", "");
    }

    static String line(String text) {
        return clean(text).replaceAll("\\s+", " ").strip();
    }

    static int bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

}
