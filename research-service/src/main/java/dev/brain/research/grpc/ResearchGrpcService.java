package dev.brain.research.grpc;

import dev.brain.grpc.v1.GetInsightRequest;
import dev.brain.grpc.v1.GetInsightResponse;
import dev.brain.grpc.v1.ListInsightsRequest;
import dev.brain.grpc.v1.ListInsightsResponse;
import dev.brain.grpc.v1.MutinyResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.ResearchStatsResponse;
import dev.brain.grpc.v1.RunResearchCycleRequest;
import dev.brain.grpc.v1.RunResearchCycleResponse;
import dev.brain.grpc.v1.SuggestRequest;
import dev.brain.grpc.v1.SuggestResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.grpc.v1.TrendsRequest;
import dev.brain.grpc.v1.TrendsResponse;
import dev.brain.grpc.v1.UpdateInsightStatusRequest;
import dev.brain.grpc.v1.UpdateInsightStatusResponse;
import dev.brain.research.cycle.CycleStatus;
import dev.brain.research.cycle.ResearchCycle;
import dev.brain.research.cycle.mapping.CycleMapper;
import dev.brain.research.insight.InsightService;
import dev.brain.research.insight.InsightState;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.mapping.InsightMapper;
import dev.brain.research.stats.ResearchStats;
import dev.brain.tenancy.Tenancy;
import dev.brain.wire.ProtoTime;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ResearchService} (research.md §1, §3): insights, suggestions, trends, the research cycle and statistics. */
@GrpcService
public class ResearchGrpcService extends MutinyResearchServiceGrpc.ResearchServiceImplBase {

    private final ResearchStats stats;
    private final CycleStatus cycleStatus;
    private final InsightService insights;
    private final ResearchCycle cycle;

    public ResearchGrpcService(ResearchStats stats, CycleStatus cycleStatus, InsightService insights, ResearchCycle cycle) {
        this.stats = stats;
        this.cycleStatus = cycleStatus;
        this.insights = insights;
        this.cycle = cycle;
    }

    @Override
    @Blocking
    public Uni<ResearchStatsResponse> stats(ResearchStatsRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.currentTenant();
            ResearchStatsResponse.Builder response = ResearchStatsResponse.newBuilder();
            stats.rowCounts(tenant)
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            CycleStatus.Status status = cycleStatus.of(tenant);
            status.last().ifPresent(run -> response.setLastCycle(CycleMapper.toProto(run)));
            status.next().ifPresent(next -> response.setNextCycleAt(ProtoTime.timestamp(next)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<ListInsightsResponse> listInsights(ListInsightsRequest r) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(r.getScope().getTenant());
            Priority min = InsightMapper.priority(r.getMinPriority());
            InsightState state = InsightMapper.state(r.getStatus());
            var page = insights.list(tenant, r.getScope().getProject(), InsightMapper.kinds(r.getTypesList()),
                    min == null ? Priority.LOW : min, state == null ? InsightState.ACTIVE : state, r.getLimit(),
                    r.getPageToken());
            return ListInsightsResponse.newBuilder()
                    .addAllInsights(page.insights().stream().map(InsightMapper::toProto).toList())
                    .setNextPageToken(page.nextPageToken()).build();
        });
    }

    @Override
    @Blocking
    public Uni<GetInsightResponse> getInsight(GetInsightRequest r) {
        return Uni.createFrom().item(() -> GetInsightResponse.newBuilder().setInsight(InsightMapper.toProto(
                insights.get(Tenancy.requireOwnTenant(r.getScope().getTenant()), r.getId()))).build());
    }

    @Override
    @Blocking
    public Uni<UpdateInsightStatusResponse> updateInsightStatus(UpdateInsightStatusRequest r) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(r.getScope().getTenant());
            var updated = insights.updateStatus(tenant, r.getId(), InsightMapper.state(r.getStatus()), r.getOutcome(),
                    r.hasActionTaken() ? r.getActionTaken() : null);
            return UpdateInsightStatusResponse.newBuilder().setInsight(InsightMapper.toProto(updated)).build();
        });
    }

    @Override
    @Blocking
    public Uni<SuggestResponse> suggest(SuggestRequest r) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.requireOwnTenant(r.getScope().getTenant());
            var result = insights.suggest(tenant, r.getContext(), r.getLimit(), r.hasPair() ? r.getPair() : null);
            return SuggestResponse.newBuilder().addAllSuggestions(result.suggestions())
                    .setSemanticSkipped(result.semanticSkipped()).build();
        });
    }

    @Override
    @Blocking
    public Uni<TrendsResponse> trends(TrendsRequest r) {
        return Uni.createFrom().item(() -> InsightMapper.toProto(insights.trends(
                Tenancy.requireOwnTenant(r.getScope().getTenant()), r.getScope().getProject(), r.getWindowDays())));
    }

    @Override
    @Blocking
    public Uni<RunResearchCycleResponse> runCycle(RunResearchCycleRequest r) {
        return Uni.createFrom().item(() -> RunResearchCycleResponse.newBuilder().setResult(CycleMapper.toProto(
                cycle.run(Tenancy.requireOwnTenant(r.getScope().getTenant()), "manual"))).build());
    }
}
