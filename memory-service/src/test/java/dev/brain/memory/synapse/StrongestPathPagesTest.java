package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.memory.synapse.path.PathSearchTest;
import dev.brain.memory.synapse.path.PathSearchTest.Best;
import dev.brain.memory.synapse.path.RandomSynapses;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * FindPath expands lazily: a walk takes one page of its node's synapses (strongest base weight first) and the rest
 * waits in the queue, bounded by the next unread base weight. The answer must be the one an exhaustive search gives;
 * {@link PathSearchTest} checks that on many random networks in memory, and this test checks a few through the real
 * service, so that the pages the database reads — ordered by base_weight, the indexed column, with some synapses
 * decayed below it, and cut after (base weight, id) — are the ones the search expects. Pages hold 3 synapses
 * (path.page-size), so most nodes are read over several pages.
 */
@QuarkusTest
@TestProfile(StrongestPathPagesTest.SmallPages.class)
class StrongestPathPagesTest extends GrpcTestBase {

    public static class SmallPages implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.synapses.path.page-size", "3");
        }
    }

    @Inject
    DataSource dataSource;

    /**
     * Random networks whose strongest paths are strong and weak, some synapses decayed, and one network of only two
     * weights (0.5, 1), whose ties cross page boundaries; both directions.
     */
    @Test
    void theSearchFindsWhatAnExhaustiveSearchFinds() throws Exception {
        double[][] weights = { { 0.05, 1.0 }, { 0.05, 0.45 }, { 0.05, 0.2 }, { 0.5, 0.5, 1.0 } };
        Random random = new Random(2626);
        for (double[] range : weights) {
            String tenant = SynapseFixtures.newTenant("pages");
            List<SynapseRow> edges = network(tenant, random, 24, 70, range);
            var synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
            for (int pair = 0; pair < 6; pair++) {
                int from = 1 + random.nextInt(24);
                int to = 1 + random.nextInt(24);
                if (from == to) {
                    continue;
                }
                boolean both = pair % 2 == 0;
                int depth = 2 + random.nextInt(3);
                FindPathResponse found = synapses.findPath(FindPathRequest.newBuilder().setFrom(error(from)).setTo(error(to))
                        .setMaxDepth(depth).setDirection(both ? TraversalDirection.TRAVERSAL_DIRECTION_BOTH
                                : TraversalDirection.TRAVERSAL_DIRECTION_OUT)
                        .build());
                Best best = PathSearchTest.exhaustive(edges, new NodeKey("error", from), new NodeKey("error", to),
                        depth, both ? Direction.BOTH : Direction.OUT);
                String what = tenant + " " + from + "→" + to + " depth " + depth + (both ? " both" : " out");
                assertThat(found.getFound()).as(what).isEqualTo(best != null);
                if (best == null) {
                    continue;
                }
                assertThat(found.getTotalWeight()).as(what).isCloseTo(best.product(), within(1e-9));
                assertThat(found.getStepsList()).as(what).extracting(s -> s.getSynapse().getId())
                        .containsExactlyElementsOf(best.ids());
            }
        }
    }

    /**
     * A tie across a page boundary, built on purpose: the start's first page (3 synapses of weight 1) leads on to the
     * target in 2 hops with product 1, and its fourth synapse, on the next page, reaches the target in 1 hop with
     * product 1. The 1-hop walk wins the tie; a search that took the queued 2-hop walk before reading the rest of the
     * start's synapses would answer it instead.
     */
    @Test
    void aTieBehindAPageIsStillDecidedByHops() throws Exception {
        String tenant = SynapseFixtures.newTenant("pages-tie");
        OffsetDateTime now = OffsetDateTime.now();
        List<Long> ids = new ArrayList<>();
        for (int[] pair : new int[][] { { 1, 2 }, { 1, 3 }, { 1, 4 }, { 1, 9 }, { 2, 9 } }) {
            ids.add(SynapseFixtures.insert(dataSource, tenant, pair[0], pair[1], "co_occurs", 1.0, now));
        }
        FindPathResponse found = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel))
                .findPath(FindPathRequest.newBuilder().setFrom(error(1)).setTo(error(9)).setMaxDepth(3)
                        .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());

        assertThat(found.getTotalWeight()).isEqualTo(1.0);
        assertThat(found.getStepsList()).extracting(step -> step.getSynapse().getId())
                .containsExactly(ids.get(3));
    }

    /**
     * A walk with more hops is not dominated by a weaker one with fewer: 1 reaches 3 directly (0.3) and over 2
     * (0.9 · 0.9), and from 3 only the 1-hop synapse 3 → 9 (0.2) reaches the target within the depth of 3. While the
     * backward search is still busy with the strong chain 5/6/7 → 8 → 9, the direct walk (two hops left) is credited
     * with that chain's 0.99 and leaves the queue first; the walk over 2 (one hop left) must still be expanded, as
     * its product is larger: the answer is 1 → 2 → 3 → 9 (0.162), not 1 → 3 → 9 (0.06).
     */
    @Test
    void aLongerStrongerWalkIsNotDominatedByAShorterWeakerOne() throws Exception {
        String tenant = SynapseFixtures.newTenant("pages-hops");
        OffsetDateTime now = OffsetDateTime.now();
        List<Long> path = new ArrayList<>();
        path.add(SynapseFixtures.insert(dataSource, tenant, 1, 2, "co_occurs", 0.9, now));
        path.add(SynapseFixtures.insert(dataSource, tenant, 2, 3, "co_occurs", 0.9, now));
        path.add(SynapseFixtures.insert(dataSource, tenant, 3, 9, "co_occurs", 0.2, now));
        SynapseFixtures.insert(dataSource, tenant, 1, 3, "co_occurs", 0.3, now);
        SynapseFixtures.insert(dataSource, tenant, 8, 9, "co_occurs", 1.0, now);
        for (int strong = 5; strong <= 7; strong++) {
            SynapseFixtures.insert(dataSource, tenant, strong, 8, "co_occurs", 0.99, now);
        }
        FindPathResponse found = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel))
                .findPath(FindPathRequest.newBuilder().setFrom(error(1)).setTo(error(9)).setMaxDepth(3)
                        .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());

        assertThat(found.getTotalWeight()).isCloseTo(0.9 * 0.9 * 0.2, within(1e-9));
        assertThat(found.getStepsList()).extracting(step -> step.getSynapse().getId()).containsExactlyElementsOf(path);
    }

    /**
     * A type filter holds on every page: node 1 has eight {@code causes} synapses of equal weight (pages of 3 by id)
     * and a stronger {@code co_occurs} one; only {@code causes} allowed, the last of them (third page) is the path to
     * 9, and 10 is out of reach.
     */
    @Test
    void aTypeFilterHoldsOnEveryPage() throws Exception {
        String tenant = SynapseFixtures.newTenant("pages-types");
        OffsetDateTime now = OffsetDateTime.now();
        long toNine = 0;
        for (int target = 2; target <= 9; target++) {
            toNine = SynapseFixtures.insert(dataSource, tenant, 1, target, "causes", 0.5, now);
        }
        SynapseFixtures.insert(dataSource, tenant, 1, 10, "co_occurs", 0.9, now);
        var synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
        FindPathRequest.Builder causesOnly = FindPathRequest.newBuilder().setFrom(error(1)).setMaxDepth(2)
                .setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).addSynapseTypes(SynapseType.SYNAPSE_TYPE_CAUSES);

        FindPathResponse nine = synapses.findPath(causesOnly.clone().setTo(error(9)).build());
        assertThat(nine.getFound()).isTrue();
        assertThat(nine.getStepsList()).extracting(step -> step.getSynapse().getId()).containsExactly(toNine);
        assertThat(synapses.findPath(causesOnly.clone().setTo(error(10)).build()).getFound()).isFalse();
    }

    /** The synapses of {@link RandomSynapses#draw}, inserted in the order drawn. */
    private List<SynapseRow> network(String tenant, Random random, int nodes, int count, double[] weights)
            throws Exception {
        List<SynapseRow> edges = new ArrayList<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type, weight,
                                     base_weight, activation_count, last_activated_at, created_at)
                values (?, 'error', ?, 'error', ?, 'co_occurs', ?, ?, 1, now(), now()) returning id""")) {
            for (RandomSynapses.Drawn d : RandomSynapses.draw(random, nodes, count, weights)) {
                s.setString(1, tenant);
                s.setLong(2, d.source());
                s.setLong(3, d.target());
                s.setDouble(4, d.weight());
                s.setDouble(5, d.baseWeight());
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    edges.add(new SynapseRow(rs.getLong(1), tenant, new NodeKey("error", d.source()), null,
                            new NodeKey("error", d.target()), null, "co_occurs", d.weight(), d.baseWeight(), 1, null,
                            null, null));
                }
            }
        }
        return edges;
    }
}
