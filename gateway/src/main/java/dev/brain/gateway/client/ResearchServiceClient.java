package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.DeactivateKnowledgeRequest;
import dev.brain.grpc.v1.DeactivateKnowledgeResponse;
import dev.brain.grpc.v1.GetInsightRequest;
import dev.brain.grpc.v1.GetInsightResponse;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.KnowledgeStructureResponse;
import dev.brain.grpc.v1.ListInsightsRequest;
import dev.brain.grpc.v1.ListInsightsResponse;
import dev.brain.grpc.v1.MutinyKnowledgeServiceGrpc;
import dev.brain.grpc.v1.MutinyResearchServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ReactivateKnowledgeRequest;
import dev.brain.grpc.v1.ReactivateKnowledgeResponse;
import dev.brain.grpc.v1.ReadKnowledgeBlockRequest;
import dev.brain.grpc.v1.ReadKnowledgeBlockResponse;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.RunKnowledgeDecayRequest;
import dev.brain.grpc.v1.RunKnowledgeDecayResponse;
import dev.brain.grpc.v1.RunKnowledgePruneRequest;
import dev.brain.grpc.v1.RunKnowledgePruneResponse;
import dev.brain.grpc.v1.RunResearchCycleRequest;
import dev.brain.grpc.v1.RunResearchCycleResponse;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.grpc.v1.SearchKnowledgeResponse;
import dev.brain.grpc.v1.SuggestRequest;
import dev.brain.grpc.v1.SuggestResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.grpc.v1.TrendsRequest;
import dev.brain.grpc.v1.TrendsResponse;
import dev.brain.grpc.v1.UpdateInsightStatusRequest;
import dev.brain.grpc.v1.UpdateInsightStatusResponse;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to research-service: insights and the knowledge library (every call made by {@link ServiceCall}). */
@ApplicationScoped
public class ResearchServiceClient {

    static final String NAME = "research-service";

    /** A research cycle, prune or decay runs over a whole tenant or library: longer than the call deadline. */
    private static final Duration LONG = Duration.ofMinutes(10);

    /**
     * What {@code Stats} says for a tenant: up with the live row counts (or down with the reason), the tenant's
     * latest research cycle and the next scheduled one (each null when unknown).
     */
    public record Overview(ServiceCounts counts, JobRunResult lastCycle, Timestamp nextCycleAt) {
    }

    private final MutinyResearchServiceGrpc.MutinyResearchServiceStub service;
    private final MutinyKnowledgeServiceGrpc.MutinyKnowledgeServiceStub knowledge;
    private final ServiceCall calls;

    public ResearchServiceClient(@GrpcClient("research") MutinyResearchServiceGrpc.MutinyResearchServiceStub service,
            @GrpcClient("research") MutinyKnowledgeServiceGrpc.MutinyKnowledgeServiceStub knowledge,
            @GrpcClient("research") Channel channel, ServicesConfig config) {
        this.service = service;
        this.knowledge = knowledge;
        this.calls = new ServiceCall(NAME, channel, config);
    }

    /**
     * Live row counts of the tenant's data and its research cycles in one call; never fails: a down service becomes
     * {@link ServiceCounts#down} and no cycles.
     */
    public Uni<Overview> overview(String tenant) {
        return calls.read(service, tenant, s -> s.stats(ResearchStatsRequest.getDefaultInstance()))
                .map(r -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    for (TableCount table : r.getTablesList()) {
                        counts.put(table.getTable(), table.getRows());
                    }
                    return new Overview(ServiceCounts.up(counts), r.hasLastCycle() ? r.getLastCycle() : null,
                            r.hasNextCycleAt() ? r.getNextCycleAt() : null);
                })
                .onFailure().recoverWithItem(failure -> new Overview(ServiceCounts.down(failure.getMessage()), null, null));
    }

    // ---- insights -------------------------------------------------------------------------------------------

    public Uni<ListInsightsResponse> listInsights(String tenant, ListInsightsRequest request) {
        return calls.read(service, tenant, s -> s.listInsights(request));
    }

    public Uni<GetInsightResponse> getInsight(String tenant, GetInsightRequest request) {
        return calls.read(service, tenant, s -> s.getInsight(request));
    }

    public Uni<UpdateInsightStatusResponse> updateInsightStatus(String tenant, UpdateInsightStatusRequest request) {
        return calls.call(service, tenant, s -> s.updateInsightStatus(request));
    }

    public Uni<SuggestResponse> suggest(String tenant, SuggestRequest request) {
        return calls.read(service, tenant, s -> s.suggest(request));
    }

    public Uni<TrendsResponse> trends(String tenant, TrendsRequest request) {
        return calls.read(service, tenant, s -> s.trends(request));
    }

    /** Runs the tenant's research cycle now (admin); a long deadline. */
    public Uni<JobRunResult> runCycle(String tenant) {
        return calls.call(service, tenant, LONG, s -> s.runCycle(RunResearchCycleRequest.getDefaultInstance()))
                .map(RunResearchCycleResponse::getResult);
    }

    // ---- knowledge library ----------------------------------------------------------------------------------

    public Uni<SaveResearchResponse> saveResearch(String tenant, SaveResearchRequest request) {
        return calls.call(knowledge, tenant, s -> s.saveResearch(request));
    }

    public Uni<SearchKnowledgeResponse> searchKnowledge(String tenant, SearchKnowledgeRequest request) {
        return calls.read(knowledge, tenant, s -> s.search(request));
    }

    public Uni<KnowledgeStructureResponse> structure(String tenant, KnowledgeStructureRequest request) {
        return calls.read(knowledge, tenant, s -> s.structure(request));
    }

    public Uni<ReadKnowledgeBlockResponse> readBlock(String tenant, ReadKnowledgeBlockRequest request) {
        return calls.read(knowledge, tenant, s -> s.readBlock(request));
    }

    public Uni<DeactivateKnowledgeResponse> deactivate(String tenant, DeactivateKnowledgeRequest request) {
        return calls.call(knowledge, tenant, s -> s.deactivate(request));
    }

    public Uni<ReactivateKnowledgeResponse> reactivate(String tenant, ReactivateKnowledgeRequest request) {
        return calls.call(knowledge, tenant, s -> s.reactivate(request));
    }

    /** Runs the prune cycle of one pair now (admin); a long deadline. */
    public Uni<RunKnowledgePruneResponse> runPrune(String tenant, Pair pair) {
        return calls.call(knowledge, tenant, LONG,
                s -> s.runPrune(RunKnowledgePruneRequest.newBuilder().setPair(pair).build()));
    }

    /** Runs the knowledge decay of every pair now (admin); a long deadline. */
    public Uni<RunKnowledgeDecayResponse> runDecay(String tenant) {
        return calls.call(knowledge, tenant, LONG, s -> s.runDecay(RunKnowledgeDecayRequest.getDefaultInstance()));
    }
}
