package dev.brain.research.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import dev.brain.grpc.v1.*;
import io.grpc.BindableService;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/**
 * memory-service as research-service meets it: synapse reads (answers set per tenant; {@code ListSynapses}
 * filters the set answer by synapse type and min weight), the batch intake and jobs (recorded, applied), short-term
 * entries (recorded, numbered) and a deterministic embedder: each lower-cased word adds 1 to one of 384 buckets,
 * then the vector is normalised, so texts sharing words are near by cosine.
 */
final class MemoryServiceDouble {

    static final int DIMENSION = 384;

    private final ServiceDoubles doubles;

    MemoryServiceDouble(ServiceDoubles doubles) {
        this.doubles = doubles;
    }

    boolean down(StreamObserver<?> out) {
        if (doubles.memoryDown) {
            out.onError(Status.UNAVAILABLE.withDescription("memory-service double is down").asRuntimeException());
            return true;
        }
        return false;
    }

    /** The double's embedding of a text (also used by tests to construct expectations). */
    static FloatVector vector(String text) {
        float[] v = new float[DIMENSION];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (!word.isEmpty()) {
                v[Math.floorMod(java.util.Arrays.hashCode(word.getBytes(StandardCharsets.UTF_8)), DIMENSION)] += 1;
            }
        }
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        FloatVector.Builder vector = FloatVector.newBuilder();
        for (float x : v) {
            vector.addValues(norm == 0 ? 0 : (float) (x / Math.sqrt(norm)));
        }
        return vector.build();
    }

    List<BindableService> services() {
        return List.of(new SynapseServiceGrpc.SynapseServiceImplBase() {
            @Override
            public void listSynapses(ListSynapsesRequest r, StreamObserver<ListSynapsesResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("ListSynapses", r);
                ListSynapsesResponse all = doubles.answerOf(ListSynapsesResponse.class,
                        ListSynapsesResponse.getDefaultInstance());
                o.onNext(ListSynapsesResponse.newBuilder().addAllSynapses(all.getSynapsesList().stream()
                        .filter(s -> r.getSynapseTypesList().isEmpty() || r.getSynapseTypesList().contains(s.getType()))
                        .filter(s -> !r.hasMinWeight() || s.getWeight() >= r.getMinWeight())
                        .filter(s -> r.getSourceType() == NodeType.NODE_TYPE_UNSPECIFIED
                                || s.getSource().getType() == r.getSourceType())
                        .filter(s -> r.getTargetType() == NodeType.NODE_TYPE_UNSPECIFIED
                                || s.getTarget().getType() == r.getTargetType())
                        .toList()).build());
                o.onCompleted();
            }

            @Override
            public void getDegrees(GetDegreesRequest r, StreamObserver<GetDegreesResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("GetDegrees", r);
                // a set answer lists the nodes that have synapses; every other requested node is isolated
                GetDegreesResponse known = doubles.answerOf(GetDegreesResponse.class, GetDegreesResponse.getDefaultInstance());
                GetDegreesResponse.Builder out = GetDegreesResponse.newBuilder();
                for (NodeRef node : r.getNodesList()) {
                    out.addDegrees(known.getDegreesList().stream().filter(d -> d.getNode().equals(node)).findFirst()
                            .orElse(NodeDegree.newBuilder().setNode(node).build()));
                }
                o.onNext(out.build());
                o.onCompleted();
            }

            @Override
            public void getStats(GetSynapseStatsRequest r, StreamObserver<GetSynapseStatsResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("GetStats", r);
                o.onNext(doubles.answerOf(GetSynapseStatsResponse.class, GetSynapseStatsResponse.getDefaultInstance()));
                o.onCompleted();
            }
        }, new SynapseEventServiceGrpc.SynapseEventServiceImplBase() {
            @Override
            public void applySynapseEvents(ApplySynapseEventsRequest r, StreamObserver<ApplySynapseEventsResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("ApplySynapseEvents", r);
                ApplySynapseEventsResponse.Builder out = ApplySynapseEventsResponse.newBuilder();
                r.getEventsList().forEach(e -> out.addResults(SynapseEventResult.newBuilder()
                        .setIdempotencyKey(e.getIdempotencyKey()).setStatus(SynapseEventStatus.SYNAPSE_EVENT_STATUS_APPLIED)));
                o.onNext(out.build());
                o.onCompleted();
            }
        }, new MemoryAdminServiceGrpc.MemoryAdminServiceImplBase() {
            @Override
            public void runJob(RunJobRequest r, StreamObserver<RunJobResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("RunJob", r);
                o.onNext(RunJobResponse.newBuilder().setResult(JobRunResult.newBuilder().setJob(r.getJob().name())
                        .setStatus(JobStatus.JOB_STATUS_DONE).putCounts("updated", 3)).build());
                o.onCompleted();
            }
        }, new EmbeddingServiceGrpc.EmbeddingServiceImplBase() {
            @Override
            public void embed(EmbedRequest r, StreamObserver<EmbedResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("Embed", r);
                EmbedResponse.Builder out = EmbedResponse.newBuilder().setModel("test-bag-of-words").setDimension(DIMENSION);
                r.getTextsList().forEach(t -> out.addVectors(vector(t)));
                o.onNext(out.build());
                o.onCompleted();
            }
        }, new ShortTermMemoryServiceGrpc.ShortTermMemoryServiceImplBase() {
            @Override
            public void writeEntry(WriteEntryRequest r, StreamObserver<WriteEntryResponse> o) {
                if (down(o)) {
                    return;
                }
                doubles.record("WriteEntry", r);
                o.onNext(WriteEntryResponse.newBuilder().setStored(true).setEntry(ShortTermEntry.newBuilder()
                        .setId(doubles.ids.incrementAndGet()).setPair(r.getPair()).setObserver(r.getObserver())
                        .setContent(r.getContent())).build());
                o.onCompleted();
            }
        });
    }
}
