package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.GetDegreesRequest;
import dev.brain.grpc.v1.ListSynapsesRequest;
import dev.brain.grpc.v1.NodeDegree;
import dev.brain.grpc.v1.SharedNeighborsRequest;
import dev.brain.grpc.v1.Synapse;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;

/** ListSynapses, GetDegrees and SharedNeighbors (memory.md §2.6) on a constructed graph. */
@QuarkusTest
class SynapseQueriesTest {

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;
    private SynapseServiceGrpc.SynapseServiceBlockingStub synapses;

    @BeforeEach
    void graph() throws Exception {
        channel = GrpcTestChannel.open();
        String tenant = SynapseFixtures.newTenant("queries");
        synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
        OffsetDateTime now = OffsetDateTime.now();
        SynapseFixtures.insert(dataSource, tenant, 1, 2, "similar_to", 0.9, now);
        SynapseFixtures.insert(dataSource, tenant, 1, 3, "similar_to", 0.5, now);
        SynapseFixtures.insert(dataSource, tenant, 4, 2, "similar_to", 0.7, now);
        SynapseFixtures.insert(dataSource, tenant, 3, 4, "causes", 0.8, now);
        SynapseFixtures.insert(dataSource, tenant, 2, 5, "causes", 0.3, now);
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    @Test
    void degreesCountBothDirectionsInRequestOrder() {
        var degrees = synapses.getDegrees(GetDegreesRequest.newBuilder().addNodes(error(2)).addNodes(error(99))
                .addNodes(error(1)).build()).getDegreesList();
        assertThat(degrees).extracting(d -> d.getNode().getId()).containsExactly(2L, 99L, 1L);
        assertThat(degrees).extracting(NodeDegree::getInCount).containsExactly(2L, 0L, 0L);
        assertThat(degrees).extracting(NodeDegree::getOutCount).containsExactly(1L, 0L, 2L);
    }

    @Test
    void sharedNeighborsAreOrderedByTheWeakerSideAndRespectMinWeight() {
        var all = synapses.sharedNeighbors(SharedNeighborsRequest.newBuilder().setA(error(1)).setB(error(4)).build())
                .getNeighborsList();
        assertThat(all).extracting(n -> n.getNode().getId()).containsExactly(2L, 3L);
        assertThat(all.get(0).getViaA().getWeight()).isEqualTo(0.9);
        assertThat(all.get(0).getViaB().getWeight()).isEqualTo(0.7);
        assertThat(all.get(1).getViaB().getWeight()).isEqualTo(0.8); // 3 -> 4 walked against its direction

        var strong = synapses.sharedNeighbors(SharedNeighborsRequest.newBuilder().setA(error(1)).setB(error(4))
                .setMinWeight(0.6).build()).getNeighborsList();
        assertThat(strong).extracting(n -> n.getNode().getId()).containsExactly(2L);
    }

    @Test
    void listPagesByWeightWithFiltersAndAKeysetToken() {
        var first = synapses.listSynapses(ListSynapsesRequest.newBuilder().setPageSize(2).build());
        assertThat(first.getSynapsesList()).extracting(Synapse::getWeight).containsExactly(0.9, 0.8);
        var second = synapses.listSynapses(ListSynapsesRequest.newBuilder().setPageSize(2)
                .setPageToken(first.getNextPageToken()).build());
        assertThat(second.getSynapsesList()).extracting(Synapse::getWeight).containsExactly(0.7, 0.5);
        var last = synapses.listSynapses(ListSynapsesRequest.newBuilder().setPageSize(2)
                .setPageToken(second.getNextPageToken()).build());
        assertThat(last.getSynapsesList()).extracting(Synapse::getWeight).containsExactly(0.3);
        assertThat(last.getNextPageToken()).isEmpty();

        var outOfTwo = synapses.listSynapses(ListSynapsesRequest.newBuilder().setNode(error(2))
                .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
        assertThat(outOfTwo.getSynapsesList()).extracting(x -> x.getTarget().getId()).containsExactly(5L);
        var similar = synapses.listSynapses(ListSynapsesRequest.newBuilder()
                .addSynapseTypes(SynapseType.SYNAPSE_TYPE_SIMILAR_TO).setMinWeight(0.6).build());
        assertThat(similar.getSynapsesList()).extracting(Synapse::getWeight).containsExactly(0.9, 0.7);
    }
}
