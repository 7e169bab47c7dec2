package dev.brain.error.stats.grpc;

import javax.sql.DataSource;

import dev.brain.grpc.v1.MutinyErrorServiceGrpc;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ErrorStatsResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import dev.brain.tenancy.TenantRowCounts;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code ErrorService}: error intelligence (so far: live row counts of schema error). */
@GrpcService
public class ErrorGrpcService extends MutinyErrorServiceGrpc.ErrorServiceImplBase {

    private final DataSource dataSource;

    public ErrorGrpcService(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    @Blocking
    public Uni<ErrorStatsResponse> stats(ErrorStatsRequest request) {
        return Uni.createFrom().item(() -> {
            ErrorStatsResponse.Builder response = ErrorStatsResponse.newBuilder();
            TenantRowCounts.count(dataSource, "error", Tenancy.currentTenant())
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }
}
