package dev.brain.memory.longterm;

import static dev.brain.memory.longterm.LongTermFixtures.edge;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ListEntitiesRequest;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.RecomputeEdgesRequest;
import dev.brain.grpc.v1.RecomputeEdgesResponse;
import dev.brain.grpc.v1.ResolveEntitiesRequest;
import dev.brain.grpc.v1.ResolvedEntity;
import dev.brain.memory.longterm.LongTermFixtures.EdgeSpec;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** ResolveEntities / ListEntities and the admin RecomputeEdges over gRPC (memory.md §4.4, §13). */
@QuarkusTest
class LongTermWiringTest extends LongTermTestBase {

    @Test
    void resolveEntitiesCreatesOnceAndListsPerPair() {
        TestPair pair = LongTermFixtures.newPair();
        List<ResolvedEntity> first = longTerm(pair).resolveEntities(ResolveEntitiesRequest.newBuilder()
                .setPair(pair.proto()).addNames("Anna").addNames("  anna ").addNames("Billing  Service").build())
                .getEntitiesList();
        assertThat(first).extracting(r -> r.getEntity().getId()).element(0).isEqualTo(first.get(1).getEntity().getId());
        assertThat(first.get(0).getCreated()).isTrue();
        assertThat(first.get(2).getEntity().getNameKey()).isEqualTo("billing service");
        List<ResolvedEntity> again = longTerm(pair).resolveEntities(ResolveEntitiesRequest.newBuilder()
                .setPair(pair.proto()).addNames("ANNA").build()).getEntitiesList();
        assertThat(again.get(0).getCreated()).isFalse();
        assertThat(again.get(0).getEntity().getId()).isEqualTo(first.get(0).getEntity().getId());

        assertThat(longTerm(pair).listEntities(ListEntitiesRequest.newBuilder().setPair(pair.proto()).build())
                .getEntitiesList()).extracting(e -> e.getName()).containsExactly("Anna", "Billing Service");
        TestPair other = LongTermFixtures.sibling(pair);
        assertThat(longTerm(other).listEntities(ListEntitiesRequest.newBuilder().setPair(other.proto()).build())
                .getEntitiesList()).isEmpty();
        assertThatThrownBy(() -> longTerm(pair).resolveEntities(ResolveEntitiesRequest.newBuilder()
                .setPair(pair.proto()).addNames(" ").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("names[0]");
                });
    }

    @Test
    void recomputeEdgesRestoresStaleWeightsOfThePairOnly() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        TestPair other = LongTermFixtures.sibling(pair);
        // §5.4 Ex 3: one shared entity, X 0.7, Y 5.0 → raw 2.6092 / 3.7229, absolute 6.312478 / 7.429844
        long x = node(dataSource, pair, NodeSpec.of("x", unit(1)).weights(0.5, 0.7, 0.7));
        long y = node(dataSource, pair, NodeSpec.of("y", unit(2)).weights(5, 5.0, 5.0));
        EdgeSpec entity = EdgeSpec.of(List.of("entity"), List.of(7L), List.of(), 0.1);
        long xy = edge(dataSource, pair, x, y, 1.0, entity);
        long yx = edge(dataSource, pair, y, x, 1.0, entity);
        long ox = node(dataSource, other, NodeSpec.of("x", unit(1)).weights(0.5, 0.7, 0.7));
        long oy = node(dataSource, other, NodeSpec.of("y", unit(2)).weights(5, 5.0, 5.0));
        long untouched = edge(dataSource, other, ox, oy, 1.0, entity);

        var admin = GrpcTestChannel.as(pair.tenant(), MemoryAdminServiceGrpc.newBlockingStub(channel));
        RecomputeEdgesResponse response = admin.recomputeEdges(RecomputeEdgesRequest.newBuilder()
                .setPair(pair.proto()).build());
        assertThat(response.getNodes()).isEqualTo(2);
        assertThat(response.getEdgesRecomputed()).isEqualTo(2);
        assertThat(weight(xy)).isCloseTo(6.312478, within(1e-6));
        assertThat(weight(yx)).isCloseTo(7.429844, within(1e-6));
        assertThat(weight(untouched)).isEqualTo(1.0);

        RecomputeEdgesResponse one = admin.recomputeEdges(RecomputeEdgesRequest.newBuilder().setPair(pair.proto())
                .addNodeIds(x).build());
        assertThat(one.getNodes()).isEqualTo(1);
        assertThat(one.getEdgesRecomputed()).isEqualTo(2);
        assertThatThrownBy(() -> admin.recomputeEdges(RecomputeEdgesRequest.newBuilder().setPair(pair.proto())
                .addNodeIds(0).build())).hasMessageContaining("node_ids[0]");
    }

    private double weight(long edgeId) throws Exception {
        return ((Number) LongTermFixtures.scalar(dataSource, "select absolute_weight from long_term_edge where id = ?",
                edgeId)).doubleValue();
    }
}
