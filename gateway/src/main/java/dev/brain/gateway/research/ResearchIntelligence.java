package dev.brain.gateway.research;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.ProtocolMessageEnum;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.client.ResearchServiceClient;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.memory.AgentMemory;
import dev.brain.gateway.research.ResearchViews.InsightDetail;
import dev.brain.gateway.research.ResearchViews.InsightView;
import dev.brain.gateway.research.ResearchViews.Insights;
import dev.brain.gateway.research.ResearchViews.ProjectTrendView;
import dev.brain.gateway.research.ResearchViews.SuggestionView;
import dev.brain.gateway.research.ResearchViews.Suggestions;
import dev.brain.gateway.research.ResearchViews.Trends;
import dev.brain.grpc.v1.GetInsightRequest;
import dev.brain.grpc.v1.Insight;
import dev.brain.grpc.v1.InsightPriority;
import dev.brain.grpc.v1.InsightStatus;
import dev.brain.grpc.v1.InsightType;
import dev.brain.grpc.v1.ListInsightsRequest;
import dev.brain.grpc.v1.ProjectTrend;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SuggestRequest;
import dev.brain.grpc.v1.Suggestion;
import dev.brain.grpc.v1.TrendsRequest;
import dev.brain.grpc.v1.TrendsResponse;
import dev.brain.grpc.v1.UpdateInsightStatusRequest;
import dev.brain.wire.WireNames;
import io.smallrye.mutiny.Uni;

/**
 * The Research Brain for a caller (research.md §1): validates the arguments (a one-line reason naming the field),
 * calls research-service's {@code ResearchService} and turns its answers into the views the tools and REST return.
 */
@ApplicationScoped
public class ResearchIntelligence {

    static final int DEFAULT_LIMIT = 20;
    static final int MAX_LIMIT = 100;
    static final int DEFAULT_SUGGESTIONS = 5;
    static final int MAX_SUGGESTIONS = 50;
    static final int MAX_CONTEXT_BYTES = 4096;
    static final int MAX_WINDOW_DAYS = 365;

    private final ResearchServiceClient research;

    public ResearchIntelligence(ResearchServiceClient research) {
        this.research = research;
    }

    /** brain_insights: the tenant's insights by type (comma-separated, empty = all), minimum priority and status. */
    public Uni<Insights> insights(String tenant, String type, String minPriority, String status, Integer limit,
            String project) {
        return insights(tenant, type, minPriority, status, limit, project, null);
    }

    /** The same, from {@code pageToken} on (the {@code next_page_token} of the page before). */
    public Uni<Insights> insights(String tenant, String type, String minPriority, String status, Integer limit,
            String project, String pageToken) {
        List<InsightType> types = types(type);
        InsightPriority priority = priority(minPriority);
        InsightStatus wanted = status(status, "status", InsightStatus.INSIGHT_STATUS_ACTIVE);
        int l = limit(limit, DEFAULT_LIMIT, MAX_LIMIT);
        String name = ErrorInputs.project(project, null);
        ListInsightsRequest request = ListInsightsRequest.newBuilder().setScope(scope(name)).addAllTypes(types)
                .setMinPriority(priority).setStatus(wanted).setLimit(l)
                .setPageToken(pageToken == null ? "" : pageToken.strip()).build();
        String searched = "the " + ResearchProtos.name(wanted) + " insights of tenant " + tenant
                + (name == null ? "" : " about project " + name)
                + " (" + (types.isEmpty() ? "all types"
                        : "type " + types.stream()
                                .map(ResearchProtos::name).collect(Collectors.joining(", ")))
                + ", priority ≥ " + ResearchProtos.name(priority) + ")";
        return research.listInsights(tenant, request).map(r -> new Insights(
                r.getInsightsList().stream().map(ResearchIntelligence::view).toList(), searched, r.getNextPageToken()));
    }

    /** One insight of the tenant with its evidence. */
    public Uni<InsightDetail> insight(String tenant, long id) {
        return research.getInsight(tenant, GetInsightRequest.newBuilder().setId(id(id)).build())
                .map(r -> detail(r.getInsight()));
    }

    /** Moves an insight forward: acknowledged, acted_upon, dismissed (or expired); backwards is refused by the service. */
    public Uni<InsightDetail> updateStatus(String tenant, long id, ResearchInputs.StatusChange change) {
        if (change == null) {
            throw new IllegalArgumentException("body: a JSON object with status is required");
        }
        InsightStatus status = status(ErrorInputs.required("status", change.status()), "status", null);
        UpdateInsightStatusRequest.Builder request = UpdateInsightStatusRequest.newBuilder().setId(id(id)).setStatus(status);
        if (change.outcome() != null && !change.outcome().isBlank()) {
            request.setOutcome(change.outcome().strip());
        }
        if (change.action_taken() != null) {
            request.setActionTaken(change.action_taken());
        }
        return research.updateInsightStatus(tenant, request.build()).map(r -> detail(r.getInsight()));
    }

    /** brain_suggest: active insights and the pair's library entries ranked for what the caller is about to do. */
    public Uni<Suggestions> suggest(Caller caller, String context, Integer limit, String agent) {
        String tenant = caller.tenant();
        String text = ErrorInputs.required("context", context).strip();
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_CONTEXT_BYTES) {
            throw new IllegalArgumentException("context: " + bytes + " bytes, at most " + MAX_CONTEXT_BYTES + " (4 KiB)");
        }
        SuggestRequest request = SuggestRequest.newBuilder().setContext(text)
                .setLimit(limit(limit, DEFAULT_SUGGESTIONS, MAX_SUGGESTIONS)).setPair(AgentMemory.pair(caller, agent)).build();
        return research.suggest(tenant, request).map(r -> new Suggestions(text,
                r.getSuggestionsList().stream().map(ResearchIntelligence::suggestion).toList(), r.getSemanticSkipped()));
    }

    /** Error trends per project: the last window vs the one before, and the solution success rates. */
    public Uni<Trends> trends(String tenant, String project, Integer windowDays) {
        int days = windowDays == null ? 0 : windowDays;
        if (days < 0 || days > MAX_WINDOW_DAYS) {
            throw new IllegalArgumentException("window_days: must be 1-" + MAX_WINDOW_DAYS + " (omit for 7), was " + days);
        }
        TrendsRequest request = TrendsRequest.newBuilder().setScope(scope(ErrorInputs.project(project, null)))
                .setWindowDays(days).build();
        return research.trends(tenant, request).map(ResearchIntelligence::trends);
    }

    // ---- arguments ------------------------------------------------------------------------------------------

    static Scope scope(String project) {
        return project == null ? Scope.getDefaultInstance() : Scope.newBuilder().setProject(project).build();
    }

    static int limit(Integer limit, int dflt, int max) {
        int l = limit == null ? dflt : limit;
        if (l < 1 || l > max) {
            throw new IllegalArgumentException("limit: must be 1-" + max + ", was " + l);
        }
        return l;
    }

    static long id(long id) {
        if (id <= 0) {
            throw new IllegalArgumentException("id: must be a positive insight id, was " + id);
        }
        return id;
    }

    /** "gap", "template_candidate", "Template-Candidate,trend" → the types; blank → all. */
    static List<InsightType> types(String type) {
        List<InsightType> types = new ArrayList<>();
        if (type == null || type.isBlank()) {
            return types;
        }
        for (String part : type.split(",")) {
            if (!part.isBlank()) {
                types.add(parse(InsightType.class, "type", part));
            }
        }
        return types;
    }

    /** low (default), medium, high, critical. */
    static InsightPriority priority(String priority) {
        if (priority == null || priority.isBlank()) {
            return InsightPriority.INSIGHT_PRIORITY_LOW;
        }
        return parse(InsightPriority.class, "min_priority", priority);
    }

    /** active, acknowledged, acted_upon, dismissed, expired; blank → {@code dflt} (null: required). */
    static InsightStatus status(String status, String field, InsightStatus dflt) {
        if (status == null || status.isBlank()) {
            if (dflt == null) {
                throw new IllegalArgumentException(field + ": is required");
            }
            return dflt;
        }
        return parse(InsightStatus.class, field, status);
    }

    /** A lower-case name ('-' or '_', any case) of a proto enum, never UNSPECIFIED; else a line naming the field. */
    static <E extends Enum<E> & ProtocolMessageEnum> E parse(Class<E> type, String field, String value) {
        E e = WireNames.parse(type, value.strip().replace('-', '_'));
        if (e == null || unspecified(e)) {
            throw new IllegalArgumentException(field + ": '" + value.strip() + "' is not one of " + names(type));
        }
        return e;
    }

    /** The names {@link #parse} takes, in the enum's order. */
    static <E extends Enum<E> & ProtocolMessageEnum> String names(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).filter(e -> !"UNRECOGNIZED".equals(e.name()) && !unspecified(e))
                .map(WireNames::of).collect(Collectors.joining(", "));
    }

    private static boolean unspecified(ProtocolMessageEnum value) {
        return "UNSPECIFIED".equals(WireNames.constant(value));
    }

    // ---- answers --------------------------------------------------------------------------------------------

    static InsightView view(Insight i) {
        return new InsightView(i.getId(), ResearchProtos.name(i.getType()), i.getTitle(),
                ResearchProtos.name(i.getPriority()), i.getConfidence(), i.getActionable(),
                ResearchProtos.name(i.getStatus()), i.getDescription(), i.getAffectedProjectsList(),
                ResearchProtos.instant(i.hasUpdatedAt(), i.getUpdatedAt()));
    }

    static InsightDetail detail(Insight i) {
        return new InsightDetail(i.getId(), ResearchProtos.name(i.getType()), i.getTitle(),
                i.getDescription(), ResearchProtos.name(i.getPriority()), i.getConfidence(),
                i.getActionable(), ResearchProtos.name(i.getStatus()),
                ResearchProtos.map(i.hasEvidence(), i.getEvidence()),
                ResearchProtos.map(i.hasSuggestedAction(), i.getSuggestedAction()),
                i.hasActionTaken() ? i.getActionTaken() : null, i.getActionOutcome(), i.getAffectedProjectsList(),
                i.getDedupKey(), ResearchProtos.instant(i.hasCreatedAt(), i.getCreatedAt()),
                ResearchProtos.instant(i.hasUpdatedAt(), i.getUpdatedAt()),
                ResearchProtos.instant(i.hasExpiresAt(), i.getExpiresAt()));
    }

    static SuggestionView suggestion(Suggestion s) {
        return new SuggestionView(ResearchProtos.name(s.getKind()), s.getId(), s.getTitle(),
                s.getReason(), s.getScore(), s.getPath().isEmpty() ? null : s.getPath());
    }

    static Trends trends(TrendsResponse r) {
        List<ProjectTrendView> projects = r.getProjectsList().stream().map(ResearchIntelligence::trend).toList();
        return new Trends(ResearchProtos.instant(r.hasWindowStart(), r.getWindowStart()),
                ResearchProtos.instant(r.hasWindowEnd(), r.getWindowEnd()), projects, r.getRecentSuccessRate(),
                r.getOverallSuccessRate(), r.getSuccessRateDeclining());
    }

    private static ProjectTrendView trend(ProjectTrend p) {
        return new ProjectTrendView(p.getProjectId(), p.getProject(), p.getCurrent(), p.getPrevious(),
                p.hasChange() ? p.getChange() : null, ResearchProtos.name(p.getDirection()),
                p.getNewErrors());
    }
}
