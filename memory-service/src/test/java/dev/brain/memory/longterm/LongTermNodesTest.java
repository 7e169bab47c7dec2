package dev.brain.memory.longterm;

import static dev.brain.memory.longterm.LongTermFixtures.edge;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.DeleteNodeRequest;
import dev.brain.grpc.v1.EdgeLayer;
import dev.brain.grpc.v1.GetNodeRequest;
import dev.brain.grpc.v1.ListEdgesRequest;
import dev.brain.grpc.v1.ListEdgesResponse;
import dev.brain.grpc.v1.ListNodesRequest;
import dev.brain.grpc.v1.ListNodesResponse;
import dev.brain.grpc.v1.LongTermNode;
import dev.brain.grpc.v1.MergeEntitiesRequest;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.TraversalDirection;
import dev.brain.memory.longterm.LongTermFixtures.EdgeSpec;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;

/** GetNode, ListNodes, ListEdges and the not-yet-wired RPCs of LongTermMemoryService. */
@QuarkusTest
class LongTermNodesTest extends LongTermTestBase {

    @Test
    void getNodeReturnsTheStoredRowAndRefusesOtherPairs() throws Exception {
        TestPair pair = newPair();
        long id = node(dataSource, pair, NodeSpec.of("hello", unit(3)).topics("Greeting").entities(5L).emotion("joy")
                .weights(0.9, 3.753681, 3.1));
        LongTermNode n = longTerm(pair).getNode(GetNodeRequest.newBuilder().setPair(pair.proto()).setId(id)
                .setIncludeEmbedding(true).build()).getNode();
        assertThat(n.getId()).isEqualTo(id);
        assertThat(n.getContent()).isEqualTo("hello");
        assertThat(n.getObserver()).isEqualTo(Observer.OBSERVER_USER);
        assertThat(n.getTopicsList()).containsExactly("Greeting");
        assertThat(n.getEntityIdsList()).containsExactly(5L);
        assertThat(n.getRawWeight()).isEqualTo(0.9);
        assertThat(n.getAbsoluteWeight()).isEqualTo(3.753681);
        assertThat(n.getDecayWeight()).isEqualTo(3.1);
        assertThat(n.getFrequency()).isEqualTo(1);
        assertThat(n.getActive()).isTrue();
        assertThat(n.getEmbedding().getValuesCount()).isEqualTo(LongTermFixtures.DIM);
        assertThat(n.getEmbedding().getValues(3)).isEqualTo(1f);
        assertThat(n.hasDecayedAt()).isFalse();

        TestPair other = LongTermFixtures.sibling(pair);
        assertStatus(() -> longTerm(other).getNode(GetNodeRequest.newBuilder().setPair(other.proto()).setId(id).build()),
                Status.Code.PERMISSION_DENIED, "id");
        // another tenant's id is not found, as an unknown one: its existence is not disclosed
        TestPair foreign = newPair();
        assertStatus(() -> longTerm(foreign).getNode(GetNodeRequest.newBuilder().setPair(foreign.proto()).setId(id)
                .build()), Status.Code.NOT_FOUND, "id: node " + id + " not found");
        assertStatus(() -> longTerm(pair).getNode(GetNodeRequest.newBuilder().setPair(pair.proto())
                .setId(Long.MAX_VALUE).build()), Status.Code.NOT_FOUND, "id");
        assertStatus(() -> longTerm(pair).getNode(GetNodeRequest.newBuilder().setPair(pair.proto()).setId(0).build()),
                Status.Code.INVALID_ARGUMENT, "id");
    }

    @Test
    void listNodesFiltersAndPagesById() throws Exception {
        TestPair pair = newPair();
        List<Long> active = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            active.add(node(dataSource, pair, NodeSpec.of("n" + i, unit(i + 1))));
        }
        long inactive = node(dataSource, pair, NodeSpec.of("old", unit(9)).inactive());
        long assistant = node(dataSource, pair, NodeSpec.of("said", unit(10)).observer("assistant"));

        List<Long> seen = new ArrayList<>();
        String token = "";
        do {
            ListNodesResponse page = longTerm(pair).listNodes(ListNodesRequest.newBuilder().setPair(pair.proto())
                    .setActive(true).setObserver(Observer.OBSERVER_USER).setPageSize(2).setPageToken(token).build());
            assertThat(page.getNodesCount()).isLessThanOrEqualTo(2);
            page.getNodesList().forEach(n -> seen.add(n.getId()));
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        assertThat(seen).isEqualTo(active);

        ListNodesResponse all = longTerm(pair).listNodes(ListNodesRequest.newBuilder().setPair(pair.proto()).build());
        assertThat(all.getNodesList()).extracting(LongTermNode::getId).contains(inactive, assistant).hasSize(7);
        ListNodesResponse asleep = longTerm(pair).listNodes(ListNodesRequest.newBuilder().setPair(pair.proto())
                .setActive(false).build());
        assertThat(asleep.getNodesList()).extracting(LongTermNode::getId).containsExactly(inactive);
        assertStatus(() -> longTerm(pair).listNodes(ListNodesRequest.newBuilder().setPair(pair.proto())
                .setPageSize(1001).build()), Status.Code.INVALID_ARGUMENT, "page_size");
    }

    @Test
    void listEdgesByDirectionStrongestFirstPaged() throws Exception {
        TestPair pair = newPair();
        long a = node(dataSource, pair, NodeSpec.of("a", unit(1)));
        long b = node(dataSource, pair, NodeSpec.of("b", unit(2)));
        long c = node(dataSource, pair, NodeSpec.of("c", unit(3)));
        long ab = edge(dataSource, pair, a, b, 5, EdgeSpec.topics("t"));
        long ba = edge(dataSource, pair, b, a, 6, EdgeSpec.topics("t"));
        long ac = edge(dataSource, pair, a, c, 7, new EdgeSpec(List.of("entity", "timeline"), List.of(9L), List.of(),
                0.3, 2.0, "day"));
        long ca = edge(dataSource, pair, c, a, 5, EdgeSpec.topics("t"));

        ListEdgesResponse out = longTerm(pair).listEdges(ListEdgesRequest.newBuilder().setPair(pair.proto())
                .setNodeId(a).setDirection(TraversalDirection.TRAVERSAL_DIRECTION_OUT).build());
        assertThat(out.getEdgesList()).extracting(e -> e.getId()).containsExactly(ac, ab);
        assertThat(out.getEdges(0).getReasonsList()).containsExactly(EdgeLayer.EDGE_LAYER_ENTITY,
                EdgeLayer.EDGE_LAYER_TIMELINE);
        assertThat(out.getEdges(0).getTimelineDistance()).isEqualTo(2.0);
        ListEdgesResponse in = longTerm(pair).listEdges(ListEdgesRequest.newBuilder().setPair(pair.proto())
                .setNodeId(a).setDirection(TraversalDirection.TRAVERSAL_DIRECTION_IN).build());
        assertThat(in.getEdgesList()).extracting(e -> e.getId()).containsExactly(ba, ca);

        List<Long> both = new ArrayList<>();
        String token = "";
        do {
            ListEdgesResponse page = longTerm(pair).listEdges(ListEdgesRequest.newBuilder().setPair(pair.proto())
                    .setNodeId(a).setPageSize(1).setPageToken(token).build());
            page.getEdgesList().forEach(e -> both.add(e.getId()));
            token = page.getNextPageToken();
        } while (!token.isEmpty());
        assertThat(both).containsExactly(ac, ba, Math.min(ab, ca), Math.max(ab, ca));

        TestPair other = LongTermFixtures.sibling(pair);
        assertStatus(() -> longTerm(other).listEdges(ListEdgesRequest.newBuilder().setPair(other.proto()).setNodeId(a)
                .build()), Status.Code.PERMISSION_DENIED, "node_id");
    }

    @Test
    void theWriteSideRpcsValidateTheirInput() {
        TestPair pair = newPair();
        assertStatus(() -> longTerm(pair).deleteNode(DeleteNodeRequest.newBuilder().setPair(pair.proto())
                .setId(Long.MAX_VALUE).build()), Status.Code.NOT_FOUND, "id");
        assertStatus(() -> longTerm(pair).mergeEntities(MergeEntitiesRequest.newBuilder().setPair(pair.proto())
                .setIntoId(1).build()), Status.Code.INVALID_ARGUMENT, "from_ids");
    }
}
