package dev.brain.memory.longterm.edges;

import static dev.brain.memory.longterm.LongTermFixtures.edge;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.scalar;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.memory.longterm.LongTermFixtures.EdgeSpec;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.Layers;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/** Trigger 2 as a bean (the admin RecomputeEdges): per node list and for a whole pair, nothing outside it. */
@QuarkusTest
class EdgeRecomputeTest {

    @Inject
    DataSource dataSource;

    @Inject
    EdgeRecompute recompute;

    @Inject
    EdgeWeights weights;

    @Inject
    Layers layers;

    @Test
    void aWholePairIsRecomputedFromTheFrozenFieldsAndOtherPairsStayUntouched() throws Exception {
        TestPair pair = newPair();
        TestPair other = newPair();
        long x = node(dataSource, pair, NodeSpec.of("x", unit(1)).weights(0.8, 3.540243, 3));
        long y = node(dataSource, pair, NodeSpec.of("y", unit(2)).weights(0.95, 3.855806, 3));
        EdgeSpec all = new EdgeSpec(List.of("entity", "embedding", "topics", "timeline"), List.of(1L), List.of("t"),
                0.9, 1.0, "day");
        long xy = edge(dataSource, pair, x, y, 1, all);
        long yx = edge(dataSource, pair, y, x, 1, all);
        long ox = node(dataSource, other, NodeSpec.of("x", unit(1)));
        long oy = node(dataSource, other, NodeSpec.of("y", unit(2)));
        long otherEdge = edge(dataSource, other, ox, oy, 1, all);

        EdgeRecompute.Result result = QuarkusTransaction.requiringNew().call(() -> recompute.forPair(pair.userId(),
                pair.agentId()));

        assertThat(result.nodes()).isEqualTo(2);
        assertThat(result.edgesRecomputed()).isEqualTo(2);
        assertThat(result.edgeErrors()).isEmpty();
        // §5.4 Ex 4 (all four layers, entity wins): 7.650397 / 7.717816
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", xy))
                .isCloseTo(7.650397, within(1e-4));
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", yx))
                .isCloseTo(7.717816, within(1e-4));
        assertThat((Double) scalar(dataSource, "select raw_weight from long_term_edge where id = ?", xy))
                .isCloseTo(3.980353, within(1e-4));
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", otherEdge))
                .isEqualTo(1.0);
    }

    @Test
    void forNodesTouchesOnlyEdgesFromAndToThemAndReportsEmptyReasons() throws Exception {
        TestPair pair = newPair();
        long a = node(dataSource, pair, NodeSpec.of("a", unit(1)).weights(0.7, 0.7, 0.7));
        long b = node(dataSource, pair, NodeSpec.of("b", unit(2)).weights(9, 5.0, 5.0));
        long c = node(dataSource, pair, NodeSpec.of("c", unit(3)));
        EdgeSpec entity = EdgeSpec.of(List.of("entity"), List.of(3L), List.of(), 0.1);
        long ab = edge(dataSource, pair, a, b, 1, entity);
        long ba = edge(dataSource, pair, b, a, 1, entity);
        long bc = edge(dataSource, pair, b, c, 1, entity);
        long ca = edge(dataSource, pair, c, a, 1, EdgeSpec.of(List.of(), List.of(), List.of(), 0.1));

        EdgeRecompute.Result result = QuarkusTransaction.requiringNew().call(() -> recompute.forNodes(pair.userId(),
                pair.agentId(), List.of(a)));

        assertThat(result.edgesRecomputed()).isEqualTo(2);
        assertThat(result.edgeErrors()).containsExactly(a);
        // §5.4 Ex 3 (entity only, 0.7 and 5.0): 6.312478 / 7.429844
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", ab))
                .isCloseTo(6.312478, within(1e-4));
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", ba))
                .isCloseTo(7.429844, within(1e-4));
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", bc))
                .isEqualTo(1.0);
        assertThat((Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", ca))
                .isEqualTo(1.0);
        assertThat(weights.compute(0.7, 5.0, layers.frozenDepths(List.of(Layer.ENTITY), 0, 0, 0, 0, null, null))
                .absoluteXY()).isCloseTo(6.312478, within(1e-4));
    }
}
