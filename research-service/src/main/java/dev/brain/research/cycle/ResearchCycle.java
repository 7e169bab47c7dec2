package dev.brain.research.cycle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ChainSequence;
import dev.brain.grpc.v1.ChainSequencesRequest;
import dev.brain.grpc.v1.ChainSequencesResponse;
import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.CrossProjectFingerprintsRequest;
import dev.brain.grpc.v1.CrossProjectFingerprintsResponse;
import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.GetDegreesRequest;
import dev.brain.grpc.v1.ListSynapsesRequest;
import dev.brain.grpc.v1.ListSynapsesResponse;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.ModuleAdaptationGroupsRequest;
import dev.brain.grpc.v1.ModuleAdaptationGroupsResponse;
import dev.brain.grpc.v1.ModuleCapabilitiesRequest;
import dev.brain.grpc.v1.NodeDegree;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.RecurringError;
import dev.brain.grpc.v1.ResearchTenantsRequest;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.Synapse;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.TenantDataPoints;
import dev.brain.grpc.v1.UnresolvedRecurringRequest;
import dev.brain.grpc.v1.UnresolvedRecurringResponse;
import dev.brain.research.clients.ErrorServices;
import dev.brain.research.clients.MemoryServices;
import dev.brain.research.config.ResearchConfig;
import dev.brain.research.insight.Insight;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightStore;
import dev.brain.research.insight.InsightStore.Stored;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.ProjectNames;
import dev.brain.research.insight.Structs;
import dev.brain.research.insight.Trends;
import dev.brain.research.insight.analysis.AnalysisSettings;
import dev.brain.research.insight.analysis.GapAnalysis;
import dev.brain.research.insight.analysis.Prioritisation;
import dev.brain.research.insight.analysis.ProjectSuggestionAnalysis;
import dev.brain.research.insight.analysis.SynergyAnalysis;
import dev.brain.research.insight.analysis.TemplateAnalysis;
import dev.brain.research.insight.analysis.TrendAnalysis;
import dev.brain.research.insight.analysis.Weeks;
import dev.brain.research.insight.repository.InsightRepository;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/**
 * The research cycle of one tenant (research.md §1.2): under the tenant's advisory lock, skipped below
 * minDataPoints errors + solutions (counted by error-service's {@code ResearchTenants}), the seven phases in order —
 * trends, gaps, synergies, templates, project_suggestions, prioritise, synapse_care — each logged with its counts;
 * every new or changed insight is linked and notified by {@link InsightLinks}. The aggregates come in bulk (paged,
 * never per row). A failing phase is recorded and the next one runs; memory-service being down is counted
 * ({@code memory_unavailable}, {@code synapse_events_failed}), never fatal.
 */
@ApplicationScoped
public class ResearchCycle {

    public static final List<String> PHASES = List.of("trends", "gaps", "synergies", "templates", "project_suggestions",
            "prioritise", "synapse_care");

    /** Rows per page of the aggregates, and the most pages read per aggregate. */
    static final int PAGE = 1000;
    static final int MAX_PAGES = 10;
    /** GetDegrees takes at most this many nodes. */
    static final int MAX_DEGREE_NODES = 10_000;
    static final int EMBED_BATCH = 256;
    static final int MAX_EMBEDDED_PER_CYCLE = 1024;

    private final CycleRuns runs;
    private final InsightStore store;
    private final InsightRepository insights;
    private final InsightLinks links;
    private final Trends trends;
    private final ProjectNames projectNames;
    private final ErrorServices errors;
    private final MemoryServices memory;
    private final ResearchConfig config;
    private final Clock clock;

    public ResearchCycle(CycleRuns runs, InsightStore store, InsightRepository insights, InsightLinks links,
            Trends trends, ProjectNames projectNames, ErrorServices errors, MemoryServices memory, ResearchConfig config,
            Clock clock) {
        this.runs = runs;
        this.store = store;
        this.insights = insights;
        this.links = links;
        this.trends = trends;
        this.projectNames = projectNames;
        this.errors = errors;
        this.memory = memory;
        this.config = config;
        this.clock = clock;
    }

    /** Every tenant error-service knows, with its data points (asked as tenant "system"; it answers for all). */
    public List<TenantDataPoints> tenants() {
        return errors.analytics("system").researchTenants(ResearchTenantsRequest.getDefaultInstance()).getTenantsList();
    }

    /** Runs the cycle for {@code tenant} now ({@code trigger} "manual" or "scheduled"). */
    public CycleRun run(String tenant, String trigger) {
        return run(tenant, trigger, null);
    }

    /** As {@link #run(String, String)}, with the tenants' data points already known (the scheduler's visit). */
    CycleRun run(String tenant, String trigger, TenantDataPoints known) {
        Instant started = clock.instant();
        Optional<CycleRun> ran = runs.underLock(tenant, () -> locked(tenant, trigger, started, known));
        if (ran.isPresent()) {
            return ran.get();
        }
        String reason = "another research cycle of tenant " + tenant + " holds the lock";
        Log.infof("research_cycle of %s skipped: %s", tenant, reason);
        Instant finished = clock.instant();
        long id = runs.skipped(tenant, trigger, started, finished, reason);
        return new CycleRun(id, tenant, trigger, CycleRun.Outcome.SKIPPED_LOCKED, reason, started, finished, List.of(),
                Map.of());
    }

    /** The tenant's latest cycle (for the status line). */
    public Optional<CycleRun> lastRun(String tenant) {
        return runs.latest(tenant);
    }

    private CycleRun locked(String tenant, String trigger, Instant started, TenantDataPoints known) {
        TenantDataPoints points = known;
        if (points == null) {
            points = tenants().stream().filter(t -> t.getTenant().equals(tenant)).findFirst()
                    .orElse(TenantDataPoints.newBuilder().setTenant(tenant).build());
        }
        long dataPoints = points.getErrors() + points.getSolutions();
        int min = config.cycle().minDataPoints();
        if (dataPoints < min) {
            String reason = CycleRuns.BELOW_MIN_DATA + ": " + dataPoints + " errors + solutions < " + min;
            Log.infof("research_cycle of %s skipped: %s", tenant, reason);
            Instant finished = clock.instant();
            long id = runs.skipped(tenant, trigger, started, finished, reason);
            return new CycleRun(id, tenant, trigger, CycleRun.Outcome.SKIPPED_PRECONDITION, reason, started, finished,
                    List.of(), Map.of());
        }
        long id = runs.start(tenant, trigger, started);
        Log.infof("research_cycle of %s started (%s, %d data points)", tenant, trigger, dataPoints);
        Context ctx = new Context(tenant, AnalysisSettings.of(config));
        List<CycleRun.Phase> phases = new ArrayList<>();
        phases.add(phase(tenant, "trends", () -> trends(ctx)));
        phases.add(phase(tenant, "gaps", () -> gaps(ctx)));
        phases.add(phase(tenant, "synergies", () -> synergies(ctx)));
        phases.add(phase(tenant, "templates", () -> templates(ctx)));
        phases.add(phase(tenant, "project_suggestions", () -> projectSuggestions(ctx)));
        phases.add(phase(tenant, "prioritise", () -> prioritise(ctx)));
        phases.add(phase(tenant, "synapse_care", () -> synapseCare(ctx)));
        Map<String, Long> totals = new LinkedHashMap<>();
        totals.put("insights_created", 0L);
        totals.put("insights_updated", 0L);
        totals.put("insights_expired", 0L);
        phases.forEach(p -> p.counts().forEach((k, v) -> totals.merge(k, v, Long::sum)));
        List<String> failed = phases.stream().filter(CycleRun.Phase::failed).map(CycleRun.Phase::name).toList();
        CycleRun run = new CycleRun(id, tenant, trigger, failed.isEmpty() ? CycleRun.Outcome.DONE : CycleRun.Outcome.FAILED,
                failed.isEmpty() ? "" : "phases failed: " + String.join(", ", failed), started, clock.instant(), phases,
                totals);
        runs.finish(id, run);
        Log.infof("research_cycle of %s %s in %d ms: %s", tenant, run.outcome(), run.durationMs(), totals);
        return run;
    }

    /** State shared by the phases of one run. */
    private final class Context {
        final String tenant;
        final AnalysisSettings settings;
        Map<Long, String> names;
        List<CrossProjectFingerprint> fingerprints;

        Context(String tenant, AnalysisSettings settings) {
            this.tenant = tenant;
            this.settings = settings;
        }

        Map<Long, String> names() {
            if (names == null) {
                names = projectNames.byId(tenant);
            }
            return names;
        }

        List<CrossProjectFingerprint> fingerprints() {
            if (fingerprints == null) {
                fingerprints = pages(token -> {
                    CrossProjectFingerprintsResponse r = errors.analytics(tenant).crossProjectFingerprints(
                            CrossProjectFingerprintsRequest.newBuilder().setMinProjects(2).setLimit(PAGE)
                                    .setPageToken(token).build());
                    return new PageOf<>(r.getFingerprintsList(), r.getNextPageToken());
                });
            }
            return fingerprints;
        }
    }

    private interface Work {
        Map<String, Long> run();
    }

    private CycleRun.Phase phase(String tenant, String name, Work work) {
        long t0 = System.nanoTime();
        Log.debugf("research_cycle of %s: %s started", tenant, name);
        try {
            Map<String, Long> counts = work.run();
            long ms = (System.nanoTime() - t0) / 1_000_000;
            Log.infof("research_cycle of %s: %s done in %d ms %s", tenant, name, ms, counts);
            return new CycleRun.Phase(name, false, counts, ms, "");
        } catch (RuntimeException e) {
            long ms = (System.nanoTime() - t0) / 1_000_000;
            String message = e instanceof StatusRuntimeException s ? s.getStatus().toString() : e.toString();
            Log.errorf(e, "research_cycle of %s: %s failed", tenant, name);
            return new CycleRun.Phase(name, true, Map.of(), ms, message);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Phases

    private Map<String, Long> trends(Context ctx) {
        Trends.Result r = trends.compute(ctx.tenant, List.of(), ctx.settings.trendWindowDays(), ctx.names(), ctx.settings);
        List<InsightDraft> drafts = new ArrayList<>(TrendAnalysis.errorTrends(r.projects(), ctx.names(), ctx.settings));
        TrendAnalysis.successRate(r.recentRates(), r.overallRates(), ctx.settings).ifPresent(drafts::add);
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("projects", (long) r.projects().size());
        counts.putAll(storeAndLink(ctx.tenant, drafts));
        return counts;
    }

    private Map<String, Long> gaps(Context ctx) {
        String tenant = ctx.tenant;
        List<RecurringError> unresolved = pages(token -> {
            UnresolvedRecurringResponse r = errors.analytics(tenant).unresolvedRecurring(UnresolvedRecurringRequest
                    .newBuilder().setMinOccurrences(1).setLimit(PAGE).setPageToken(token).build());
            return new PageOf<>(r.getErrorsList(), r.getNextPageToken());
        });
        List<InsightDraft> drafts = new ArrayList<>(GapAnalysis.recurring(unresolved, ctx.settings));
        drafts.addAll(GapAnalysis.sharedFingerprints(ctx.fingerprints(), ctx.settings));
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("errors_checked", (long) unresolved.size());
        counts.put("memory_unavailable", 0L);
        List<NodeRef> nodes = unresolved.stream().limit(MAX_DEGREE_NODES)
                .map(e -> NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(e.getError().getId()).build())
                .toList();
        if (!nodes.isEmpty()) {
            try {
                // the research-service's own links (derived_from, generalizes) do not make an error less isolated
                List<NodeDegree> degrees = memory.synapses(tenant).getDegrees(GetDegreesRequest.newBuilder()
                        .addAllNodes(nodes).addAllSynapseTypes(organicSynapseTypes()).build()).getDegreesList();
                GapAnalysis.isolated(degrees, ctx.settings).ifPresent(drafts::add);
            } catch (StatusRuntimeException e) {
                Log.warnf("research_cycle of %s: isolated errors not checked, memory-service: %s", tenant, e.getStatus());
                counts.put("memory_unavailable", 1L);
            }
        }
        // every gap remembers the weeks it was seen in (the tool-idea check of phase 5 counts them)
        Map<String, Insight> existing = store.existing(tenant, drafts);
        String week = Weeks.isoWeek(clock.instant());
        List<InsightDraft> withWeeks = drafts.stream().map(d -> d.withEvidence(Weeks.withWeek(d.evidence(),
                existing.containsKey(d.dedupKey()) ? existing.get(d.dedupKey()).evidence() : null, week))).toList();
        counts.putAll(storeAndLink(tenant, withWeeks));
        return counts;
    }

    private Map<String, Long> synergies(Context ctx) {
        String tenant = ctx.tenant;
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("memory_unavailable", 0L);
        List<InsightDraft> drafts = new ArrayList<>();
        try {
            List<Synapse> coOccurs = pages(token -> {
                ListSynapsesResponse r = memory.synapses(tenant).listSynapses(ListSynapsesRequest.newBuilder()
                        .setTenant(tenant).addSynapseTypes(SynapseType.SYNAPSE_TYPE_CO_OCCURS)
                        .setSourceType(NodeType.NODE_TYPE_CODE_MODULE).setTargetType(NodeType.NODE_TYPE_CODE_MODULE)
                        .setMinWeight(ctx.settings.synergyMinWeight()).setPageSize(PAGE).setPageToken(token).build());
                return new PageOf<>(r.getSynapsesList(), r.getNextPageToken());
            });
            counts.put("module_synapses", (long) coOccurs.size());
            drafts.addAll(SynergyAnalysis.modulePairs(coOccurs, ctx.settings));
        } catch (StatusRuntimeException e) {
            Log.warnf("research_cycle of %s: module synergies not checked, memory-service: %s", tenant, e.getStatus());
            counts.put("memory_unavailable", 1L);
        }
        drafts.addAll(SynergyAnalysis.projectPairs(ctx.fingerprints(), ctx.names(), ctx.settings));
        List<ChainSequence> sequences = pages(token -> {
            ChainSequencesResponse r = errors.analytics(tenant).chainSequences(ChainSequencesRequest.newBuilder()
                    .setMinSessions(ctx.settings.workflowMinSessions()).setPageSize(PAGE).setPageToken(token).build());
            return new PageOf<>(r.getSequencesList(), r.getNextPageToken());
        });
        counts.put("sequences", (long) sequences.size());
        drafts.addAll(SynergyAnalysis.workflows(sequences, ctx.settings));
        counts.putAll(storeAndLink(tenant, drafts));
        return counts;
    }

    private Map<String, Long> templates(Context ctx) {
        String tenant = ctx.tenant;
        List<ModuleAdaptationGroup> groups = pages(token -> {
            ModuleAdaptationGroupsResponse r = errors.analytics(tenant).moduleAdaptationGroups(
                    ModuleAdaptationGroupsRequest.newBuilder().setMinProjects(ctx.settings.templateMinAdaptations())
                            .setMinSimilarity(ctx.settings.templateMinSimilarity()).setPageSize(PAGE)
                            .setPageToken(token).build());
            return new PageOf<>(r.getGroupsList(), r.getNextPageToken());
        });
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("groups", (long) groups.size());
        counts.putAll(storeAndLink(tenant, TemplateAnalysis.candidates(groups, ctx.settings)));
        return counts;
    }

    private Map<String, Long> projectSuggestions(Context ctx) {
        String tenant = ctx.tenant;
        var capabilities = errors.analytics(tenant).moduleCapabilities(ModuleCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList();
        List<InsightDraft> drafts = new ArrayList<>(ProjectSuggestionAnalysis.fromCatalogue(capabilities, ctx.settings));
        List<ProjectSuggestionAnalysis.GapWeeks> gaps = insights.openGaps(tenant).stream()
                .map(g -> new ProjectSuggestionAnalysis.GapWeeks(g.id(), g.dedupKey(), g.title(),
                        Structs.strings(g.evidence(), Weeks.FIELD), g.affectedProjects()))
                .toList();
        drafts.addAll(ProjectSuggestionAnalysis.toolIdeas(gaps, ctx.settings));
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("capabilities", (long) capabilities.size());
        counts.putAll(storeAndLink(tenant, drafts));
        return counts;
    }

    private Map<String, Long> prioritise(Context ctx) {
        String tenant = ctx.tenant;
        Instant now = clock.instant();
        long expired = insights.expireOverdue(tenant, now);
        long reprioritised = 0;
        for (Insight i : insights.live(tenant)) {
            Priority p = Prioritisation.effective(i.basePriority(), i.confidence(), Duration.between(i.updatedAt(), now),
                    ctx.settings.recencyHalfLife());
            if (p != i.priority()) {
                insights.setPriority(i.id(), p);
                reprioritised++;
            }
        }
        long capped = insights.capActive(tenant, config.insights().maxActive(), now);
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("insights_expired", expired + capped);
        counts.put("capped", capped);
        counts.put("reprioritised", reprioritised);
        counts.putAll(embed(tenant));
        return counts;
    }

    private Map<String, Long> synapseCare(Context ctx) {
        Map<String, Long> counts = new LinkedHashMap<>();
        try {
            var result = memory.admin(ctx.tenant).runJob(RunJobRequest.newBuilder()
                    .setJob(MemoryJob.MEMORY_JOB_SYNAPSE_DECAY).build()).getResult();
            counts.put("synapses_decayed", result.getCountsOrDefault("updated", 0));
            counts.put("synapses_pruned", result.getCountsOrDefault("pruned", 0));
            counts.put("memory_unavailable", 0L);
        } catch (StatusRuntimeException e) {
            Log.warnf("research_cycle of %s: synapse decay not run, memory-service: %s", ctx.tenant, e.getStatus());
            counts.put("memory_unavailable", 1L);
        }
        return counts;
    }

    // ---------------------------------------------------------------------------------------------------------

    /**
     * Stores the drafts and links / notifies the new and changed ones; the counts of both. A phase keeps at most
     * maxActive drafts (highest priority and confidence first): more could not stay active after the cap anyway.
     */
    private Map<String, Long> storeAndLink(String tenant, List<InsightDraft> drafts) {
        int max = config.insights().maxActive();
        List<InsightDraft> kept = drafts.size() <= max ? drafts
                : drafts.stream()
                        .sorted(Comparator.comparing((InsightDraft d) -> d.priority().rank()).reversed()
                                .thenComparing(Comparator.comparingDouble(InsightDraft::confidence).reversed()))
                        .limit(max).toList();
        List<Stored> stored = store.store(tenant, kept);
        Map<String, Long> counts = new LinkedHashMap<>();
        if (kept.size() < drafts.size()) {
            counts.put("drafts_dropped", (long) (drafts.size() - kept.size()));
        }
        counts.put("insights_created", count(stored, InsightStore.Outcome.CREATED));
        counts.put("insights_updated", count(stored, InsightStore.Outcome.UPDATED));
        counts.put("insights_unchanged", count(stored, InsightStore.Outcome.UNCHANGED));
        counts.put("insights_dismissed_kept", count(stored, InsightStore.Outcome.DISMISSED));
        counts.put("insights_capped_kept", count(stored, InsightStore.Outcome.CAPPED));
        counts.putAll(links.link(tenant, stored));
        return counts;
    }

    private static long count(List<Stored> stored, InsightStore.Outcome outcome) {
        return stored.stream().filter(s -> s.outcome() == outcome).count();
    }

    /** Embeds new and changed active insights (title + description) in batches; counts embedded / embeddings_failed. */
    private Map<String, Long> embed(String tenant) {
        long embedded = 0;
        long failed = 0;
        List<Insight> pending = insights.needingEmbedding(tenant, MAX_EMBEDDED_PER_CYCLE);
        for (int from = 0; from < pending.size(); from += EMBED_BATCH) {
            List<Insight> batch = pending.subList(from, Math.min(pending.size(), from + EMBED_BATCH));
            try {
                EmbedResponse r = memory.embeddings(tenant).embed(EmbedRequest.newBuilder()
                        .addAllTexts(batch.stream().map(ResearchCycle::embeddingText).toList()).build());
                Instant now = clock.instant();
                for (int k = 0; k < batch.size() && k < r.getVectorsCount(); k++) {
                    List<Float> values = r.getVectors(k).getValuesList();
                    float[] v = new float[values.size()];
                    for (int j = 0; j < v.length; j++) {
                        v[j] = values.get(j);
                    }
                    insights.setEmbedding(batch.get(k).id(), v, now);
                    embedded++;
                }
            } catch (StatusRuntimeException e) {
                Log.warnf("research_cycle of %s: %d insights not embedded (%s)", tenant, batch.size(), e.getStatus());
                failed += batch.size();
            }
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("embedded", embedded);
        counts.put("embeddings_failed", failed);
        return counts;
    }

    /** Title and description, the text Suggest compares with a context (≤ 8 KiB for the embedder). */
    static String embeddingText(Insight i) {
        String text = i.title() + ". " + i.description();
        return text.length() > 4000 ? text.substring(0, 4000) : text;
    }

    /** Synapse types that count for "no synapse at all": every type but the research-service's own. */
    static List<SynapseType> organicSynapseTypes() {
        return java.util.Arrays.stream(SynapseType.values())
                .filter(t -> t != SynapseType.SYNAPSE_TYPE_UNSPECIFIED && t != SynapseType.UNRECOGNIZED
                        && t != SynapseType.SYNAPSE_TYPE_DERIVED_FROM && t != SynapseType.SYNAPSE_TYPE_GENERALIZES)
                .toList();
    }

    /** One page of an aggregate. */
    record PageOf<T>(List<T> items, String nextToken) {
    }

    /** Reads up to MAX_PAGES pages of an aggregate. */
    static <T> List<T> pages(Function<String, PageOf<T>> read) {
        List<T> all = new ArrayList<>();
        String token = "";
        for (int page = 0; page < MAX_PAGES; page++) {
            PageOf<T> p = read.apply(token);
            all.addAll(p.items());
            token = p.nextToken();
            if (token.isEmpty()) {
                break;
            }
        }
        return all;
    }
}
