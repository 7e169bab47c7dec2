package dev.brain.research.stats.grpc;

import dev.brain.grpc.v1.MutinyResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.ResearchStatsResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.research.stats.ResearchStats;
import dev.brain.tenancy.Tenancy;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ResearchService}: insights and research cycles (so far: live row counts of schema research). */
@GrpcService
public class ResearchGrpcService extends MutinyResearchServiceGrpc.ResearchServiceImplBase {

    private final ResearchStats stats;

    public ResearchGrpcService(ResearchStats stats) {
        this.stats = stats;
    }

    @Override
    @Blocking
    public Uni<ResearchStatsResponse> stats(ResearchStatsRequest request) {
        return Uni.createFrom().item(() -> {
            ResearchStatsResponse.Builder response = ResearchStatsResponse.newBuilder();
            stats.rowCounts(Tenancy.currentTenant())
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }
}
