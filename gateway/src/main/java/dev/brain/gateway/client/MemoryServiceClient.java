package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.brain.grpc.v1.CalibrateRequest;
import dev.brain.grpc.v1.CalibrateResponse;
import dev.brain.grpc.v1.ExportMemoryChunk;
import dev.brain.grpc.v1.ExportMemoryRequest;
import dev.brain.grpc.v1.ImportMemoryRequest;
import dev.brain.grpc.v1.ImportMemoryResponse;
import dev.brain.grpc.v1.MutinyLongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MutinyMemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MutinyShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.ReinforceUsageRequest;
import dev.brain.grpc.v1.ReinforceUsageResponse;
import dev.brain.grpc.v1.SearchEntriesRequest;
import dev.brain.grpc.v1.SearchEntriesResponse;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.grpc.v1.WriteEntryResponse;
import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.ActivateResponse;
import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.GetSynapseStatsRequest;
import dev.brain.grpc.v1.GetSynapseStatsResponse;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.MutinySynapseServiceGrpc;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.tenancy.Tenancy;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to memory-service: tenant metadata and a deadline on every call. */
@ApplicationScoped
public class MemoryServiceClient {

    static final String NAME = "memory-service";

    private final MutinyMemoryAdminServiceGrpc.MutinyMemoryAdminServiceStub service;
    private final MutinySynapseServiceGrpc.MutinySynapseServiceStub synapses;
    private final MutinyShortTermMemoryServiceGrpc.MutinyShortTermMemoryServiceStub shortTerm;
    private final MutinyLongTermMemoryServiceGrpc.MutinyLongTermMemoryServiceStub longTerm;
    private final Duration deadline;

    public MemoryServiceClient(@GrpcClient("memory") MutinyMemoryAdminServiceGrpc.MutinyMemoryAdminServiceStub service,
            @GrpcClient("memory") MutinySynapseServiceGrpc.MutinySynapseServiceStub synapses,
            @GrpcClient("memory") MutinyShortTermMemoryServiceGrpc.MutinyShortTermMemoryServiceStub shortTerm,
            @GrpcClient("memory") MutinyLongTermMemoryServiceGrpc.MutinyLongTermMemoryServiceStub longTerm,
            @ConfigProperty(name = "brain.services.deadline", defaultValue = "2s") Duration deadline) {
        this.service = service;
        this.synapses = synapses;
        this.shortTerm = shortTerm;
        this.longTerm = longTerm;
        this.deadline = deadline;
    }

    private static io.grpc.ClientInterceptor tenantOf(String tenant) {
        return MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant));
    }

    /** Writes a short-term entry (memory_remember). */
    public Uni<WriteEntryResponse> writeEntry(String tenant, WriteEntryRequest request) {
        return shortTerm.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS).withInterceptors(tenantOf(tenant))
                .writeEntry(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Short-term entries nearest to a query (what a recall that found nothing says is still waiting). */
    public Uni<SearchEntriesResponse> searchEntries(String tenant, SearchEntriesRequest request) {
        return shortTerm.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS).withInterceptors(tenantOf(tenant))
                .searchEntries(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** The read path (memory_recall). */
    public Uni<ReadResponse> read(String tenant, ReadRequest request) {
        return longTerm.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS).withInterceptors(tenantOf(tenant))
                .read(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Usage reinforcement of a turn's final answer (memory_feedback). */
    public Uni<ReinforceUsageResponse> reinforceUsage(String tenant, ReinforceUsageRequest request) {
        return longTerm.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS).withInterceptors(tenantOf(tenant))
                .reinforceUsage(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Promotes one short-term entry now (admin). */
    public Uni<PromoteEntryResponse> promoteEntry(String tenant, PromoteEntryRequest request) {
        return as(tenant).promoteEntry(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Threshold calibration of one pair (memory.md §12); a long deadline, it samples up to 100,000 pairs. */
    public Uni<CalibrateResponse> calibrate(String tenant, CalibrateRequest request) {
        return service.withDeadlineAfter(5, TimeUnit.MINUTES).withInterceptors(tenantOf(tenant))
                .calibrate(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Streams the pair's export (JSON lines in chunks); a long deadline, exports can be large. */
    public Multi<ExportMemoryChunk> export(String tenant, ExportMemoryRequest request) {
        return service.withDeadlineAfter(10, TimeUnit.MINUTES).withInterceptors(tenantOf(tenant))
                .export(request)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Streams an import (options first, then the data) as one call, one transaction. */
    public Uni<ImportMemoryResponse> importMemory(String tenant, Multi<ImportMemoryRequest> messages) {
        return service.withDeadlineAfter(10, TimeUnit.MINUTES).withInterceptors(tenantOf(tenant))
                .import_(messages)
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    private MutinyMemoryAdminServiceGrpc.MutinyMemoryAdminServiceStub as(String tenant) {
        return service.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    private MutinySynapseServiceGrpc.MutinySynapseServiceStub synapsesAs(String tenant) {
        return synapses.withDeadlineAfter(deadline.toMillis(), TimeUnit.MILLISECONDS)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    /** Spreading activation from {@code start} in both directions. */
    public Uni<ActivateResponse> activate(String tenant, NodeRef start, int maxDepth) {
        return synapsesAs(tenant).activate(ActivateRequest.newBuilder().setStart(start).setMaxDepth(maxDepth).build())
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** The strongest path between two nodes in both directions. */
    public Uni<FindPathResponse> findPath(String tenant, NodeRef from, NodeRef to) {
        return synapsesAs(tenant).findPath(FindPathRequest.newBuilder().setFrom(from).setTo(to).build())
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** The tenant's network statistics. */
    public Uni<GetSynapseStatsResponse> networkStats(String tenant) {
        return synapsesAs(tenant).getStats(GetSynapseStatsRequest.getDefaultInstance())
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Runs a memory job now (admin); jobs can take longer than the call deadline. */
    public Uni<RunJobResponse> runJob(String tenant, MemoryJob job) {
        return service.withDeadlineAfter(10, TimeUnit.MINUTES)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)))
                .runJob(RunJobRequest.newBuilder().setJob(job).build())
                .onFailure().transform(f -> ServiceCallException.of(NAME, f));
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return as(tenant).stats(MemoryStatsRequest.getDefaultInstance())
                .map(response -> {
                    Map<String, Long> counts = new LinkedHashMap<>();
                    for (TableCount table : response.getTablesList()) {
                        counts.put(table.getTable(), table.getRows());
                    }
                    return ServiceCounts.up(counts);
                })
                .onFailure().recoverWithItem(failure -> ServiceCounts.down(ServiceFailures.describe(NAME, failure)));
    }
}
