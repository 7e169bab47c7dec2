package dev.brain.research.grpc;

import dev.brain.grpc.v1.DeactivateKnowledgeRequest;
import dev.brain.grpc.v1.DeactivateKnowledgeResponse;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.KnowledgeStructureResponse;
import dev.brain.grpc.v1.MutinyKnowledgeServiceGrpc;
import dev.brain.grpc.v1.ReactivateKnowledgeRequest;
import dev.brain.grpc.v1.ReactivateKnowledgeResponse;
import dev.brain.grpc.v1.ReadKnowledgeBlockRequest;
import dev.brain.grpc.v1.ReadKnowledgeBlockResponse;
import dev.brain.grpc.v1.RunKnowledgeDecayRequest;
import dev.brain.grpc.v1.RunKnowledgeDecayResponse;
import dev.brain.grpc.v1.RunKnowledgePruneRequest;
import dev.brain.grpc.v1.RunKnowledgePruneResponse;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.grpc.v1.SearchKnowledgeResponse;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.mapping.KnowledgeMapper;
import dev.brain.research.knowledge.mapping.KnowledgeRequests;
import dev.brain.research.knowledge.service.KnowledgeDecay;
import dev.brain.research.knowledge.service.KnowledgeLifecycle;
import dev.brain.research.knowledge.service.KnowledgePrune;
import dev.brain.research.knowledge.service.KnowledgeReads;
import dev.brain.research.knowledge.service.KnowledgeSaves;
import dev.brain.research.knowledge.service.KnowledgeSearch;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code KnowledgeService}: the knowledge library (research.md §2) — parse, call one service, map. */
@GrpcService
public class KnowledgeGrpcService extends MutinyKnowledgeServiceGrpc.KnowledgeServiceImplBase {

    private final KnowledgeSaves saves;
    private final KnowledgeSearch search;
    private final KnowledgeReads reads;
    private final KnowledgeLifecycle lifecycle;
    private final KnowledgePrune prune;
    private final KnowledgeDecay decay;

    public KnowledgeGrpcService(KnowledgeSaves saves, KnowledgeSearch search, KnowledgeReads reads,
            KnowledgeLifecycle lifecycle, KnowledgePrune prune, KnowledgeDecay decay) {
        this.saves = saves;
        this.search = search;
        this.reads = reads;
        this.lifecycle = lifecycle;
        this.prune = prune;
        this.decay = decay;
    }

    @Override
    @Blocking
    public Uni<SaveResearchResponse> saveResearch(SaveResearchRequest request) {
        return Uni.createFrom().item(() -> {
            KnowledgeSaves.SaveResult r = saves.save(KnowledgeRequests.save(request, Tenancy.currentTenant()));
            SaveResearchResponse.Builder response = SaveResearchResponse.newBuilder()
                    .setStatus(KnowledgeMapper.status(r.status())).setKnowledgePath(r.knowledgePath())
                    .setReportPath(r.reportPath()).setIndexLine(r.indexLine()).setCreated(r.created())
                    .setMemoryEntryId(r.memoryEntryId());
            if (r.entry() != null) {
                response.setEntry(KnowledgeMapper.toProto(r.entry()));
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<SearchKnowledgeResponse> search(SearchKnowledgeRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.currentTenant();
            KnowledgeSearch.Result r = search.search(tenant, KnowledgePair.of(request.getPair(), tenant),
                    KnowledgeRequests.query(request), KnowledgeRequests.limit(request.getLimit()),
                    KnowledgeRequests.type(request.getType()));
            SearchKnowledgeResponse.Builder response = SearchKnowledgeResponse.newBuilder()
                    .setFootprint(KnowledgeMapper.footprint(r)).setSemanticSkipped(r.semanticSkipped());
            r.hits().forEach(h -> response.addHits(KnowledgeMapper.toProto(h)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<KnowledgeStructureResponse> structure(KnowledgeStructureRequest request) {
        return Uni.createFrom().item(() -> {
            KnowledgeReads.Structure s = reads.structure(KnowledgePair.of(request.getPair(), Tenancy.currentTenant()),
                    request.getPath());
            KnowledgeStructureResponse.Builder response = KnowledgeStructureResponse.newBuilder().setPath(s.path())
                    .setTitle(s.title()).setVersion(s.version());
            s.sections().forEach(section -> response.addBlocks(KnowledgeMapper.toProto(section)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ReadKnowledgeBlockResponse> readBlock(ReadKnowledgeBlockRequest request) {
        return Uni.createFrom().item(() -> {
            KnowledgePair pair = KnowledgePair.of(request.getPair(), Tenancy.currentTenant());
            String heading = KnowledgeRequests.heading(request.getHeading());
            KnowledgeReads.Block b = reads.block(pair, request.getPath(), heading);
            return ReadKnowledgeBlockResponse.newBuilder().setPath(b.path()).setHeading(b.heading()).setText(b.text())
                    .build();
        });
    }

    @Override
    @Blocking
    public Uni<DeactivateKnowledgeResponse> deactivate(DeactivateKnowledgeRequest request) {
        return Uni.createFrom().item(() -> DeactivateKnowledgeResponse.newBuilder()
                .setEntry(KnowledgeMapper.toProto(lifecycle.deactivate(
                        KnowledgePair.of(request.getPair(), Tenancy.currentTenant()), KnowledgeRequests.id(request.getId()))))
                .build());
    }

    @Override
    @Blocking
    public Uni<ReactivateKnowledgeResponse> reactivate(ReactivateKnowledgeRequest request) {
        return Uni.createFrom().item(() -> ReactivateKnowledgeResponse.newBuilder()
                .setEntry(KnowledgeMapper.toProto(lifecycle.reactivate(
                        KnowledgePair.of(request.getPair(), Tenancy.currentTenant()), KnowledgeRequests.id(request.getId()))))
                .build());
    }

    @Override
    @Blocking
    public Uni<RunKnowledgePruneResponse> runPrune(RunKnowledgePruneRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.currentTenant();
            KnowledgePair pair = request.hasPair() ? KnowledgePair.of(request.getPair(), tenant) : null;
            KnowledgePrune.Outcome o = prune.run("manual", pair, tenant);
            return RunKnowledgePruneResponse.newBuilder().setResult(KnowledgeMapper.toProto(o.run()))
                    .addAllFilesWithoutMetadata(o.filesWithoutMetadata())
                    .addAllMetadataWithoutFile(o.metadataWithoutFile()).build();
        });
    }

    @Override
    @Blocking
    public Uni<RunKnowledgeDecayResponse> runDecay(RunKnowledgeDecayRequest request) {
        return Uni.createFrom().item(() -> {
            Tenancy.currentTenant();
            return RunKnowledgeDecayResponse.newBuilder().setResult(KnowledgeMapper.toProto(decay.run("manual"))).build();
        });
    }
}
