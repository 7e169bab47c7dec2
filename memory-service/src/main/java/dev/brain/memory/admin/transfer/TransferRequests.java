package dev.brain.memory.admin.transfer;

import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.Timestamp;

import dev.brain.db.transfer.OnConflict;
import dev.brain.grpc.v1.CalibrateResponse;
import dev.brain.grpc.v1.CosineDistribution;
import dev.brain.grpc.v1.ImportMemoryOptions;
import dev.brain.grpc.v1.ImportMemoryRequest;
import dev.brain.grpc.v1.MemoryRecordKind;
import dev.brain.memory.admin.calibration.Calibration;
import dev.brain.memory.admin.calibration.CosineStats;
import dev.brain.memory.pair.PairAccess;
import dev.brain.memory.pair.PairAccess.PairId;
import io.grpc.Status;

/** Proto ↔ domain mapping of Calibrate, Export and Import. */
public final class TransferRequests {

    private TransferRequests() {
    }

    /** Export kinds in export order; empty = all. */
    public static List<MemoryExport.Kind> kinds(List<MemoryRecordKind> requested) {
        List<MemoryExport.Kind> kinds = new ArrayList<>();
        for (MemoryExport.Kind kind : MemoryExport.Kind.values()) {
            MemoryRecordKind proto = switch (kind) {
                case NODE -> MemoryRecordKind.MEMORY_RECORD_KIND_NODES;
                case EDGE -> MemoryRecordKind.MEMORY_RECORD_KIND_EDGES;
                case ENTRY -> MemoryRecordKind.MEMORY_RECORD_KIND_ENTRIES;
                case SYNAPSE -> MemoryRecordKind.MEMORY_RECORD_KIND_SYNAPSES;
            };
            if (requested.isEmpty() || requested.contains(proto)) {
                kinds.add(kind);
            }
        }
        for (int i = 0; i < requested.size(); i++) {
            if (requested.get(i) == MemoryRecordKind.MEMORY_RECORD_KIND_UNSPECIFIED
                    || requested.get(i) == MemoryRecordKind.UNRECOGNIZED) {
                throw Status.INVALID_ARGUMENT.withDescription("kinds[" + i + "]: unknown kind").asRuntimeException();
            }
        }
        return kinds;
    }

    public static MemoryImport.Options options(ImportMemoryOptions o) {
        PairId pair = o.hasPair() ? PairAccess.require(o.getPair()) : null;
        OnConflict policy = switch (o.getOnConflict()) {
            case IMPORT_CONFLICT_POLICY_UNSPECIFIED, IMPORT_CONFLICT_POLICY_FAIL -> OnConflict.FAIL;
            case IMPORT_CONFLICT_POLICY_SKIP -> OnConflict.SKIP;
            case IMPORT_CONFLICT_POLICY_REPLACE -> OnConflict.REPLACE;
            default -> throw Status.INVALID_ARGUMENT.withDescription("options.on_conflict: unknown policy")
                    .asRuntimeException();
        };
        return new MemoryImport.Options(pair, policy, o.getEmbedMissing(), o.getRecomputeEdges());
    }

    /** The stream of one Import call: options exactly once, first; then data within the §14 limits. */
    public static final class ImportCall {
        private MemoryImport.Options options;
        private final JsonLines lines = new JsonLines();
        private int messages;

        public void accept(ImportMemoryRequest message) {
            messages++;
            switch (message.getPayloadCase()) {
                case OPTIONS -> {
                    if (messages != 1) {
                        throw Status.INVALID_ARGUMENT.withDescription("options: only in the first message")
                                .asRuntimeException();
                    }
                    options = TransferRequests.options(message.getOptions());
                }
                case DATA -> {
                    if (options == null) {
                        throw Status.INVALID_ARGUMENT.withDescription("options: the first message must carry them")
                                .asRuntimeException();
                    }
                    lines.accept(message.getData().toByteArray());
                }
                default -> throw Status.INVALID_ARGUMENT.withDescription("payload: options or data required")
                        .asRuntimeException();
            }
        }

        public MemoryImport.Options options() {
            if (options == null) {
                throw Status.INVALID_ARGUMENT.withDescription("options: the first message must carry them")
                        .asRuntimeException();
            }
            return options;
        }

        public List<String> lines() {
            return lines.finish();
        }
    }

    public static CalibrateResponse response(Calibration.Report r) {
        return CalibrateResponse.newBuilder().setId(r.id()).setModel(r.model()).setDimension(r.dimension())
                .setNodeNode(distribution(r.nodeNode())).setAnswerNode(distribution(r.answerNode()))
                .setLowSample(r.lowSample()).putAllCurrent(r.current()).putAllSuggestions(r.suggestions())
                .setCreatedAt(Timestamp.newBuilder().setSeconds(r.createdAt().toEpochSecond())
                        .setNanos(r.createdAt().getNano()))
                .build();
    }

    static CosineDistribution distribution(CosineStats s) {
        return CosineDistribution.newBuilder().setN(s.n()).setMin(s.min()).setMean(s.mean()).setMax(s.max())
                .setP50(s.p50()).setP90(s.p90()).setP99(s.p99()).setP999(s.p999()).setP9999(s.p9999()).build();
    }
}
