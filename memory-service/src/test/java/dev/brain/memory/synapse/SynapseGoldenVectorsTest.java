package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.ActivatedNode;
import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryJob;
import dev.brain.grpc.v1.RunJobRequest;
import dev.brain.grpc.v1.StrengthenRequest;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseStep;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.grpc.v1.WeakenRequest;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;

/** memory.md §2.8 reproduced through real gRPC against PostgreSQL. */
@QuarkusTest
class SynapseGoldenVectorsTest {

    static final double EXACT = 1e-6;

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;
    private String tenant;
    private SynapseServiceGrpc.SynapseServiceBlockingStub synapses;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = SynapseFixtures.newTenant("golden");
        synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private double strengthen(long from, long to) {
        return synapses.strengthen(StrengthenRequest.newBuilder().setSource(error(from)).setTarget(error(to))
                .setType(SynapseType.SYNAPSE_TYPE_SOLVES).build()).getSynapse().getWeight();
    }

    @Test
    void strengthenSeriesFollowsTheHebbianRuleAndNeverExceedsOne() {
        double[] expected = { 0.1, 0.235, 0.34975, 0.447288, 0.530194 };
        for (double weight : expected) {
            assertThat(strengthen(1, 2)).isCloseTo(weight, within(EXACT));
        }
        double w = 0;
        for (int i = 0; i < 200; i++) {
            w = strengthen(3, 4);
            assertThat(w).isLessThanOrEqualTo(1.0);
        }
        assertThat(w).isCloseTo(1.0, within(EXACT));
    }

    @Test
    void weakenKeepsAtThePruneThresholdAndDeletesBelowIt() throws Exception {
        strengthen(1, 2);
        long id = synapses.strengthen(StrengthenRequest.newBuilder().setSource(error(1)).setTarget(error(2))
                .setType(SynapseType.SYNAPSE_TYPE_SOLVES).build()).getSynapse().getId(); // 0.235
        var weakened = synapses.weaken(WeakenRequest.newBuilder().setSynapseId(id).setFactor(0.7).build());
        assertThat(weakened.getDeleted()).isFalse();
        assertThat(weakened.getSynapse().getWeight()).isCloseTo(0.1645, within(EXACT));

        long atThreshold = SynapseFixtures.insert(dataSource, tenant, 5, 6, "solves", 0.1, OffsetDateTime.now());
        var kept = synapses.weaken(WeakenRequest.newBuilder().setSynapseId(atThreshold).setFactor(0.5).build());
        assertThat(kept.getDeleted()).isFalse();
        assertThat(kept.getSynapse().getWeight()).isCloseTo(0.05, within(EXACT));

        long below = SynapseFixtures.insert(dataSource, tenant, 7, 8, "solves", 0.09, OffsetDateTime.now());
        var deleted = synapses.weaken(WeakenRequest.newBuilder().setSynapseId(below).setFactor(0.5).build());
        assertThat(deleted.getDeleted()).isTrue();
        assertThat(SynapseFixtures.weight(dataSource, below)).isNull();
    }

    @Test
    void decayTouchesOnlyIdleSynapsesFromTheirBaseWeightAndIsIdempotent() throws Exception {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        long idle13 = SynapseFixtures.insert(dataSource, tenant, 1, 2, "causes", 0.8, now.minusDays(13));
        long idle20 = SynapseFixtures.insert(dataSource, tenant, 3, 4, "causes", 0.8, now.minusDays(20));
        long weak14 = SynapseFixtures.insert(dataSource, tenant, 5, 6, "causes", 0.06, now.minusDays(14));
        var admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));

        var first = admin.runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_SYNAPSE_DECAY).build());
        assertThat(first.getResult().getCountsMap()).containsKeys("updated", "pruned");
        assertThat(SynapseFixtures.weight(dataSource, idle13)).isEqualTo(0.8);
        assertThat(SynapseFixtures.weight(dataSource, idle20)).isCloseTo(0.587894, within(EXACT));
        assertThat(SynapseFixtures.weight(dataSource, weak14)).isNull(); // 0.048361 < 0.05

        admin.runJob(RunJobRequest.newBuilder().setJob(MemoryJob.MEMORY_JOB_SYNAPSE_DECAY).build());
        assertThat(SynapseFixtures.weight(dataSource, idle20)).isCloseTo(0.587894, within(EXACT));
        assertThat(SynapseFixtures.weight(dataSource, idle13)).isEqualTo(0.8);
    }

    /** S=1, T=2, A=3, B=4, C=5: S→T 0.3, S→A 0.9, A→T 0.9, S→B 0.95, B→C 0.95, C→T 0.95. */
    private long[] pathGraph() throws Exception {
        OffsetDateTime now = OffsetDateTime.now();
        return new long[] {
                SynapseFixtures.insert(dataSource, tenant, 1, 2, "causes", 0.3, now),
                SynapseFixtures.insert(dataSource, tenant, 1, 3, "causes", 0.9, now),
                SynapseFixtures.insert(dataSource, tenant, 3, 2, "causes", 0.9, now),
                SynapseFixtures.insert(dataSource, tenant, 1, 4, "causes", 0.95, now),
                SynapseFixtures.insert(dataSource, tenant, 4, 5, "causes", 0.95, now),
                SynapseFixtures.insert(dataSource, tenant, 5, 2, "causes", 0.95, now) };
    }

    private FindPathResponse path(int maxDepth) {
        return synapses.findPath(FindPathRequest.newBuilder().setFrom(error(1)).setTo(error(2)).setMaxDepth(maxDepth)
                .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
    }

    @Test
    void strongestPathPicksTheHigherProductOverAShorterWeakerRoute() throws Exception {
        long[] ids = pathGraph();
        FindPathResponse one = path(1);
        assertThat(one.getFound()).isTrue();
        assertThat(one.getTotalWeight()).isCloseTo(0.3, within(EXACT));
        assertThat(one.getStepsList()).extracting(s -> s.getSynapse().getId()).containsExactly(ids[0]);

        FindPathResponse two = path(2);
        assertThat(two.getTotalWeight()).isCloseTo(0.81, within(EXACT));
        assertThat(two.getStepsList()).extracting(s -> s.getSynapse().getId()).containsExactly(ids[1], ids[2]);

        FindPathResponse three = path(3);
        assertThat(three.getTotalWeight()).isCloseTo(0.857375, within(EXACT));
        assertThat(three.getHops()).isEqualTo(3);
        assertThat(three.getStepsList()).extracting(s -> s.getSynapse().getId()).containsExactly(ids[3], ids[4], ids[5]);
        assertThat(three.getStepsList()).allMatch(SynapseStep::getForward);
    }

    @Test
    void noPathWithinTheDepthIsNotFoundNotAnError() throws Exception {
        pathGraph();
        var reverse = synapses.findPath(FindPathRequest.newBuilder().setFrom(error(2)).setTo(error(1)).setMaxDepth(3)
                .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
        assertThat(reverse.getFound()).isFalse();
        var both = synapses.findPath(FindPathRequest.newBuilder().setFrom(error(2)).setTo(error(1)).setMaxDepth(3).build());
        assertThat(both.getFound()).isTrue();
        assertThat(both.getTotalWeight()).isCloseTo(0.857375, within(EXACT));
        assertThat(both.getStepsList()).noneMatch(SynapseStep::getForward);
    }

    private List<ActivatedNode> activate(int depth, double minWeight, TraversalDirection direction) {
        return synapses.activate(ActivateRequest.newBuilder().setStart(error(1)).setMaxDepth(depth)
                .setMinWeight(minWeight).setDirection(direction).build()).getNodesList();
    }

    @Test
    void activationOrderDepthAndPathsMatchTheSpec() throws Exception {
        long[] ids = pathGraph();
        List<ActivatedNode> nodes = activate(3, 0.2, TraversalDirection.TRAVERSAL_DIRECTION_OUT);
        assertThat(nodes).extracting(n -> n.getNode().getId()).containsExactly(4L, 5L, 3L, 2L);
        assertThat(nodes.get(0).getActivation()).isCloseTo(0.95, within(EXACT));
        assertThat(nodes.get(1).getActivation()).isCloseTo(0.9025, within(EXACT));
        assertThat(nodes.get(2).getActivation()).isCloseTo(0.9, within(EXACT));
        assertThat(nodes.get(3).getActivation()).isCloseTo(0.857375, within(EXACT));
        assertThat(nodes).extracting(ActivatedNode::getDepth).containsExactly(1, 2, 1, 3);
        assertThat(nodes.get(3).getPathList()).extracting(s -> s.getSynapse().getId()).containsExactly(ids[3], ids[4], ids[5]);
    }

    @Test
    void activationRespectsDepthAndMinWeight() throws Exception {
        pathGraph();
        List<ActivatedNode> depthOne = activate(1, 0.2, TraversalDirection.TRAVERSAL_DIRECTION_OUT);
        assertThat(depthOne).extracting(n -> n.getNode().getId()).containsExactly(4L, 3L, 2L);
        assertThat(depthOne.get(2).getActivation()).isCloseTo(0.3, within(EXACT));

        List<ActivatedNode> strongOnly = activate(3, 0.9, TraversalDirection.TRAVERSAL_DIRECTION_OUT);
        assertThat(strongOnly).extracting(n -> n.getNode().getId()).containsExactly(4L, 5L, 3L);
        assertThat(strongOnly).allSatisfy(n -> assertThat(n.getActivation()).isGreaterThanOrEqualTo(0.9));
    }

    @Test
    void activationNeverRevisitsANodeAndNeverReturnsTheStart() throws Exception {
        pathGraph();
        List<ActivatedNode> nodes = activate(5, 0.01, TraversalDirection.TRAVERSAL_DIRECTION_BOTH);
        assertThat(nodes).extracting(n -> n.getNode().getId()).doesNotContain(1L).doesNotHaveDuplicates();
        for (ActivatedNode node : nodes) {
            List<Long> visited = new java.util.ArrayList<>(List.of(1L));
            for (SynapseStep step : node.getPathList()) {
                long next = step.getForward() ? step.getSynapse().getTarget().getId() : step.getSynapse().getSource().getId();
                assertThat(visited).doesNotContain(next);
                visited.add(next);
            }
            assertThat(visited.get(visited.size() - 1)).isEqualTo(node.getNode().getId());
            assertThat(node.getPathCount()).isEqualTo(node.getDepth());
        }
    }
}
