package dev.brain.error.code.service;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.code.analysis.CodeAnalyzer;
import dev.brain.error.code.analysis.ModuleDraft;
import dev.brain.error.code.analysis.SourceAnalysis;
import dev.brain.error.code.repository.ModuleRepository;
import dev.brain.error.code.repository.ModuleSearchRepository;
import dev.brain.error.code.repository.ModuleSearchRepository.Filter;
import dev.brain.error.code.repository.ModuleSearchRepository.Near;
import dev.brain.error.code.service.Similarities.Found;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.embedding.Embeddings;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.CheckSimilarityRequest;
import dev.brain.grpc.v1.CheckSimilarityResponse;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.FindReusableRequest;
import dev.brain.grpc.v1.FindReusableResponse;
import dev.brain.grpc.v1.ReusableHit;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SimilarModule;
import dev.brain.tenancy.BadInput;
import dev.brain.tenancy.Tenancy;

/**
 * The read side of code intelligence: {@code FindReusable} (error-code.md §9.8) ranks the tenant's modules for a
 * purpose by two lists — full text ({@code ts_rank_cd} of the purpose's English stems, OR-ed) and
 * nearest by embedding (when memory-service embeds the purpose within {@code embedding.queryDeadline}) — fused by
 * reciprocal rank and weighted by each module's confidence; {@code CheckSimilarity} (§9.7) finds the modules similar to a
 * source
 * without storing anything.
 */
@ApplicationScoped
@Transactional
public class CodeSearch {

    static final int LIST_SIZE = 50;
    static final int RRF_K = 60;
    /** The best possible fused score: first in both lists. */
    static final double BEST_FUSED = 2.0 / (RRF_K + 1);

    private final ModuleSearchRepository search;
    private final Scopes scopes;
    private final ModuleRepository modules;
    private final ModuleMatcher matcher;
    private final Embeddings embeddings;
    private final ErrorConfig config;

    public CodeSearch(ModuleSearchRepository search, Scopes scopes, ModuleRepository modules, ModuleMatcher matcher,
            Embeddings embeddings, ErrorConfig config) {
        this.search = search;
        this.scopes = scopes;
        this.modules = modules;
        this.matcher = matcher;
        this.embeddings = embeddings;
        this.config = config;
    }

    public FindReusableResponse findReusable(FindReusableRequest r) {
        String purpose = CodeInputs.purpose(r.getPurpose(), true);
        String language = CodeInputs.language(r.getLanguage());
        String category = CodeInputs.optional(r.getCategory(), "category", CodeInputs.MAX_CATEGORY);
        int limit = CodeInputs.limit(r.getLimit(), 5, 50);
        String tenant = Tenancy.requireOwnTenant(r.getScope().getTenant());
        long embedStart = System.nanoTime();
        Future<EmbedResponse> pending = embeddings.embedAsync(tenant, purpose, config.embedding().queryDeadline());
        CallScope scope = scopes.forRead(r.getScope());
        Long project = null;
        boolean inProject = false;
        String searched = "tenant";
        switch (r.getProjectScope()) {
            case PROJECT_SCOPE_FILTER_OWN -> {
                if (scope.project() == null) {
                    throw BadInput.invalid("scope.project", "required with project_scope OWN");
                }
                project = scope.projectId() == null ? -1L : scope.projectId();
                inProject = true;
                searched = "project " + scope.project();
            }
            case PROJECT_SCOPE_FILTER_OTHER -> {
                if (scope.project() == null) {
                    throw BadInput.invalid("scope.project", "required with project_scope OTHER");
                }
                project = scope.projectId() == null ? -1L : scope.projectId();
                searched = "projects other than " + scope.project();
            }
            default -> {
            }
        }
        String[] languages = language == null ? null
                : language.equals("typescript") || language.equals("javascript")
                        ? new String[] { "typescript", "javascript" }
                        : new String[] { language };
        Filter filter = new Filter(scope.tenant(), project, inProject, languages, category,
                r.getIncludeLowScore() ? null : config.code().moduleThreshold());
        // the purpose's stems OR-ed (a purpose rarely uses every word of a module), without stop words (V10)
        List<Long> text = search.byText(purpose, filter, LIST_SIZE);
        List<String> vector = embeddings.await(pending, 1, embedStart, config.embedding().queryDeadline());
        List<Long> nearest = List.of();
        Double nearestCosine = null;
        if (vector != null) {
            List<Near> near = search.nearest(vector.get(0), filter, LIST_SIZE);
            nearest = near.stream().map(Near::id).toList();
            nearestCosine = near.isEmpty() ? null : near.get(0).cosine();
        }
        Map<Long, Double> fused = new LinkedHashMap<>();
        for (List<Long> list : List.of(text, nearest)) {
            for (int rank = 1; rank <= list.size(); rank++) {
                fused.merge(list.get(rank - 1), 1.0 / (RRF_K + rank), Double::sum);
            }
        }
        List<ReusableHit> hits = new ArrayList<>();
        for (CodeModule m : modules.byIds(scope.tenant(), new ArrayList<>(fused.keySet()))) {
            double relevance = fused.get(m.getId()) / BEST_FUSED;
            hits.add(ReusableHit.newBuilder().setModule(m).setRelevance(relevance)
                    .setScore(relevance * (0.5 + 0.5 * m.getConfidence())).build());
        }
        hits.sort(Comparator.comparingDouble(ReusableHit::getScore).reversed()
                .thenComparingLong(h -> h.getModule().getId()));
        SearchFootprint.Builder footprint = SearchFootprint.newBuilder()
                .setStoreSize(modules.count(scope.tenant(), null)).setCandidatesConsidered(fused.size())
                .setScope(searched).setThreshold(r.getIncludeLowScore() ? 0 : config.code().moduleThreshold());
        if (nearestCosine != null) {
            footprint.setNearestScore(nearestCosine);
        }
        return FindReusableResponse.newBuilder().addAllHits(hits.subList(0, Math.min(limit, hits.size())))
                .setFootprint(footprint).setSemanticSkipped(vector == null).build();
    }

    public CheckSimilarityResponse checkSimilarity(CheckSimilarityRequest r) {
        String source = CodeInputs.source(r.getSource());
        String filePath = CodeInputs.filePath(r.getFilePath(), false);
        String language = CodeInputs.language(r.getLanguage());
        int limit = CodeInputs.limit(r.getLimit(), 10, 50);
        String tenant = Tenancy.requireOwnTenant(r.getScope().getTenant());
        SourceAnalysis analysis = CodeAnalyzer.analyze(source, filePath, null, null, language, null);
        List<ModuleDraft> drafts = analysis.modules();
        long embedStart = System.nanoTime();
        Future<EmbedResponse> pending = embeddings.embedAsync(tenant,
                drafts.stream().map(ModuleDraft::embeddingText).toList(), config.embedding().queryDeadline());
        CallScope scope = scopes.forRead(r.getScope());
        List<String> vectors = embeddings.await(pending, drafts.size(), embedStart, config.embedding().queryDeadline());
        Map<Long, Found> strongest = new HashMap<>();
        for (int i = 0; i < drafts.size(); i++) {
            for (Found f : matcher.similar(scope.tenant(), drafts.get(i).fingerprint(),
                    vectors == null ? null : vectors.get(i), new Long[0])) {
                strongest.merge(f.moduleId(), f, (a, b) -> Similarities.STRONGEST.compare(a, b) <= 0 ? a : b);
            }
        }
        List<Found> best = strongest.values().stream().sorted(Similarities.STRONGEST).limit(limit).toList();
        Map<Long, CodeModule> byId = new HashMap<>();
        modules.byIds(scope.tenant(), best.stream().map(Found::moduleId).toList()).forEach(m -> byId.put(m.getId(), m));
        CheckSimilarityResponse.Builder response = CheckSimilarityResponse.newBuilder()
                .setSemanticSkipped(vectors == null);
        best.stream().filter(f -> byId.containsKey(f.moduleId())).forEach(f -> response.addHits(SimilarModule
                .newBuilder().setModule(byId.get(f.moduleId())).setKind(f.kind()).setScore(f.score())));
        return response.build();
    }
}
