package dev.brain.research.insight;

import static dev.brain.tenancy.BadInput.invalid;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;

import dev.brain.db.Page;
import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.Suggestion;
import dev.brain.research.clients.MemoryServices;
import dev.brain.research.config.ResearchConfig;
import dev.brain.research.insight.analysis.AnalysisSettings;
import dev.brain.research.insight.repository.InsightRepository;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/** Reading insights, moving them through their lifecycle, and suggesting them (research.md §1, §3). */
@ApplicationScoped
public class InsightService {

    /** One page of {@link #list}. */
    public record InsightPage(List<Insight> insights, String nextPageToken) {
    }

    /** Suggest's answer: the ranked suggestions and whether embedding the context failed. */
    public record Suggestions(List<Suggestion> suggestions, boolean semanticSkipped) {
    }

    static final int MAX_CONTEXT_CHARS = 8000;

    private final InsightRepository insights;
    private final ProjectNames projects;
    private final MemoryServices memory;
    private final Trends trends;
    private final Instance<LibrarySuggestions> library;
    private final ResearchConfig config;
    private final Clock clock;

    public InsightService(InsightRepository insights, ProjectNames projects, MemoryServices memory, Trends trends,
            Instance<LibrarySuggestions> library, ResearchConfig config, Clock clock) {
        this.insights = insights;
        this.projects = projects;
        this.memory = memory;
        this.trends = trends;
        this.library = library;
        this.config = config;
        this.clock = clock;
    }

    /**
     * The tenant's insights in one status, by priority desc, confidence desc, updated_at desc; {@code project}
     * (a name, may be empty) keeps those whose affected_projects contain it. limit 0 = 20, at most 100.
     */
    public InsightPage list(String tenant, String project, List<InsightKind> kinds, Priority minPriority,
            InsightState state, int limit, String pageToken) {
        if (limit < 0) {
            throw invalid("limit must be ≥ 0, got " + limit);
        }
        int offset;
        try {
            offset = Page.offset(pageToken);
        } catch (IllegalArgumentException e) {
            throw invalid("page_token is not valid");
        }
        Page page = new Page(limit == 0 ? 20 : Math.min(limit, 100), offset);
        long projectId = 0;
        if (project != null && !project.isEmpty()) {
            projectId = projects.idOf(tenant, project);
            if (projectId == 0) {
                return new InsightPage(List.of(), "");
            }
        }
        Log.debugf("list insights of %s: %s %s %s project %s", tenant, kinds, minPriority, state, project);
        List<Insight> fetched = insights.list(tenant,
                new InsightRepository.Filter(kinds, minPriority, state, projectId), page.offset(), page.fetch());
        return new InsightPage(page.rows(fetched), page.nextToken(fetched.size()));
    }

    /** The tenant's insight; NOT_FOUND also for another tenant's id. */
    public Insight get(String tenant, long id) {
        if (id <= 0) {
            throw invalid("id must be > 0, got " + id);
        }
        return insights.find(tenant, id).orElseThrow(() -> Status.NOT_FOUND
                .withDescription("id " + id + ": no such insight").asRuntimeException());
    }

    /**
     * Moves an insight forward: active → acknowledged → acted_upon, active | acknowledged → dismissed (the same
     * status again only updates outcome / action_taken); backward → FAILED_PRECONDITION. ACTED_UPON sets
     * action_taken = true unless given.
     */
    public Insight updateStatus(String tenant, long id, InsightState target, String outcome, Boolean actionTaken) {
        if (target == null) {
            throw invalid("status is required (ACKNOWLEDGED, ACTED_UPON or DISMISSED)");
        }
        if (target == InsightState.EXPIRED) {
            throw invalid("status EXPIRED is set by the research cycle only");
        }
        Insight insight = get(tenant, id);
        if (!insight.state().mayMoveTo(target)) {
            throw Status.FAILED_PRECONDITION.withDescription("status: insight " + id + " is " + insight.state().db()
                    + ", it cannot move back or on to " + target.db()).asRuntimeException();
        }
        Boolean taken = actionTaken != null ? actionTaken : target == InsightState.ACTED_UPON ? Boolean.TRUE : null;
        insights.updateState(id, target, taken, outcome == null || outcome.isEmpty() ? null : outcome, clock.instant());
        Log.debugf("insight %d of %s: %s → %s", id, tenant, insight.state().db(), target.db());
        return get(tenant, id);
    }

    /**
     * Ranks the tenant's active insights — and, with a pair, the pair's library entries — for {@code context}
     * (see {@link SuggestRanking}); limit 0 = 5, at most 50.
     */
    public Suggestions suggest(String tenant, String rawContext, int limit, Pair pair) {
        // NUL bytes stripped as from every text the services store or search (PostgreSQL's text cannot hold them)
        String context = rawContext == null ? null : rawContext.replace("\u0000", "");
        if (context == null || context.isBlank()) {
            throw invalid("context is required");
        }
        if (limit < 0) {
            throw invalid("limit must be ≥ 0, got " + limit);
        }
        int n = limit == 0 ? 5 : Math.min(limit, 50);
        float[] vector = null;
        try {
            String text = context.length() > MAX_CONTEXT_CHARS ? context.substring(0, MAX_CONTEXT_CHARS) : context;
            var embedded = memory.embeddings(tenant).embed(EmbedRequest.newBuilder().addTexts(text).build());
            if (embedded.getVectorsCount() == 1) {
                List<Float> values = embedded.getVectors(0).getValuesList();
                vector = new float[values.size()];
                for (int k = 0; k < vector.length; k++) {
                    vector[k] = values.get(k);
                }
            }
        } catch (StatusRuntimeException e) {
            Log.warnf("suggest for %s: embedding the context failed (%s), ranking lexically", tenant, e.getStatus());
        }
        List<Suggestion> all = new ArrayList<>(SuggestRanking.rank(insights.activeWithEmbeddings(tenant), context, vector));
        boolean hasPair = pair != null && (!pair.getUserId().isEmpty() || !pair.getAgentId().isEmpty());
        if (hasPair && library.isResolvable()) {
            all.addAll(library.get().suggest(pair, context, vector, n));
        }
        all.sort(Comparator.comparingDouble(Suggestion::getScore).reversed());
        return new Suggestions(List.copyOf(all.subList(0, Math.min(n, all.size()))), vector == null);
    }

    /** Trends of the tenant (or one project by name) over windows of {@code windowDays} (0 = trendWindowDays). */
    public Trends.Result trends(String tenant, String project, int windowDays) {
        if (windowDays < 0) {
            throw invalid("window_days must be ≥ 0, got " + windowDays);
        }
        AnalysisSettings s = AnalysisSettings.of(config);
        List<Long> ids = List.of();
        Map<Long, String> names = projects.byId(tenant);
        if (project != null && !project.isEmpty()) {
            long id = names.entrySet().stream().filter(e -> e.getValue().equals(project)).mapToLong(Map.Entry::getKey)
                    .findFirst().orElse(0);
            if (id == 0) {
                throw Status.NOT_FOUND.withDescription("scope.project '" + project + "': no such project").asRuntimeException();
            }
            ids = List.of(id);
        }
        return trends.compute(tenant, ids, windowDays == 0 ? s.trendWindowDays() : windowDays, names, s);
    }

}
