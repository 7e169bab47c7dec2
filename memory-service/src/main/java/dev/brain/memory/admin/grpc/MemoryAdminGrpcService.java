package dev.brain.memory.admin.grpc;

import com.google.protobuf.ByteString;

import dev.brain.grpc.v1.CalibrateRequest;
import dev.brain.grpc.v1.CalibrateResponse;
import dev.brain.grpc.v1.ExportMemoryChunk;
import dev.brain.grpc.v1.ExportMemoryRequest;
import dev.brain.grpc.v1.ImportLineError;
import dev.brain.grpc.v1.ImportMemoryRequest;
import dev.brain.grpc.v1.ImportMemoryResponse;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.MemoryStatsResponse;
import dev.brain.grpc.v1.MutinyMemoryAdminServiceGrpc;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.RecomputeEdgesRequest;
import dev.brain.grpc.v1.RecomputeEdgesResponse;
import dev.brain.grpc.v1.ReembedRequest;
import dev.brain.grpc.v1.ReembedResponse;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.RunJobResponse;
import dev.brain.grpc.v1.TableCount;
import dev.brain.memory.admin.calibration.Calibration;
import dev.brain.memory.admin.reembed.Reembed;
import dev.brain.memory.admin.scheduler.HousekeepingJob;
import dev.brain.memory.admin.stats.MemoryStats;
import dev.brain.memory.admin.transfer.MemoryExport;
import dev.brain.memory.admin.transfer.MemoryImport;
import dev.brain.memory.admin.transfer.TransferRequests;
import dev.brain.memory.jobs.JobRuns;
import dev.brain.memory.log.scheduler.LogRetentionJob;
import dev.brain.memory.longterm.decay.NodeDecayJob;
import dev.brain.memory.longterm.edges.EdgeRecompute;
import dev.brain.memory.longterm.promotion.Promotion;
import dev.brain.memory.longterm.promotion.PromotionJob;
import dev.brain.memory.longterm.promotion.ShortTermExpiryJob;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.pair.PairAccess.PairId;
import dev.brain.memory.shortterm.EntryRow;
import dev.brain.memory.shortterm.service.ShortTermEntries;
import dev.brain.memory.synapse.scheduler.SynapseDecayJob;
import dev.brain.tenancy.Tenancy;
import dev.brain.wire.WireNames;
import io.grpc.Status;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * {@code MemoryAdminService}: operator calls of memory-service (live row counts, the jobs PROMOTION, NODE_DECAY,
 * SYNAPSE_DECAY, SHORT_TERM_EXPIRY, LOG_RETENTION and HOUSEKEEPING now, PromoteEntry, RecomputeEdges,
 * Reembed, Calibrate, Export, Import).
 */
@GrpcService
public class MemoryAdminGrpcService extends MutinyMemoryAdminServiceGrpc.MemoryAdminServiceImplBase {

    private final MemoryStats stats;
    private final SynapseDecayJob synapseDecay;
    private final PromotionJob promotionJob;
    private final NodeDecayJob nodeDecay;
    private final ShortTermExpiryJob expiry;
    private final Promotion promotion;
    private final ShortTermEntries entries;
    private final EdgeRecompute edgeRecompute;
    private final LogRetentionJob logRetention;
    private final HousekeepingJob housekeeping;
    private final Calibration calibration;
    private final MemoryExport export;
    private final MemoryImport importer;
    private final Reembed reembed;

    public MemoryAdminGrpcService(MemoryStats stats, SynapseDecayJob synapseDecay, PromotionJob promotionJob,
            NodeDecayJob nodeDecay, ShortTermExpiryJob expiry, Promotion promotion, ShortTermEntries entries,
            EdgeRecompute edgeRecompute, LogRetentionJob logRetention, HousekeepingJob housekeeping,
            Calibration calibration, MemoryExport export, MemoryImport importer, Reembed reembed) {
        this.reembed = reembed;
        this.logRetention = logRetention;
        this.housekeeping = housekeeping;
        this.calibration = calibration;
        this.export = export;
        this.importer = importer;
        this.edgeRecompute = edgeRecompute;
        this.stats = stats;
        this.synapseDecay = synapseDecay;
        this.promotionJob = promotionJob;
        this.nodeDecay = nodeDecay;
        this.expiry = expiry;
        this.promotion = promotion;
        this.entries = entries;
    }

    @Override
    @Blocking
    public Uni<RunJobResponse> runJob(RunJobRequest request) {
        return Uni.createFrom().item(() -> {
            Tenancy.currentTenant();
            JobRuns.Run run = switch (request.getJob()) {
                case MEMORY_JOB_SYNAPSE_DECAY -> {
                    SynapseDecayJob.Run r = synapseDecay.run("manual");
                    yield new JobRuns.Run(r.skipped(), r.counts(), r.durationMs());
                }
                case MEMORY_JOB_PROMOTION -> promotionJob.run("manual");
                case MEMORY_JOB_NODE_DECAY -> nodeDecay.run("manual");
                case MEMORY_JOB_SHORT_TERM_EXPIRY -> expiry.run("manual");
                case MEMORY_JOB_LOG_RETENTION -> logRetention.run("manual");
                case MEMORY_JOB_HOUSEKEEPING -> housekeeping.run("manual");
                default -> throw Status.UNIMPLEMENTED.withDescription("job: " + request.getJob()
                        + " is not available yet").asRuntimeException();
            };
            return RunJobResponse.newBuilder().setResult(JobRunResult.newBuilder()
                    .setJob(WireNames.constant(request.getJob()))
                    .setStatus(run.skipped() ? JobStatus.JOB_STATUS_SKIPPED_LOCKED : JobStatus.JOB_STATUS_DONE)
                    .putAllCounts(run.counts()).setDurationMs(run.durationMs())).build();
        });
    }

    @Override
    @Blocking
    public Uni<PromoteEntryResponse> promoteEntry(PromoteEntryRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            EntryRow entry = switch (request.getSelectorCase()) {
                case ID -> {
                    if (request.getId() <= 0) {
                        throw Status.INVALID_ARGUMENT.withDescription("id: must be > 0").asRuntimeException();
                    }
                    yield entries.get(pair, request.getId(), null, false);
                }
                case ENTRY_KEY -> entries.get(pair, null, request.getEntryKey(), false);
                default -> throw Status.INVALID_ARGUMENT.withDescription("id or entry_key: one is required")
                        .asRuntimeException();
            };
            Promotion.Result result = promotion.promote(pair.userId(), pair.agentId(), entry.id(), "system");
            PromoteEntryResponse.Builder response = PromoteEntryResponse.newBuilder()
                    .setOutcome(switch (result.outcome()) {
                        case Promotion.NEW_NODE -> PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE;
                        case Promotion.DUPLICATE -> PromotionOutcome.PROMOTION_OUTCOME_DUPLICATE;
                        case Promotion.REACTIVATED -> PromotionOutcome.PROMOTION_OUTCOME_REACTIVATED;
                        case Promotion.NOT_PENDING -> PromotionOutcome.PROMOTION_OUTCOME_NOT_PENDING;
                        default -> PromotionOutcome.PROMOTION_OUTCOME_FAILED;
                    })
                    .setNodeId(result.nodeId()).setHitNodeId(result.hitNodeId()).setEdgesCreated(result.edgesCreated())
                    .setEdgePairsCapped(result.edgePairsCapped()).setMessage(result.message());
            if (result.bestCosine() != null) {
                response.setBestCosine(result.bestCosine());
            }
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<RecomputeEdgesResponse> recomputeEdges(RecomputeEdgesRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            for (int i = 0; i < request.getNodeIdsCount(); i++) {
                if (request.getNodeIds(i) <= 0) {
                    throw Status.INVALID_ARGUMENT.withDescription("node_ids[" + i + "]: must be > 0").asRuntimeException();
                }
            }
            EdgeRecompute.Result result = edgeRecompute.onRequest(pair.userId(), pair.agentId(), request.getNodeIdsList());
            return RecomputeEdgesResponse.newBuilder().setNodes(result.nodes()).setEdgesRecomputed(result.edgesRecomputed())
                    .addAllEdgeErrors(result.edgeErrors()).setDurationMs(result.durationMs()).build();
        });
    }

    /**
     * Re-embeds the pair (or, without one, every pair of the caller's tenant) with the current provider and
     * brings its edges along; see {@link Reembed}. A pair of another tenant is PERMISSION_DENIED.
     */
    @Override
    @Blocking
    public Uni<ReembedResponse> reembed(ReembedRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.currentTenant();
            PairId pair = request.hasPair() ? PairAccess.require(request.getPair()) : null;
            Reembed.Result result = reembed.run(tenant, pair, request.getRebuild());
            return ReembedResponse.newBuilder().setNodesReembedded(result.nodes())
                    .setEntriesReembedded(result.entries()).setEdgesRecomputed(result.edgesRecomputed())
                    .setEdgesRebuilt(result.edgesRebuilt()).setDurationMs(result.durationMs()).build();
        });
    }

    @Override
    @Blocking
    public Uni<MemoryStatsResponse> stats(MemoryStatsRequest request) {
        return Uni.createFrom().item(() -> {
            MemoryStatsResponse.Builder response = MemoryStatsResponse.newBuilder();
            stats.rowCounts(Tenancy.currentTenant())
                    .forEach((table, rows) -> response.addTables(TableCount.newBuilder().setTable(table).setRows(rows)));
            return response.build();
        });
    }

    @Override
    @Blocking
    public Uni<CalibrateResponse> calibrate(CalibrateRequest request) {
        return Uni.createFrom().item(() -> {
            PairId pair = PairAccess.require(request.getPair());
            Calibration.Report report = calibration.calibrate(pair.userId(), pair.agentId(), request.getSamplePairs(),
                    request.getAnswersList(), request.hasSeed() ? request.getSeed() : null);
            return TransferRequests.response(report);
        });
    }

    /** Streams the export on a worker thread, one chunk (≤ 1 MiB of whole lines) per request of the client. */
    @Override
    public Multi<ExportMemoryChunk> export(ExportMemoryRequest request) {
        String tenant = Tenancy.currentTenant();
        PairId pair = request.hasPair() ? PairAccess.require(request.getPair()) : null;
        var kinds = TransferRequests.kinds(request.getKindsList());
        return Multi.createFrom().<byte[]> iterable(() -> export.chunks(tenant, pair, kinds))
                .map(bytes -> ExportMemoryChunk.newBuilder().setData(ByteString.copyFrom(bytes)).build())
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** Collects the call's lines (within the §14 limits), then imports them in one transaction on a worker thread. */
    @Override
    public Uni<ImportMemoryResponse> import_(Multi<ImportMemoryRequest> request) {
        String tenant = Tenancy.currentTenant();
        return request.collect().in(TransferRequests.ImportCall::new, TransferRequests.ImportCall::accept)
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .map(call -> {
                    MemoryImport.Result result = importer.run(tenant, call.options(), call.lines());
                    ImportMemoryResponse.Builder response = ImportMemoryResponse.newBuilder().putAllCounts(result.counts());
                    result.errors().forEach(e -> response.addErrors(ImportLineError.newBuilder().setLine(e.line())
                            .setMessage(e.message())));
                    return response.build();
                });
    }
}
