package dev.brain.error.code.service;

import java.util.ArrayList;
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
import dev.brain.error.code.mapping.ModuleMapper;
import dev.brain.error.code.repository.ModuleRepository;
import dev.brain.error.code.service.Similarities.Found;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.embedding.Embeddings;
import dev.brain.error.notification.Notifications;
import dev.brain.error.outbox.Node;
import dev.brain.error.outbox.Outbox;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.AnalyzeCodeResponse;
import dev.brain.grpc.v1.AnalyzedModule;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.SimilarModule;
import dev.brain.grpc.v1.SimilarityKind;
import dev.brain.tenancy.Tenancy;

/**
 * {@code AnalyzeCode} (error-code.md §9.5): the source is analysed (language, exports, granularity, reusability,
 * fingerprints), then — unless {@code dry_run} — each resulting module is upserted on (project, path, name), its
 * similarities to the tenant's other modules are computed and stored, and its events are written: {@code co_occurs}
 * module → project, {@code similar_to} per exact or structural similarity, and a {@code module_suggested}
 * notification when such a copy lives in another project. The modules' embeddings are asked of memory-service
 * while the database work runs; when they come within {@code embedding.queryDeadline} they are stored with the
 * module and the semantic part is computed, else the embedding worker fills them later and the answer says
 * {@code semantic_skipped}.
 */
@ApplicationScoped
public class CodeRegistry {

    /** Copies in other projects one registration suggests at most (the strongest). */
    static final int MAX_SUGGESTIONS = 3;

    private final Scopes scopes;
    private final ModuleRepository modules;
    private final ModuleMatcher matcher;
    private final Embeddings embeddings;
    private final Outbox outbox;
    private final Notifications notifications;
    private final ErrorConfig config;

    public CodeRegistry(Scopes scopes, ModuleRepository modules, ModuleMatcher matcher, Embeddings embeddings,
            Outbox outbox, Notifications notifications, ErrorConfig config) {
        this.scopes = scopes;
        this.modules = modules;
        this.matcher = matcher;
        this.embeddings = embeddings;
        this.outbox = outbox;
        this.notifications = notifications;
        this.config = config;
    }

    @Transactional
    public AnalyzeCodeResponse analyze(AnalyzeCodeRequest r) {
        String source = CodeInputs.source(r.getSource());
        String filePath = CodeInputs.filePath(r.getFilePath(), true);
        String name = CodeInputs.optional(r.getName(), "name", CodeInputs.MAX_NAME);
        String purpose = CodeInputs.purpose(r.getPurpose(), false);
        String language = CodeInputs.language(r.getLanguage());
        String category = CodeInputs.optional(r.getCategory(), "category", CodeInputs.MAX_CATEGORY);
        String tenant = Tenancy.requireOwnTenant(r.getScope().getTenant());
        SourceAnalysis analysis = CodeAnalyzer.analyze(source, filePath, name, purpose, language,
                ModuleMapper.granularity(r.getModuleType()));
        List<ModuleDraft> drafts = analysis.modules();
        long embedStart = System.nanoTime();
        Future<EmbedResponse> pending = embeddings.embedAsync(tenant,
                drafts.stream().map(ModuleDraft::embeddingText).toList(), config.embedding().queryDeadline());
        CallScope scope = r.getDryRun() ? scopes.forRead(r.getScope()) : scopes.forWrite(r.getScope());
        List<String> vectors = embeddings.await(pending, drafts.size(), embedStart, config.embedding().queryDeadline());
        AnalyzeCodeResponse.Builder response = AnalyzeCodeResponse.newBuilder().setLanguage(analysis.language())
                .setGranularity(ModuleMapper.moduleType(analysis.granularity())).setSemanticSkipped(vectors == null);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            ModuleDraft d = drafts.get(i);
            ModuleRepository.Upserted stored = r.getDryRun() ? new ModuleRepository.Upserted(0, false)
                    : modules.upsert(scope.tenant(), scope.projectId(), filePath, d, category,
                            vectors == null ? null : vectors.get(i), scope.now());
            ids.add(stored.id());
            response.addModules(analyzed(d, stored));
        }
        Map<Long, Found> strongest = new LinkedHashMap<>();
        Map<Long, Long> similarTo = new HashMap<>();
        Long[] self = ids.stream().filter(id -> id > 0).toArray(Long[]::new);
        for (int i = 0; i < drafts.size(); i++) {
            long id = ids.get(i);
            List<Found> found = matcher.similar(scope.tenant(), drafts.get(i).fingerprint(),
                    vectors == null ? null : vectors.get(i), id > 0 ? new Long[] { id } : self);
            if (!r.getDryRun()) {
                modules.replaceSimilarities(scope.tenant(), id, found.stream().map(f -> new ModuleRepository.Similar(
                        f.moduleId(), ModuleMapper.column(f.kind()), f.score())).toList(), vectors == null, scope.now());
            }
            for (Found f : found) {
                Found known = strongest.get(f.moduleId());
                if (known == null || Similarities.STRONGEST.compare(f, known) < 0) {
                    strongest.put(f.moduleId(), f);
                    similarTo.put(f.moduleId(), id);
                }
            }
        }
        Map<Long, CodeModule> similar = new HashMap<>();
        modules.byIds(scope.tenant(), new ArrayList<>(strongest.keySet())).forEach(m -> similar.put(m.getId(), m));
        strongest.values().stream().sorted(Similarities.STRONGEST).filter(f -> similar.containsKey(f.moduleId()))
                .forEach(f -> response.addSimilar(SimilarModule.newBuilder().setModule(similar.get(f.moduleId()))
                        .setKind(f.kind()).setScore(f.score()).setSimilarToModuleId(similarTo.get(f.moduleId()))));
        if (!r.getDryRun()) {
            events(scope, filePath, drafts, ids, strongest, similarTo, similar);
        }
        return response.build();
    }

    /** §9.5 / §12.1: the registration's synapse events and the suggestion of a copy in another project. */
    private void events(CallScope scope, String filePath, List<ModuleDraft> drafts, List<Long> ids,
            Map<Long, Found> strongest, Map<Long, Long> similarTo, Map<Long, CodeModule> similar) {
        List<Outbox.Strengthen> events = new ArrayList<>();
        Map<Long, Node> nodes = new HashMap<>();
        for (int i = 0; i < drafts.size(); i++) {
            Node module = Node.module(ids.get(i), drafts.get(i).name(), filePath);
            nodes.put(ids.get(i), module);
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "co_occurs", module,
                    Node.project(scope.projectId(), scope.project()), null));
        }
        int suggested = 0;
        for (Found f : strongest.values().stream().sorted(Similarities.STRONGEST).toList()) {
            CodeModule other = similar.get(f.moduleId());
            if (other == null || f.kind() == SimilarityKind.SIMILARITY_KIND_SEMANTIC) {
                continue;
            }
            long mine = similarTo.get(f.moduleId());
            events.add(new Outbox.Strengthen(scope.tenant(), scope.project(), "similar_to", nodes.get(mine),
                    Node.module(other.getId(), other.getName(), other.getFilePath()),
                    Map.of("kind", ModuleMapper.column(f.kind()), "score", f.score())));
            if (other.getProjectId() != scope.projectId() && suggested++ < MAX_SUGGESTIONS) {
                notifications.send(scope.tenant(), new Notifications.Draft("module_suggested", scope.projectId(),
                        scope.sessionId(), "code_module", other.getId(),
                        "%s code exists: %s in project %s (%s)".formatted(
                                f.kind() == SimilarityKind.SIMILARITY_KIND_EXACT ? "The same" : "Similar",
                                other.getName(), other.getProject(), other.getFilePath()),
                        "module:" + mine + ":" + other.getId()), scope.now());
            }
        }
        outbox.strengthen(events, scope.now());
    }

    private AnalyzedModule analyzed(ModuleDraft d, ModuleRepository.Upserted stored) {
        return AnalyzedModule.newBuilder().setId(stored.id()).setName(d.name())
                .setModuleType(ModuleMapper.moduleType(d.type())).setLanguage(d.language()).setScore(d.score())
                .setReusable(d.score() >= config.code().moduleThreshold()).putAllSignals(d.signals()).setIsPure(d.pure())
                .addAllExports(d.exports()).setStructuralFp(d.fingerprint().structuralFp())
                .setRawHash(d.fingerprint().rawHash()).setPurpose(d.purpose())
                .setInterfaceSignature(d.interfaceSignature() == null ? "" : d.interfaceSignature())
                .setStartLine(d.startLine()).setEndLine(d.endLine()).setCreated(stored.created()).build();
    }
}
