package dev.brain.gateway.code;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.ProtocolMessageEnum;

import dev.brain.gateway.client.ErrorServiceClient;
import dev.brain.gateway.code.CodeViews.ModuleHit;
import dev.brain.gateway.code.CodeViews.ModuleList;
import dev.brain.gateway.code.CodeViews.ModuleView;
import dev.brain.gateway.code.CodeViews.RegisteredModule;
import dev.brain.gateway.code.CodeViews.Registration;
import dev.brain.gateway.code.CodeViews.Reusable;
import dev.brain.gateway.code.CodeViews.SimilarView;
import dev.brain.gateway.code.CodeViews.Similarity;
import dev.brain.gateway.errors.ErrorInputs;
import dev.brain.gateway.errors.ErrorInputs.Who;
import dev.brain.gateway.errors.ErrorRequests;
import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.AnalyzeCodeResponse;
import dev.brain.grpc.v1.AnalyzedModule;
import dev.brain.grpc.v1.CheckSimilarityRequest;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.FindReusableRequest;
import dev.brain.grpc.v1.ListModulesRequest;
import dev.brain.grpc.v1.ProjectScopeFilter;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SimilarModule;
import dev.brain.wire.WireNames;
import io.smallrye.mutiny.Uni;

/**
 * Code intelligence for a caller: validates the arguments (a one-line reason naming the field), calls
 * error-service's {@code CodeService} and turns its answers into the views the tools, REST and hooks return.
 */
@ApplicationScoped
public class CodeIntelligence {

    static final int MAX_LIMIT = 50;

    private final ErrorServiceClient errors;

    public CodeIntelligence(ErrorServiceClient errors) {
        this.errors = errors;
    }

    private static String orEmpty(String value) {
        return value == null ? "" : value.strip();
    }

    private static int limit(Integer limit, int dflt) {
        int l = limit == null ? dflt : limit;
        if (l < 1 || l > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: must be 1-" + MAX_LIMIT + ", was " + l);
        }
        return l;
    }

    /** brain_find_reusable_code: modules of every project of the tenant ranked for a purpose. */
    public Uni<Reusable> find(Who who, String purpose, String language, String category, Integer limit) {
        FindReusableRequest request = FindReusableRequest.newBuilder().setScope(ErrorRequests.scope(who))
                .setPurpose(ErrorInputs.required("purpose", purpose)).setLanguage(orEmpty(language))
                .setCategory(orEmpty(category)).setLimit(limit(limit, 10))
                .setProjectScope(ProjectScopeFilter.PROJECT_SCOPE_FILTER_ALL).build();
        return errors.findReusable(who.tenant(), request).map(r -> new Reusable(
                r.getHitsList().stream().map(h -> hit(h.getModule(), h.getScore(), h.getRelevance())).toList(),
                searched(r.getFootprint(), r.getHitsCount()), r.getSemanticSkipped()));
    }

    /** brain_register_code: analyses and registers a source in the caller's project. */
    public Uni<Registration> register(Who who, CodeInputs.RegisterCode in) {
        AnalyzeCodeRequest request = analyzeRequest(who, ErrorInputs.required("source_code", in.source_code()),
                ErrorInputs.required("file_path", in.file_path()), in.name(), in.purpose(), in.language(), in.category(),
                false);
        return errors.analyzeCode(who.tenant(), request, null).map(CodeIntelligence::registration);
    }

    /** What registering would give, storing nothing (the hook's reusability hint). */
    public Uni<Registration> analyze(Who who, String source, String filePath, Duration deadline) {
        return errors.analyzeCode(who.tenant(), analyzeRequest(who, source, filePath, null, null, null, null, true),
                deadline).map(CodeIntelligence::registration);
    }

    private static AnalyzeCodeRequest analyzeRequest(Who who, String source, String filePath, String name,
            String purpose, String language, String category, boolean dryRun) {
        return AnalyzeCodeRequest.newBuilder().setScope(ErrorRequests.scope(who)).setSource(source)
                .setFilePath(filePath.strip())
                .setName(orEmpty(name)).setPurpose(orEmpty(purpose)).setLanguage(orEmpty(language))
                .setCategory(orEmpty(category)).setDryRun(dryRun).build();
    }

    /** brain_check_code_similarity: the tenant's modules similar to a source; nothing is stored. */
    public Uni<Similarity> similarity(Who who, CodeInputs.CheckSimilarity in, Duration deadline) {
        CheckSimilarityRequest request = CheckSimilarityRequest.newBuilder().setScope(ErrorRequests.scope(who))
                .setSource(ErrorInputs.required("source_code", in.source_code())).setFilePath(orEmpty(in.file_path()))
                .setLanguage(orEmpty(in.language())).build();
        return errors.checkSimilarity(who.tenant(), request, deadline).map(r -> new Similarity(
                r.getHitsList().stream().map(CodeIntelligence::similar).toList(), r.getSemanticSkipped()));
    }

    /** A page of the tenant's modules ({@code who.project} null: every project). */
    public Uni<ModuleList> list(Who who, String language, String category, Integer limit, String pageToken) {
        int l = limit == null ? 50 : limit;
        if (l < 1 || l > 100) {
            throw new IllegalArgumentException("limit: must be 1-100, was " + l);
        }
        ListModulesRequest request = ListModulesRequest.newBuilder().setScope(ErrorRequests.scope(who))
                .setLanguage(orEmpty(language)).setCategory(orEmpty(category)).setLimit(l)
                .setPageToken(orEmpty(pageToken)).build();
        return errors.listModules(who.tenant(), request).map(r -> new ModuleList(
                r.getModulesList().stream().map(CodeIntelligence::view).toList(), r.getNextPageToken()));
    }

    static Registration registration(AnalyzeCodeResponse r) {
        List<RegisteredModule> modules = r.getModulesList().stream().map(CodeIntelligence::registered).toList();
        AnalyzedModule first = r.getModulesCount() == 0 ? AnalyzedModule.getDefaultInstance() : r.getModules(0);
        return new Registration(first.getId(), first.getScore(), first.getSignalsMap(), typeName(r.getGranularity()),
                r.getLanguage(), first.getReusable(), modules,
                r.getSimilarList().stream().map(CodeIntelligence::similar).toList(), r.getSemanticSkipped());
    }

    private static RegisteredModule registered(AnalyzedModule m) {
        return new RegisteredModule(m.getId(), m.getName(), typeName(m.getModuleType()), m.getScore(),
                m.getReusable(), m.getSignalsMap(), m.getStartLine(), m.getEndLine(), m.getCreated());
    }

    static SimilarView similar(SimilarModule s) {
        CodeModule m = s.getModule();
        return new SimilarView(m.getId(), m.getName(), typeName(s.getKind()), s.getScore(), m.getProject(),
                m.getFilePath());
    }

    static ModuleHit hit(CodeModule m, double score, double relevance) {
        return new ModuleHit(m.getId(), m.getName(), score, relevance, m.getProject(), m.getFilePath(),
                m.getLanguage(), m.getPurpose(), m.getInterfaceSignature(), m.getReusabilityScore());
    }

    static ModuleView view(CodeModule m) {
        return new ModuleView(m.getId(), m.getName(), m.getProject(), m.getFilePath(), m.getLanguage(),
                typeName(m.getModuleType()), m.getPurpose(), m.getInterfaceSignature(), m.getCategory(),
                m.getReusabilityScore(), m.getConfidence(), m.getReuseCount());
    }

    /** {@code SIMILARITY_KIND_EXACT} → {@code exact}, {@code MODULE_TYPE_FILE} → {@code file} (UNRECOGNIZED: unrecognized). */
    static <E extends Enum<E> & ProtocolMessageEnum> String typeName(E value) {
        return "UNRECOGNIZED".equals(value.name()) ? "unrecognized" : WireNames.of(value);
    }

    static String searched(SearchFootprint f, int hits) {
        StringBuilder s = new StringBuilder("searched ").append(f.getStoreSize()).append(" modules (")
                .append(f.getScope()).append("), ").append(f.getCandidatesConsidered()).append(" candidates");
        if (hits == 0 && f.getThreshold() > 0) {
            s.append("; only modules with reusability ≥ ").append(String.format(Locale.ROOT, "%.2f", f.getThreshold()))
                    .append(" are listed");
        }
        return s.toString();
    }
}
