package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.FindPathRequest;
import dev.brain.grpc.v1.FindPathResponse;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.testing.GrpcTestBase;
import dev.brain.testing.GrpcTestChannel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * FindPath searches in rounds with a falling product floor (SynapseNetwork.PATH_FLOORS) and reads a node's synapses
 * only down to the weight its walk needs. The answer must be the one an exhaustive search gives: random networks whose
 * strongest paths fall into every round (products above 0.5, 0.1, 0.01 and below), some synapses decayed (weight below
 * base_weight, the indexed column), both directions; compared with every simple walk up to the depth enumerated here.
 * Nodes fetched ahead of their expansion are read 3 synapses per side at most (path.prefetch-cap), so most are read
 * in part first and again in full when the search needs weaker synapses.
 */
@QuarkusTest
@TestProfile(StrongestPathRoundsTest.SmallPrefetch.class)
class StrongestPathRoundsTest extends GrpcTestBase {

    public static class SmallPrefetch implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.synapses.path.prefetch-cap", "3");
        }
    }

    @Inject
    DataSource dataSource;

    private record Edge(long id, int source, int target, double weight) {
    }

    private record Best(double product, int hops, List<Long> ids) {
    }

    @Test
    void everyRoundFindsWhatAnExhaustiveSearchFinds() throws Exception {
        int[] byRound = new int[4];
        int notFound = 0;
        double[][] weightRanges = { { 0.05, 1.0 }, { 0.05, 0.45 }, { 0.05, 0.2 } };
        Random random = new Random(2626);
        for (double[] range : weightRanges) {
            String tenant = SynapseFixtures.newTenant("rounds");
            List<Edge> edges = network(tenant, random, 24, 70, range[0], range[1]);
            var synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
            for (int pair = 0; pair < 25; pair++) {
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
                Best best = exhaustive(edges, from, to, depth, both);
                String what = tenant + " " + from + "→" + to + " depth " + depth + (both ? " both" : " out");
                assertThat(found.getFound()).as(what).isEqualTo(best != null);
                if (best == null) {
                    notFound++;
                    continue;
                }
                assertThat(found.getTotalWeight()).as(what).isCloseTo(best.product(), within(1e-9));
                assertThat(found.getStepsList()).as(what).extracting(s -> s.getSynapse().getId())
                        .containsExactlyElementsOf(best.ids());
                byRound[best.product() >= 0.5 ? 0 : best.product() >= 0.1 ? 1 : best.product() >= 0.01 ? 2 : 3]++;
            }
        }
        // the networks exercise every round, and a pair without a path
        assertThat(byRound).as("paths per round").doesNotContain(0);
        assertThat(notFound).isPositive();
    }

    /** Distinct ordered pairs; a third of the synapses decayed to 60 % of their base weight. */
    private List<Edge> network(String tenant, Random random, int nodes, int count, double low, double high)
            throws Exception {
        List<Edge> edges = new ArrayList<>();
        Set<Long> pairs = new HashSet<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("""
                insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type, weight,
                                     base_weight, activation_count, last_activated_at, created_at)
                values (?, 'error', ?, 'error', ?, 'co_occurs', ?, ?, 1, now(), now()) returning id""")) {
            while (edges.size() < count) {
                int source = 1 + random.nextInt(nodes);
                int target = 1 + random.nextInt(nodes);
                if (source == target || !pairs.add(source * 1000L + target)) {
                    continue;
                }
                double base = low + random.nextDouble() * (high - low);
                double weight = random.nextInt(3) == 0 ? Math.max(0.05, base * 0.6) : base;
                s.setString(1, tenant);
                s.setLong(2, source);
                s.setLong(3, target);
                s.setDouble(4, weight);
                s.setDouble(5, base);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    edges.add(new Edge(rs.getLong(1), source, target, weight));
                }
            }
        }
        return edges;
    }

    /** The strongest simple walk of at most {@code depth} synapses: product, then fewer hops, then smaller ids. */
    private static Best exhaustive(List<Edge> edges, int from, int to, int depth, boolean both) {
        Best[] best = { null };
        walk(edges, from, to, depth, both, 1.0, new ArrayList<>(List.of(from)), new ArrayList<>(), best);
        return best[0];
    }

    private static void walk(List<Edge> edges, int at, int to, int depth, boolean both, double product,
            List<Integer> visited, List<Long> ids, Best[] best) {
        if (at == to) {
            Best candidate = new Best(product, ids.size(), List.copyOf(ids));
            if (best[0] == null || better(candidate, best[0])) {
                best[0] = candidate;
            }
            return;
        }
        if (ids.size() == depth) {
            return;
        }
        for (Edge e : edges) {
            List<Integer> nexts = new ArrayList<>(2);
            if (e.source() == at) {
                nexts.add(e.target());
            }
            if (both && e.target() == at) {
                nexts.add(e.source());
            }
            for (int next : nexts) {
                if (visited.contains(next)) {
                    continue;
                }
                visited.add(next);
                ids.add(e.id());
                walk(edges, next, to, depth, both, product * e.weight(), visited, ids, best);
                ids.remove(ids.size() - 1);
                visited.remove(visited.size() - 1);
            }
        }
    }

    private static boolean better(Best a, Best b) {
        if (a.product() != b.product()) {
            return a.product() > b.product();
        }
        if (a.hops() != b.hops()) {
            return a.hops() < b.hops();
        }
        for (int i = 0; i < a.ids().size(); i++) {
            int c = Long.compare(a.ids().get(i), b.ids().get(i));
            if (c != 0) {
                return c < 0;
            }
        }
        return false;
    }
}
