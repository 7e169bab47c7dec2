package dev.brain.memory.synapse;

import static dev.brain.memory.synapse.SynapseFixtures.error;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import dev.brain.grpc.v1.ActivateRequest;
import dev.brain.grpc.v1.SynapseServiceGrpc;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Activate against brute force (memory.md §2.4) on a graph built to stress the per-node truncation: two hubs
 * (600 and 250 synapses out, many in), parallel synapses of several types between the same nodes, and most
 * weights decayed below their base weight so the strongest base weights are not the strongest weights.
 */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ActivationExactnessTest {

    private static final int NODES = 400;

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;
    private SynapseServiceGrpc.SynapseServiceBlockingStub synapses;
    private final List<double[]> edges = new ArrayList<>(); // {source, target, weight, id}

    @BeforeAll
    void graph() throws Exception {
        channel = GrpcTestChannel.open();
        String tenant = SynapseFixtures.newTenant("exact");
        synapses = GrpcTestChannel.as(tenant, SynapseServiceGrpc.newBlockingStub(channel));
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("select setseed(0.17)");
            s.execute(
                    ("""
                            insert into synapse (tenant, source_type, source_id, target_type, target_id, synapse_type, weight,
                                                 base_weight, activation_count, last_activated_at, created_at)
                            select '%s', 'error', src, 'error', dst, type,
                                   case when decayed then base * (0.2 + 0.6 * random()) else base end, base, 1, now(), now()
                              from (select case when g <= 600 then 1 when g <= 850 then 2 else 1 + floor(random() * %d)::bigint end as src,
                                           1 + floor(random() * %d)::bigint as dst,
                                           (array['solves','causes','similar_to','co_occurs','prevents'])[1 + floor(random() * 5)::int] as type,
                                           0.05 + random() * 0.95 as base,
                                           random() < 0.9 as decayed
                                      from generate_series(1, 3000) g) x
                             where src <> dst
                            on conflict do nothing""")
                            .formatted(tenant, NODES, NODES));
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c
                        .prepareStatement("select source_id, target_id, weight, id from synapse where tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    edges.add(new double[] { rs.getLong(1), rs.getLong(2), rs.getDouble(3), rs.getLong(4) });
                }
            }
        }
    }

    @AfterAll
    void close() {
        channel.shutdownNow();
    }

    @Test
    void activationEqualsBruteForceForHubsAndOrdinaryStartsAtEveryLimit() {
        int compared = 0;
        for (long start : new long[] { 1, 2, 3, 17, 99, 250 }) {
            for (TraversalDirection direction : List.of(TraversalDirection.TRAVERSAL_DIRECTION_BOTH,
                    TraversalDirection.TRAVERSAL_DIRECTION_OUT, TraversalDirection.TRAVERSAL_DIRECTION_IN)) {
                for (int limit : new int[] { 1, 3, 10, 100 }) {
                    for (int depth : new int[] { 1, 3 }) {
                        List<String> actual = synapses.activate(ActivateRequest.newBuilder().setStart(error(start))
                                .setMaxDepth(depth).setMinWeight(0.05).setDirection(direction).setLimit(limit).build())
                                .getNodesList().stream()
                                .map(n -> n.getNode().getId() + "@" + n.getDepth() + "="
                                        + String.format("%.9f", n.getActivation()))
                                .toList();
                        assertThat(actual).as("start %d, %s, limit %d, depth %d", start, direction, limit, depth)
                                .isEqualTo(bruteForce(start, depth, 0.05, direction, limit));
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isEqualTo(144);
    }

    /** max over walks of ≤ depth hops of the product of weights, depth = fewest hops reaching that maximum. */
    private List<String> bruteForce(long start, int maxDepth, double minWeight, TraversalDirection direction, int limit) {
        boolean forward = direction != TraversalDirection.TRAVERSAL_DIRECTION_IN;
        boolean backward = direction != TraversalDirection.TRAVERSAL_DIRECTION_OUT;
        Map<Long, Double> layer = Map.of(start, 1.0);
        Map<Long, double[]> best = new HashMap<>(); // node → {activation, depth}
        for (int depth = 1; depth <= maxDepth; depth++) {
            Map<Long, Double> next = new HashMap<>();
            for (double[] e : edges) {
                long source = (long) e[0];
                long target = (long) e[1];
                if (forward && layer.containsKey(source)) {
                    next.merge(target, layer.get(source) * e[2], Math::max);
                }
                if (backward && layer.containsKey(target)) {
                    next.merge(source, layer.get(target) * e[2], Math::max);
                }
            }
            for (Map.Entry<Long, Double> reached : next.entrySet()) {
                double[] earlier = best.get(reached.getKey());
                if (reached.getKey() != start && (earlier == null || reached.getValue() > earlier[0])) {
                    best.put(reached.getKey(), new double[] { reached.getValue(), depth });
                }
            }
            layer = next;
        }
        return best.entrySet().stream().filter(e -> e.getValue()[0] >= minWeight)
                .sorted(Comparator.<Map.Entry<Long, double[]>> comparingDouble(e -> -e.getValue()[0])
                        .thenComparingDouble(e -> e.getValue()[1]).thenComparingLong(Map.Entry::getKey))
                .limit(limit)
                .map(e -> e.getKey() + "@" + (int) e.getValue()[1] + "=" + String.format("%.9f", e.getValue()[0]))
                .toList();
    }
}
