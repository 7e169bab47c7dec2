package dev.brain.memory.admin.grpc;

import javax.sql.DataSource;

import dev.brain.grpc.v1.MutinyMemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.MemoryStatsResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import dev.brain.tenancy.TenantRowCounts;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code MemoryAdminService}: operator calls of memory-service (so far: live row counts). */
@GrpcService
public class MemoryAdminGrpcService extends MutinyMemoryAdminServiceGrpc.MemoryAdminServiceImplBase {

    private final DataSource dataSource;

    public MemoryAdminGrpcService(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    @Blocking
    public Uni<MemoryStatsResponse> stats(MemoryStatsRequest request) {
        return Uni.createFrom().item(() -> {
            MemoryStatsResponse.Builder response = MemoryStatsResponse.newBuilder();
            TenantRowCounts.count(dataSource, "memory", Tenancy.currentTenant())
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }
}
