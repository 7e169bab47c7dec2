package dev.brain.memory.admin.grpc;

import javax.sql.DataSource;

import dev.brain.grpc.v1.MutinyMemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.MemoryStatsResponse;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.memory.synapse.scheduler.SynapseDecayJob;
import io.grpc.Status;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import dev.brain.tenancy.TenantRowCounts;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/** {@code MemoryAdminService}: operator calls of memory-service (so far: live row counts, synapse decay now). */
@GrpcService
public class MemoryAdminGrpcService extends MutinyMemoryAdminServiceGrpc.MemoryAdminServiceImplBase {

    private final DataSource dataSource;
    private final SynapseDecayJob synapseDecay;

    public MemoryAdminGrpcService(DataSource dataSource, SynapseDecayJob synapseDecay) {
        this.dataSource = dataSource;
        this.synapseDecay = synapseDecay;
    }

    @Override
    @Blocking
    public Uni<RunJobResponse> runJob(RunJobRequest request) {
        return Uni.createFrom().item(() -> {
            Tenancy.currentTenant();
            if (request.getJob() != MemoryJob.MEMORY_JOB_SYNAPSE_DECAY) {
                throw Status.UNIMPLEMENTED.withDescription("job: " + request.getJob() + " is not available yet")
                        .asRuntimeException();
            }
            SynapseDecayJob.Run run = synapseDecay.run("manual");
            return RunJobResponse.newBuilder().setResult(JobRunResult.newBuilder().setJob("SYNAPSE_DECAY")
                    .setStatus(run.skipped() ? JobStatus.JOB_STATUS_SKIPPED_LOCKED : JobStatus.JOB_STATUS_DONE)
                    .putAllCounts(run.counts()).setDurationMs(run.durationMs())).build();
        });
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
