package dev.brain.gateway.client;

import java.time.Duration;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.ActivateResponse;
import dev.brain.grpc.v1.CalibrateRequest;
import dev.brain.grpc.v1.CalibrateResponse;
import dev.brain.grpc.v1.ExportMemoryChunk;
import dev.brain.grpc.v1.ExportMemoryRequest;
import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.GetSynapseStatsRequest;
import dev.brain.grpc.v1.GetSynapseStatsResponse;
import dev.brain.grpc.v1.ImportMemoryRequest;
import dev.brain.grpc.v1.ImportMemoryResponse;
import dev.brain.grpc.v1.ListSynapsesRequest;
import dev.brain.grpc.v1.ListSynapsesResponse;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.MemoryStatsResponse;
import dev.brain.grpc.v1.MutinyLongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MutinyMemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MutinyShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.MutinySynapseServiceGrpc;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.ReinforceUsageRequest;
import dev.brain.grpc.v1.ReinforceUsageResponse;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.grpc.v1.SearchEntriesRequest;
import dev.brain.grpc.v1.SearchEntriesResponse;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.grpc.v1.WriteEntryResponse;
import io.grpc.Channel;
import io.quarkus.grpc.GrpcClient;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;

/** The gateway's only door to memory-service (every call made by {@link ServiceCall}). */
@ApplicationScoped
public class MemoryServiceClient {

    static final String NAME = "memory-service";

    /** Jobs, exports and imports can take longer than the call deadline. */
    private static final Duration LONG = Duration.ofMinutes(10);

    private final MutinyMemoryAdminServiceGrpc.MutinyMemoryAdminServiceStub service;
    private final MutinySynapseServiceGrpc.MutinySynapseServiceStub synapses;
    private final MutinyShortTermMemoryServiceGrpc.MutinyShortTermMemoryServiceStub shortTerm;
    private final MutinyLongTermMemoryServiceGrpc.MutinyLongTermMemoryServiceStub longTerm;
    private final ServiceCall calls;

    public MemoryServiceClient(@GrpcClient("memory") MutinyMemoryAdminServiceGrpc.MutinyMemoryAdminServiceStub service,
            @GrpcClient("memory") MutinySynapseServiceGrpc.MutinySynapseServiceStub synapses,
            @GrpcClient("memory") MutinyShortTermMemoryServiceGrpc.MutinyShortTermMemoryServiceStub shortTerm,
            @GrpcClient("memory") MutinyLongTermMemoryServiceGrpc.MutinyLongTermMemoryServiceStub longTerm,
            @GrpcClient("memory") Channel channel, ServicesConfig config) {
        this.service = service;
        this.synapses = synapses;
        this.shortTerm = shortTerm;
        this.longTerm = longTerm;
        this.calls = new ServiceCall(NAME, channel, config);
    }

    /**
     * Writes a short-term entry (memory_remember). With an {@code entry_key} the write is idempotent (the same key and
     * content answer the stored entry), so it is retried like a read when its connection was lost or the service was
     * unavailable; without one it is sent once.
     */
    public Uni<WriteEntryResponse> writeEntry(String tenant, WriteEntryRequest request) {
        return request.getEntryKey().isEmpty() ? calls.call(shortTerm, tenant, s -> s.writeEntry(request))
                : calls.read(shortTerm, tenant, s -> s.writeEntry(request));
    }

    /** Short-term entries nearest to a query (what a recall that found nothing says is still waiting). */
    public Uni<SearchEntriesResponse> searchEntries(String tenant, SearchEntriesRequest request) {
        return calls.read(shortTerm, tenant, s -> s.searchEntries(request));
    }

    /**
     * The read path (memory_recall). It records the turn's node ids under the request's turn_id, an idempotent
     * upsert (a repeated read adds the same ids), so it is retried like a read.
     */
    public Uni<ReadResponse> read(String tenant, ReadRequest request) {
        return calls.read(longTerm, tenant, s -> s.read(request));
    }

    /** Usage reinforcement of a turn's final answer (memory_feedback). */
    public Uni<ReinforceUsageResponse> reinforceUsage(String tenant, ReinforceUsageRequest request) {
        return calls.call(longTerm, tenant, s -> s.reinforceUsage(request));
    }

    /** Promotes one short-term entry now (admin). */
    public Uni<PromoteEntryResponse> promoteEntry(String tenant, PromoteEntryRequest request) {
        return calls.call(service, tenant, s -> s.promoteEntry(request));
    }

    /** Threshold calibration of one pair (memory.md §12); a long deadline, it samples up to 100,000 pairs. */
    public Uni<CalibrateResponse> calibrate(String tenant, CalibrateRequest request) {
        return calls.call(service, tenant, Duration.ofMinutes(5), s -> s.calibrate(request));
    }

    /** Streams the pair's export (JSON lines in chunks); a long deadline, exports can be large. */
    public Multi<ExportMemoryChunk> export(String tenant, ExportMemoryRequest request) {
        return calls.stream(service, tenant, LONG, s -> s.export(request));
    }

    /** Streams an import (options first, then the data) as one call, one transaction. */
    public Uni<ImportMemoryResponse> importMemory(String tenant, Multi<ImportMemoryRequest> messages) {
        return calls.call(service, tenant, LONG, s -> s.import_(messages));
    }

    /** Spreading activation from {@code start} in both directions. */
    public Uni<ActivateResponse> activate(String tenant, NodeRef start, int maxDepth) {
        return calls.read(synapses, tenant,
                s -> s.activate(ActivateRequest.newBuilder().setStart(start).setMaxDepth(maxDepth).build()));
    }

    /** The synapses touching {@code node} (both directions), strongest first, one page of at most {@code pageSize}. */
    public Uni<ListSynapsesResponse> synapsesOf(String tenant, NodeRef node, int pageSize, String pageToken) {
        return calls.read(synapses, tenant, s -> s.listSynapses(ListSynapsesRequest.newBuilder().setNode(node)
                .setPageSize(pageSize).setPageToken(pageToken == null ? "" : pageToken).build()));
    }

    /** The strongest path between two nodes in both directions. */
    public Uni<FindPathResponse> findPath(String tenant, NodeRef from, NodeRef to) {
        return calls.read(synapses, tenant, s -> s.findPath(FindPathRequest.newBuilder().setFrom(from).setTo(to).build()));
    }

    /** The tenant's network statistics. */
    public Uni<GetSynapseStatsResponse> networkStats(String tenant) {
        return calls.read(synapses, tenant, s -> s.getStats(GetSynapseStatsRequest.getDefaultInstance()));
    }

    /** Runs a memory job now (admin). */
    public Uni<RunJobResponse> runJob(String tenant, MemoryJob job) {
        return calls.call(service, tenant, LONG, s -> s.runJob(RunJobRequest.newBuilder().setJob(job).build()));
    }

    /** Live row counts of the tenant's data; never fails: a down service becomes {@link ServiceCounts#down}. */
    public Uni<ServiceCounts> stats(String tenant) {
        return calls.counts(service, tenant,
                s -> s.stats(MemoryStatsRequest.getDefaultInstance()).map(MemoryStatsResponse::getTablesList));
    }
}
