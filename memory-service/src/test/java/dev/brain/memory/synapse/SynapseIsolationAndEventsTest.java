package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.ApplySynapseEventsRequest;
import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.GetSynapseRequest;
import dev.brain.grpc.v1.GetSynapseStatsRequest;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.SynapseEvent;
import dev.brain.grpc.v1.SynapseEventOp;
import dev.brain.grpc.v1.SynapseEventServiceGrpc;
import dev.brain.grpc.v1.SynapseEventStatus;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.WeakenRequest;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class SynapseIsolationAndEventsTest {

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private SynapseServiceGrpc.SynapseServiceBlockingStub synapses(String tenant) {
        return GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
    }

    private SynapseEventServiceGrpc.SynapseEventServiceBlockingStub events(String tenant) {
        return GrpcTestChannel.as(tenant, SynapseEventServiceGrpc.newBlockingStub(channel));
    }

    private static void assertStatus(Runnable call, Status.Code code, String description) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).startsWith(description);
        });
    }

    @Test
    void noSynapseOrPathCrossesTenants() throws Exception {
        String a = SynapseFixtures.newTenant("iso-a");
        String b = SynapseFixtures.newTenant("iso-b");
        long id = SynapseFixtures.insert(dataSource, a, 1, 2, "causes", 0.9, OffsetDateTime.now());
        SynapseFixtures.insert(dataSource, b, 2, 3, "causes", 0.9, OffsetDateTime.now());

        assertThat(synapses(b).activate(ActivateRequest.newBuilder().setStart(error(1)).build()).getNodesList()).isEmpty();
        assertThat(synapses(a).activate(ActivateRequest.newBuilder().setStart(error(1)).build()).getNodesList())
                .extracting(n -> n.getNode().getId()).containsExactly(2L); // not 3: that hop belongs to tenant b
        assertThat(synapses(a).findPath(FindPathRequest.newBuilder().setFrom(error(1)).setTo(error(3)).build()).getFound())
                .isFalse();
        assertThat(synapses(b).findPath(FindPathRequest.newBuilder().setFrom(error(1)).setTo(error(2)).build()).getFound())
                .isFalse();
        assertStatus(() -> synapses(b).getSynapse(GetSynapseRequest.newBuilder().setSynapseId(id).build()),
                Status.Code.NOT_FOUND, "synapse");
        assertStatus(() -> synapses(b).weaken(WeakenRequest.newBuilder().setSynapseId(id).build()), Status.Code.NOT_FOUND,
                "synapse");
        assertThat(SynapseFixtures.weight(dataSource, id)).isEqualTo(0.9);
        assertThat(synapses(b).getStats(GetSynapseStatsRequest.getDefaultInstance()).getTotalSynapses()).isEqualTo(1);
        assertStatus(() -> synapses(a).getStats(GetSynapseStatsRequest.newBuilder().setTenant(b).build()),
                Status.Code.PERMISSION_DENIED, "scope.tenant");
    }

    @Test
    void concurrentStrengthensAreAtomic() throws Exception {
        String tenant = SynapseFixtures.newTenant("atomic");
        StrengthenRequest request = StrengthenRequest.newBuilder().setSource(error(1)).setTarget(error(2))
                .setType(SynapseType.SYNAPSE_TYPE_CO_OCCURS).build();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> calls = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                calls.add(pool.submit(() -> synapses(tenant).strengthen(request)));
            }
            for (Future<?> call : calls) {
                call.get();
            }
        } finally {
            pool.shutdown();
        }
        var synapse = synapses(tenant).strengthen(request).getSynapse();
        assertThat(synapse.getActivationCount()).isEqualTo(25);
        assertThat(synapse.getWeight()).isCloseTo(1 - 0.9 * Math.pow(0.85, 24), within(1e-9));
    }

    @Test
    void invalidRequestsNameTheField() {
        var stub = synapses(SynapseFixtures.newTenant("invalid"));
        assertStatus(() -> stub.strengthen(StrengthenRequest.newBuilder().setSource(error(1)).setTarget(error(1))
                .setType(SynapseType.SYNAPSE_TYPE_SOLVES).build()), Status.Code.INVALID_ARGUMENT, "target: must differ");
        assertStatus(() -> stub.strengthen(StrengthenRequest.newBuilder().setSource(error(1)).setTarget(error(2)).build()),
                Status.Code.INVALID_ARGUMENT, "type:");
        assertStatus(() -> stub.strengthen(StrengthenRequest.newBuilder().setSource(error(0)).setTarget(error(2))
                .setType(SynapseType.SYNAPSE_TYPE_SOLVES).build()), Status.Code.INVALID_ARGUMENT, "source.id");
        assertStatus(() -> stub.activate(ActivateRequest.newBuilder().setStart(error(1)).setMaxDepth(6).build()),
                Status.Code.INVALID_ARGUMENT, "max_depth");
        assertStatus(() -> stub.activate(ActivateRequest.newBuilder().setStart(error(1)).setMinWeight(1.5).build()),
                Status.Code.INVALID_ARGUMENT, "min_weight");
        NodeRef missingMemory = NodeRef.newBuilder().setType(NodeType.NODE_TYPE_MEMORY).setId(987_654_321L).build();
        assertStatus(() -> stub.strengthen(StrengthenRequest.newBuilder().setSource(missingMemory).setTarget(error(2))
                .setType(SynapseType.SYNAPSE_TYPE_IMPROVES).build()), Status.Code.NOT_FOUND, "source: memory node");
    }

    private static SynapseEvent strengthenEvent(String key, long from, long to) {
        return SynapseEvent.newBuilder().setIdempotencyKey(key).setOp(SynapseEventOp.SYNAPSE_EVENT_OP_STRENGTHEN)
                .setSynapseType(SynapseType.SYNAPSE_TYPE_SOLVES).setSource(error(from)).setSourceLabel("fix")
                .setTarget(error(to)).setTargetLabel("TypeError: x is undefined")
                .setContext(Struct.newBuilder().putFields("outcome", Value.newBuilder().setStringValue("success").build()))
                .build();
    }

    @Test
    void eventsApplyOnceReplayChangesNothingAndABadEventIsRejectedAlone() {
        String tenant = SynapseFixtures.newTenant("events");
        var first = events(tenant).applySynapseEvents(ApplySynapseEventsRequest.newBuilder()
                .addEvents(strengthenEvent("error-service:1", 10, 20))
                .addEvents(SynapseEvent.newBuilder().setIdempotencyKey("error-service:2")
                        .setOp(SynapseEventOp.SYNAPSE_EVENT_OP_STRENGTHEN).setSource(error(10)).setTarget(error(10))
                        .setSynapseType(SynapseType.SYNAPSE_TYPE_SOLVES))
                .addEvents(strengthenEvent("error-service:3", 10, 30)).build());
        assertThat(first.getResultsList()).extracting(r -> r.getStatus()).containsExactly(
                SynapseEventStatus.SYNAPSE_EVENT_STATUS_APPLIED, SynapseEventStatus.SYNAPSE_EVENT_STATUS_REJECTED,
                SynapseEventStatus.SYNAPSE_EVENT_STATUS_APPLIED);
        assertThat(first.getResults(1).getReason()).isEqualTo("target: must differ from source");
        var applied = first.getResults(0).getSynapses(0);
        assertThat(applied.getWeight()).isCloseTo(0.1, within(1e-9));
        assertThat(applied.getTargetLabel()).isEqualTo("TypeError: x is undefined");
        assertThat(applied.getContext().getFieldsMap().get("outcome").getStringValue()).isEqualTo("success");

        var replay = events(tenant).applySynapseEvents(ApplySynapseEventsRequest.newBuilder()
                .addEvents(strengthenEvent("error-service:1", 10, 20)).build());
        assertThat(replay.getResults(0).getStatus()).isEqualTo(SynapseEventStatus.SYNAPSE_EVENT_STATUS_REPLAYED);
        assertThat(replay.getResults(0).getSynapses(0).getWeight()).isCloseTo(0.1, within(1e-9));
        var now = synapses(tenant).getSynapse(GetSynapseRequest.newBuilder().setSynapseId(applied.getId()).build())
                .getSynapse();
        assertThat(now.getWeight()).isCloseTo(0.1, within(1e-9));
        assertThat(now.getActivationCount()).isEqualTo(1);

        var failure = events(tenant).applySynapseEvents(ApplySynapseEventsRequest.newBuilder()
                .addEvents(SynapseEvent.newBuilder().setIdempotencyKey("error-service:4")
                        .setOp(SynapseEventOp.SYNAPSE_EVENT_OP_WEAKEN)
                        .setSynapseType(SynapseType.SYNAPSE_TYPE_SOLVES).setSource(error(10)).setTarget(error(30)))
                .addEvents(SynapseEvent.newBuilder().setIdempotencyKey("error-service:5")
                        .setOp(SynapseEventOp.SYNAPSE_EVENT_OP_WEAKEN)
                        .setSynapseType(SynapseType.SYNAPSE_TYPE_SOLVES).setSource(error(10)).setTarget(error(99)))
                .addEvents(SynapseEvent.newBuilder().setIdempotencyKey("error-service:6")
                        .setOp(SynapseEventOp.SYNAPSE_EVENT_OP_NODE_DELETED)
                        .setSource(error(20)))
                .build());
        assertThat(failure.getResults(0).getSynapses(0).getWeight()).isCloseTo(0.07, within(1e-9)); // default factor 0.7
        assertThat(failure.getResults(1).getStatus()).isEqualTo(SynapseEventStatus.SYNAPSE_EVENT_STATUS_APPLIED);
        assertThat(failure.getResults(1).getSynapsesList()).isEmpty(); // weaken of a missing synapse: nothing
        assertThat(failure.getResults(2).getDeletedIdsList()).containsExactly(applied.getId());
    }

    @Test
    void eventNamingAMissingMemoryNodeIsRejectedAloneTheRestApply() {
        String tenant = SynapseFixtures.newTenant("evt-mem");
        NodeRef missingMemory = NodeRef.newBuilder().setType(NodeType.NODE_TYPE_MEMORY).setId(987_654_321L).build();
        var result = events(tenant).applySynapseEvents(ApplySynapseEventsRequest.newBuilder()
                .addEvents(strengthenEvent("m1", 1, 2).toBuilder().setTarget(missingMemory))
                .addEvents(strengthenEvent("m2", 1, 2)).build());
        assertThat(result.getResults(0).getStatus()).isEqualTo(SynapseEventStatus.SYNAPSE_EVENT_STATUS_REJECTED);
        assertThat(result.getResults(0).getReason()).isEqualTo("target: memory node 987654321 not found");
        assertThat(result.getResults(1).getStatus()).isEqualTo(SynapseEventStatus.SYNAPSE_EVENT_STATUS_APPLIED);
    }

    @Test
    void eventOfAnotherTenantIsRejected() {
        String tenant = SynapseFixtures.newTenant("evt-own");
        var result = events(tenant).applySynapseEvents(ApplySynapseEventsRequest.newBuilder()
                .addEvents(strengthenEvent("k", 1, 2).toBuilder().setTenant("someone-else")).build());
        assertThat(result.getResults(0).getStatus()).isEqualTo(SynapseEventStatus.SYNAPSE_EVENT_STATUS_REJECTED);
        assertThat(synapses("someone-else").activate(ActivateRequest.newBuilder().setStart(error(1)).build()).getNodesList())
                .isEmpty();
    }
}
