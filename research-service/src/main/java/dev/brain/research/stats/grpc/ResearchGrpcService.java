package dev.brain.research.stats.grpc;

import javax.sql.DataSource;

import dev.brain.grpc.v1.MutinyResearchServiceGrpc;
import dev.brain.grpc.v1.ResearchStatsRequest;
import dev.brain.grpc.v1.ResearchStatsResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import dev.brain.tenancy.TenantRowCounts;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ResearchService}: insights and research cycles (so far: live row counts of schema research). */
@GrpcService
public class ResearchGrpcService extends MutinyResearchServiceGrpc.ResearchServiceImplBase {

    private final DataSource dataSource;

    public ResearchGrpcService(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    @Blocking
    public Uni<ResearchStatsResponse> stats(ResearchStatsRequest request) {
        return Uni.createFrom().item(() -> {
            ResearchStatsResponse.Builder response = ResearchStatsResponse.newBuilder();
            TenantRowCounts.count(dataSource, "research", Tenancy.currentTenant())
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }
}
