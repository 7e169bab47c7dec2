package dev.brain.memory.longterm;

import static dev.brain.memory.longterm.LongTermFixtures.at;
import static dev.brain.memory.longterm.LongTermFixtures.edge;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.proto;
import static dev.brain.memory.longterm.LongTermFixtures.snapshot;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.sql.Array;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.EdgeLayer;
import dev.brain.grpc.v1.EmotionSector;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.ReadRanking;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.ReadShift;
import dev.brain.grpc.v1.RecalledMemory;
import dev.brain.grpc.v1.RenderOptions;
import dev.brain.grpc.v1.ShiftComponent;
import dev.brain.memory.longterm.LongTermFixtures.EdgeSpec;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;

/** The read path of memory.md §9 over real gRPC and PostgreSQL, on graphs with explicit weights. */
@QuarkusTest
class ReadPathTest extends LongTermTestBase {

    static final long ANNA = 4242;

    static final String GOLDEN_BLOCK = """
            Three memories are present right now, the least present first and the strongest last.
            ----- Memory 1 -----
            "I really love chocolate"
            Speaker: the user
            Feeling: joy
            Came up via: shared topic chocolate
            ----- Memory 2 -----
            "Anna is my sister"
            Speaker: the user
            Feeling: trust
            Came up via: shared entity Anna, shared topic Anna
            ----- Memory 3 -----
            "Anna always used to give me chocolate"
            Speaker: the user
            Feeling: joy
            Came to mind directly""";

    /** The §9.5 graph: the chocolate anchor, the sister over entity + topic, the love of chocolate over a topic. */
    record Golden(TestPair pair, long anchor, long sister, long love) {
    }

    Golden golden() throws Exception {
        TestPair pair = newPair();
        long anchor = node(dataSource, pair, NodeSpec.of("Anna always used to give me chocolate", unit(0))
                .topics("Anna", "chocolate").entities(ANNA).emotion("joy").decay(5.4));
        long sister = node(dataSource, pair, NodeSpec.of("Anna is my sister", unit(1)).topics("Anna").entities(ANNA)
                .emotion("trust").decay(4.7));
        long love = node(dataSource, pair, NodeSpec.of("I really love chocolate", unit(2)).topics("chocolate")
                .emotion("joy").decay(3.9));
        EdgeSpec annaEdge = EdgeSpec.of(List.of("entity", "topics"), List.of(ANNA), List.of("Anna"), 0.1);
        edge(dataSource, pair, anchor, sister, 6.2, annaEdge);
        edge(dataSource, pair, sister, anchor, 6.1, annaEdge);
        edge(dataSource, pair, anchor, love, 5.1, EdgeSpec.topics("chocolate"));
        edge(dataSource, pair, love, anchor, 5.0, EdgeSpec.topics("chocolate"));
        return new Golden(pair, anchor, sister, love);
    }

    @Test
    void goldenVectorOfSection95RanksAndRendersTheChocolateMemories() throws Exception {
        Golden g = golden();
        ReadResponse response = call(g.pair(), read(g.pair(), unit(0), 1).setCurrentEmotion("joy")
                .setRender(RenderOptions.newBuilder().putEntityNames(ANNA, "Anna")));

        assertThat(ids(response)).containsExactly(g.anchor(), g.sister(), g.love());
        assertThat(response.getMemoriesList()).extracting(RecalledMemory::getRank).containsExactly(1, 2, 3);
        assertThat(response.getMemories(0).getSortWeight()).isCloseTo(5.4, within(1e-4));
        assertThat(response.getMemories(1).getSortWeight()).isCloseTo(3.1725, within(1e-4));
        assertThat(response.getMemories(2).getSortWeight()).isCloseTo(2.925, within(1e-4));
        assertThat(response.getMemoriesList()).extracting(RecalledMemory::getShell).containsExactly(0, 1, 1);
        assertThat(response.getMemories(0).getPathList()).isEmpty();
        var step = response.getMemories(1).getPath(0);
        assertThat(step.getFromNodeId()).isEqualTo(g.anchor());
        assertThat(step.getToNodeId()).isEqualTo(g.sister());
        assertThat(step.getEdgeAbsoluteWeight()).isEqualTo(6.2);
        assertThat(step.getReasonsList()).containsExactly(EdgeLayer.EDGE_LAYER_ENTITY, EdgeLayer.EDGE_LAYER_TOPICS);
        assertThat(step.getSharedEntityIdsList()).containsExactly(ANNA);
        assertThat(step.getSharedTopicsList()).containsExactly("Anna");
        assertThat(response.getAnchorsFound()).isEqualTo(1);
        assertThat(response.getHops()).isEqualTo(1);
        assertThat(response.getPoolSize()).isEqualTo(3);
        assertThat(response.getShifted()).isFalse();
        assertThat(response.getCurrentSector()).isEqualTo(EmotionSector.EMOTION_SECTOR_JOY);
        assertThat(response.getBlock()).isEqualTo(GOLDEN_BLOCK);
    }

    @Test
    void entityNamesComeFromTheRegistryWhenTheCallerGivesNone() throws Exception {
        Golden g = golden();
        long anna = (Long) LongTermFixtures.scalar(dataSource, "insert into entity (user_id, agent_id, name, name_key,"
                + " created_at) values (?, 'claude', 'Anna', 'anna', now()) returning id", g.pair().userId());
        LongTermFixtures.exec(dataSource, "update long_term_edge set shared_entity_ids = '{" + anna
                + "}' where from_node_id = " + g.anchor() + " and to_node_id = " + g.sister());
        ReadResponse response = call(g.pair(), read(g.pair(), unit(0), 1).setCurrentEmotion("joy")
                .setRender(RenderOptions.newBuilder()));
        assertThat(response.getBlock()).isEqualTo(GOLDEN_BLOCK);

        ReadResponse unnamed = call(g.pair(), read(g.pair(), unit(0), 1).setCurrentEmotion("joy")
                .setRender(RenderOptions.newBuilder().setUserLabel("Mia")));
        assertThat(unnamed.getBlock()).contains("Speaker: Mia").doesNotContain("Speaker: the user");
    }

    @Test
    void theBlockIsEmptyWithoutRenderOptionsAndForNoMemories() throws Exception {
        Golden g = golden();
        assertThat(call(g.pair(), read(g.pair(), unit(0), 1)).getBlock()).isEmpty();
        ReadResponse nothing = call(g.pair(), read(g.pair(), unit(50), 1).setRender(RenderOptions.newBuilder()));
        assertThat(nothing.getMemoriesList()).isEmpty();
        assertThat(nothing.getAnchorsFound()).isZero();
        assertThat(nothing.getBlock()).isEmpty();
    }

    @Test
    void readNeverWritesNodesOrEdges() throws Exception {
        Golden g = golden();
        long far = node(dataSource, g.pair(), NodeSpec.of("far away", unit(3)).emotion("fear").decay(2.0));
        edge(dataSource, g.pair(), g.love(), far, 4.0, EdgeSpec.topics("x"));
        edge(dataSource, g.pair(), far, g.sister(), 4.0, EdgeSpec.topics("y"));
        List<String> before = snapshot(dataSource, g.pair());
        for (int i = 0; i < 25; i++) {
            call(g.pair(), read(g.pair(), i % 2 == 0 ? unit(0) : at(0.9, 3), i % 4).setCurrentEmotion("trust")
                    .setTurnId("turn-never-writes-" + g.pair().userId() + "-" + (i % 3))
                    .setRender(RenderOptions.newBuilder()));
        }
        call(g.pair(), read(g.pair(), unit(0), 3).clearHops().setMode("free"));
        assertThat(snapshot(dataSource, g.pair())).isEqualTo(before);
    }

    @Test
    void inactiveNodesNeverAppearNeitherAsAnchorsNorThroughEdges() throws Exception {
        TestPair pair = newPair();
        long anchor = node(dataSource, pair, NodeSpec.of("anchor", at(0.9, 1)).decay(3));
        long sleepingTwin = node(dataSource, pair, NodeSpec.of("exact match, inactive", unit(0)).decay(0.05).inactive());
        long sleepingNeighbour = node(dataSource, pair, NodeSpec.of("strong neighbour, inactive", unit(2)).inactive());
        long behindSleeper = node(dataSource, pair, NodeSpec.of("only behind the sleeper", unit(3)));
        long awake = node(dataSource, pair, NodeSpec.of("weak neighbour, active", unit(4)));
        edge(dataSource, pair, anchor, sleepingNeighbour, 9.9, EdgeSpec.topics("a"));
        edge(dataSource, pair, anchor, sleepingTwin, 9.8, EdgeSpec.topics("a"));
        edge(dataSource, pair, sleepingNeighbour, behindSleeper, 9.9, EdgeSpec.topics("b"));
        edge(dataSource, pair, anchor, awake, 1.0, EdgeSpec.topics("c"));

        ReadResponse response = call(pair, read(pair, unit(0), 3));
        assertThat(ids(response)).containsExactly(anchor, awake);
        assertThat(response.getAnchorsFound()).isEqualTo(1);
        assertThat(ids(response)).doesNotContain(sleepingTwin, sleepingNeighbour, behindSleeper);
    }

    @Test
    void anchorsAreTheTopThreeAtOrAboveTheMinimumCosine() throws Exception {
        TestPair pair = newPair();
        long a95 = node(dataSource, pair, NodeSpec.of("a", at(0.95, 1)));
        long a80 = node(dataSource, pair, NodeSpec.of("b", at(0.80, 2)));
        long a60 = node(dataSource, pair, NodeSpec.of("c", at(0.60, 3)));
        long a50 = node(dataSource, pair, NodeSpec.of("d", at(0.50, 4)));
        long a39 = node(dataSource, pair, NodeSpec.of("e", at(0.39, 5)));
        ReadResponse response = call(pair, read(pair, unit(0), 0));
        assertThat(ids(response)).containsExactlyInAnyOrder(a95, a80, a60).doesNotContain(a50, a39);
        assertThat(response.getAnchorsFound()).isEqualTo(3);

        TestPair sparse = newPair();
        long only = node(dataSource, sparse, NodeSpec.of("a", at(0.41, 1)));
        node(dataSource, sparse, NodeSpec.of("b", at(0.39, 2)));
        assertThat(ids(call(sparse, read(sparse, unit(0), 0)))).containsExactly(only);
    }

    @Test
    void kIsThreeTwoTwoByHighestWeightTiesByLowerEdgeId() throws Exception {
        TestPair pair = newPair();
        long a = node(dataSource, pair, NodeSpec.of("anchor", unit(0)));
        long[] b = new long[5];
        for (int i = 0; i < 5; i++) {
            b[i] = node(dataSource, pair, NodeSpec.of("b" + i, unit(10 + i)));
        }
        // weights 9, 8, 7, 7, 5: the tie at 7 goes to the lower edge id (b2)
        double[] weights = { 9, 8, 7, 7, 5 };
        for (int i = 0; i < 5; i++) {
            edge(dataSource, pair, a, b[i], weights[i], EdgeSpec.topics("t"));
        }
        long[] c = new long[4];
        for (int i = 0; i < 4; i++) {
            c[i] = node(dataSource, pair, NodeSpec.of("c" + i, unit(20 + i)));
            edge(dataSource, pair, b[0], c[i], 6 - i, EdgeSpec.topics("t"));
        }
        long[] d = new long[3];
        for (int i = 0; i < 3; i++) {
            d[i] = node(dataSource, pair, NodeSpec.of("d" + i, unit(30 + i)));
            edge(dataSource, pair, c[0], d[i], 6 - i, EdgeSpec.topics("t"));
        }

        ReadResponse one = call(pair, read(pair, unit(0), 1));
        assertThat(ids(one)).containsExactlyInAnyOrder(a, b[0], b[1], b[2]);
        assertThat(one.getPoolSize()).isEqualTo(4);

        ReadResponse two = call(pair, read(pair, unit(0), 2));
        assertThat(ids(two)).containsExactlyInAnyOrder(a, b[0], b[1], b[2], c[0], c[1]);
        assertThat(memory(two, c[1]).getShell()).isEqualTo(2);
        assertThat(memory(two, c[1]).getPathList()).extracting(s -> s.getToNodeId()).containsExactly(b[0], c[1]);

        ReadResponse three = call(pair, read(pair, unit(0), 3));
        assertThat(ids(three)).containsExactlyInAnyOrder(a, b[0], b[1], b[2], c[0], c[1], d[0], d[1]);
        assertThat(memory(three, d[1]).getShell()).isEqualTo(3);
        assertThat(memory(three, d[1]).getPathList()).extracting(s -> s.getToNodeId())
                .containsExactly(b[0], c[0], d[1]);
        assertThat(three.getHops()).isEqualTo(3);
    }

    @Test
    void hopsZeroReturnsAnchorsOnly() throws Exception {
        Golden g = golden();
        ReadResponse response = call(g.pair(), read(g.pair(), unit(0), 0));
        assertThat(ids(response)).containsExactly(g.anchor());
        assertThat(response.getPoolSize()).isEqualTo(1);
        assertThat(response.getHops()).isZero();
        ReadResponse focused = call(g.pair(), read(g.pair(), unit(0), 0).clearHops().setMode("focused"));
        assertThat(ids(focused)).containsExactly(g.anchor());
    }

    @Test
    void theModeChoosesTheHopsAndTheDefaultIsOneHop() throws Exception {
        Golden g = golden();
        assertThat(call(g.pair(), read(g.pair(), unit(0), 0).clearHops().setMode("relaxed")).getHops()).isEqualTo(2);
        assertThat(call(g.pair(), read(g.pair(), unit(0), 0).clearHops().setMode("free")).getHops()).isEqualTo(3);
        ReadResponse byDefault = call(g.pair(), read(g.pair(), unit(0), 0).clearHops());
        assertThat(byDefault.getHops()).isEqualTo(1);
        assertThat(byDefault.getPoolSize()).isEqualTo(3);
        // explicit hops win over the mode
        assertThat(call(g.pair(), read(g.pair(), unit(0), 0).setMode("free")).getHops()).isZero();
    }

    @Test
    void thePredecessorLockExcludesOnlyTheEdgeBack() throws Exception {
        TestPair pair = newPair();
        long a = node(dataSource, pair, NodeSpec.of("a", unit(0)));
        long b = node(dataSource, pair, NodeSpec.of("b", unit(1)));
        long c = node(dataSource, pair, NodeSpec.of("c", unit(2)));
        long d = node(dataSource, pair, NodeSpec.of("d", unit(3)));
        long f = node(dataSource, pair, NodeSpec.of("f", unit(4)));
        long g = node(dataSource, pair, NodeSpec.of("g", unit(5)));
        edge(dataSource, pair, a, b, 9, EdgeSpec.topics("t"));
        edge(dataSource, pair, b, a, 9.9, EdgeSpec.topics("t")); // the edge back: locked in shell 2
        edge(dataSource, pair, b, c, 5, EdgeSpec.topics("t"));
        edge(dataSource, pair, b, d, 4, EdgeSpec.topics("t"));
        edge(dataSource, pair, c, b, 9.9, EdgeSpec.topics("t")); // the edge back: locked in shell 3
        edge(dataSource, pair, c, a, 9.0, EdgeSpec.topics("t")); // back to the start of the path: not locked
        edge(dataSource, pair, c, f, 8.0, EdgeSpec.topics("t"));
        edge(dataSource, pair, c, g, 7.0, EdgeSpec.topics("t"));

        ReadResponse two = call(pair, read(pair, unit(0), 2));
        assertThat(ids(two)).containsExactlyInAnyOrder(a, b, c, d);

        ReadResponse three = call(pair, read(pair, unit(0), 3));
        // from c (predecessor b): a and f are the two strongest eligible edges; g is not reached
        assertThat(ids(three)).containsExactlyInAnyOrder(a, b, c, d, f);
        assertThat(memory(three, f).getShell()).isEqualTo(3);
        assertThat(memory(three, a).getShell()).isZero();
    }

    @Test
    void dedupKeepsTheSmallestShellThenTheHigherLastEdge() throws Exception {
        TestPair pair = newPair();
        long a = node(dataSource, pair, NodeSpec.of("a", unit(0)));
        long b = node(dataSource, pair, NodeSpec.of("b", unit(1)));
        long c = node(dataSource, pair, NodeSpec.of("c", unit(2)));
        long d = node(dataSource, pair, NodeSpec.of("d", unit(3)));
        edge(dataSource, pair, a, b, 9, EdgeSpec.topics("t"));
        long ac = edge(dataSource, pair, a, c, 3, EdgeSpec.topics("t"));
        edge(dataSource, pair, b, c, 9.9, EdgeSpec.topics("t")); // a longer, stronger way to c
        edge(dataSource, pair, b, d, 5, EdgeSpec.topics("t"));
        long cd = edge(dataSource, pair, c, d, 7, EdgeSpec.topics("t")); // the stronger of two shell-2 ways to d

        ReadResponse response = call(pair, read(pair, unit(0), 2));
        assertThat(memory(response, c).getShell()).isEqualTo(1);
        assertThat(memory(response, c).getPathList()).extracting(s -> s.getEdgeId()).containsExactly(ac);
        assertThat(memory(response, d).getShell()).isEqualTo(2);
        assertThat(memory(response, d).getPath(1).getEdgeId()).isEqualTo(cd);
        assertThat(response.getPoolSize()).isEqualTo(4);
    }

    @Test
    void resultsAreDeterministicAndTiesGoToTheLowerId() throws Exception {
        TestPair pair = newPair();
        long a = node(dataSource, pair, NodeSpec.of("a", unit(0)).decay(2));
        long[] same = new long[4];
        for (int i = 0; i < 4; i++) {
            same[i] = node(dataSource, pair, NodeSpec.of("same " + i, unit(1 + i)).decay(4));
        }
        edge(dataSource, pair, a, same[3], 5, EdgeSpec.topics("t"));
        edge(dataSource, pair, a, same[1], 5, EdgeSpec.topics("t"));
        edge(dataSource, pair, a, same[2], 5, EdgeSpec.topics("t"));
        edge(dataSource, pair, a, same[0], 4, EdgeSpec.topics("t"));
        ReadResponse first = call(pair, read(pair, unit(0), 1));
        // shell 1 takes the three edges of weight 5 (lower edge id first: same[3], same[1], same[2]);
        // equal sort weights 3.0 then rank by lower node id
        assertThat(ids(first)).containsExactly(same[1], same[2], same[3], a);
        for (int i = 0; i < 5; i++) {
            assertThat(call(pair, read(pair, unit(0), 1))).isEqualTo(first);
        }
    }

    @Test
    void theSectorFactorFollowsThePlutchikWheelAndItsAliases() throws Exception {
        TestPair pair = newPair();
        long joy = node(dataSource, pair, NodeSpec.of("joy", at(0.9, 1)).emotion("Ecstasy").decay(1));
        long sad = node(dataSource, pair, NodeSpec.of("sad", at(0.8, 2)).emotion("Trauer").decay(1));
        long neutral = node(dataSource, pair, NodeSpec.of("neutral", at(0.7, 3)).emotion("").decay(1));
        ReadResponse response = call(pair, read(pair, unit(0), 0).setCurrentEmotion("freude"));
        assertThat(response.getCurrentSector()).isEqualTo(EmotionSector.EMOTION_SECTOR_JOY);
        assertThat(memory(response, joy).getSortWeight()).isCloseTo(1.0, within(1e-9));
        assertThat(memory(response, sad).getSortWeight()).isCloseTo(0.6, within(1e-9)); // opposite: distance 4
        assertThat(memory(response, neutral).getSortWeight()).isCloseTo(1.0, within(1e-9));
        ReadResponse unknown = call(pair, read(pair, unit(0), 0).setCurrentEmotion("bewildered"));
        assertThat(unknown.getCurrentSector()).isEqualTo(EmotionSector.EMOTION_SECTOR_NEUTRAL);
        assertThat(memory(unknown, sad).getSortWeight()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void theObserverFilterAppliesToAnchorsAndEdgeTargets() throws Exception {
        TestPair pair = newPair();
        long user = node(dataSource, pair, NodeSpec.of("user anchor", unit(0)));
        long assistantAnchor = node(dataSource, pair, NodeSpec.of("assistant anchor", at(0.9, 1)).observer("assistant"));
        long assistantTarget = node(dataSource, pair, NodeSpec.of("assistant target", unit(2)).observer("assistant"));
        long userTarget = node(dataSource, pair, NodeSpec.of("user target", unit(3)));
        edge(dataSource, pair, user, assistantTarget, 9, EdgeSpec.topics("t"));
        edge(dataSource, pair, user, userTarget, 2, EdgeSpec.topics("t"));
        ReadResponse users = call(pair, read(pair, unit(0), 1).addObservers(Observer.OBSERVER_USER));
        assertThat(ids(users)).containsExactlyInAnyOrder(user, userTarget);
        ReadResponse both = call(pair, read(pair, unit(0), 1));
        assertThat(ids(both)).contains(user, assistantAnchor, assistantTarget, userTarget);
        ReadResponse rendered = call(pair, read(pair, unit(0), 0).addObservers(Observer.OBSERVER_ASSISTANT)
                .setRender(RenderOptions.newBuilder().setAgentName("Claude")));
        assertThat(rendered.getBlock()).contains("Speaker: Claude");
    }

    @Test
    void theShiftMovesTheQueryTowardsItsComponents() throws Exception {
        TestPair pair = newPair();
        long e0 = node(dataSource, pair, NodeSpec.of("e0", unit(0)));
        long e1 = node(dataSource, pair, NodeSpec.of("e1", unit(1)));
        ReadResponse plain = call(pair, read(pair, unit(0), 0));
        assertThat(ids(plain)).containsExactly(e0);
        assertThat(plain.getShifted()).isFalse();
        ReadResponse shifted = call(pair, read(pair, unit(0), 0).setShift(ReadShift.newBuilder().setFactor(0.5)
                .addComponents(ShiftComponent.newBuilder().setVector(proto(unit(1))).setStrength(1))));
        assertThat(shifted.getShifted()).isTrue();
        assertThat(ids(shifted)).containsExactlyInAnyOrder(e0, e1); // both at cos 0.7071
        ReadResponse zeroFactor = call(pair, read(pair, unit(0), 0).setShift(ReadShift.newBuilder().setFactor(0)
                .addComponents(ShiftComponent.newBuilder().setVector(proto(unit(1))).setStrength(1))));
        assertThat(zeroFactor.getShifted()).isFalse();
    }

    @Test
    void aQueryTextIsEmbeddedInProcess() throws Exception {
        TestPair pair = newPair();
        long e0 = node(dataSource, pair, NodeSpec.of("e0", unit(0)));
        String text = "what did Anna give me " + pair.userId();
        ScriptedTextVectors.script(text, unit(0));
        ReadResponse response = longTerm(pair).read(
                ReadRequest.newBuilder().setRanking(ReadRanking.READ_RANKING_STRENGTH).setPair(pair.proto()).setQueryText(text)
                        .setHops(0).build());
        assertThat(ids(response)).containsExactly(e0);
    }

    @Test
    void shiftComponentsMayBeTextsAndAFailingModelIsUnavailable() throws Exception {
        TestPair pair = newPair();
        long e0 = node(dataSource, pair, NodeSpec.of("e0", unit(0)));
        long e1 = node(dataSource, pair, NodeSpec.of("e1", unit(1)));
        String mood = "thinking of e1 " + pair.userId();
        ScriptedTextVectors.script(mood, unit(1));
        ReadResponse shifted = call(pair, read(pair, unit(0), 0).setShift(ReadShift.newBuilder().setFactor(0.5)
                .addComponents(ShiftComponent.newBuilder().setText(mood).setStrength(1))));
        assertThat(shifted.getShifted()).isTrue();
        assertThat(ids(shifted)).containsExactlyInAnyOrder(e0, e1);

        String broken = "the model is down " + pair.userId();
        ScriptedTextVectors.fail(broken, new IllegalStateException("connection refused"));
        assertStatus(() -> longTerm(pair).read(ReadRequest.newBuilder().setRanking(ReadRanking.READ_RANKING_STRENGTH)
                .setPair(pair.proto()).setQueryText(broken)
                .build()), Status.Code.UNAVAILABLE, "embedding provider unavailable");
    }

    @Test
    void aTurnRecordsTheReturnedNodeIds() throws Exception {
        Golden g = golden();
        String turn = "turn-record-" + g.pair().userId();
        call(g.pair(), read(g.pair(), unit(0), 0).setTurnId(turn));
        assertThat(turnNodes(turn)).containsExactly(g.anchor());
        ReadResponse second = call(g.pair(), read(g.pair(), unit(0), 1).setTurnId(turn).setLimit(2));
        assertThat(second.getTurnId()).isEqualTo(turn);
        assertThat(turnNodes(turn)).containsExactlyInAnyOrder(g.anchor(), g.sister());
    }

    @Test
    void partitionsNeverLeak() throws Exception {
        Golden mine = golden();
        Golden theirs = golden(); // identical content, another tenant
        ReadResponse response = call(mine.pair(), read(mine.pair(), unit(0), 3));
        assertThat(ids(response)).containsExactlyInAnyOrder(mine.anchor(), mine.sister(), mine.love());

        String theirTurn = "turn-theirs-" + theirs.pair().userId();
        call(theirs.pair(), read(theirs.pair(), unit(0), 1).setTurnId(theirTurn));
        assertStatus(() -> call(mine.pair(), read(mine.pair(), unit(0), 1).setTurnId(theirTurn)),
                Status.Code.PERMISSION_DENIED, "turn_id");
        assertThat(turnNodes(theirTurn)).containsExactlyInAnyOrder(theirs.anchor(), theirs.sister(), theirs.love());

        // a pair of another tenant is refused before anything is read
        assertStatus(() -> longTerm(mine.pair()).read(read(theirs.pair(), unit(0), 1).build()),
                Status.Code.PERMISSION_DENIED, "pair.user_id");
        // a sibling pair of the same tenant sees nothing of the first
        TestPair sibling = LongTermFixtures.sibling(mine.pair());
        assertThat(call(sibling, read(sibling, unit(0), 3)).getMemoriesList()).isEmpty();
    }

    @Test
    void invalidRequestsNameTheField() throws Exception {
        TestPair pair = newPair();
        assertStatus(() -> call(pair, read(pair, unit(0), 4)), Status.Code.INVALID_ARGUMENT, "hops");
        assertStatus(() -> call(pair, read(pair, unit(0), -1)), Status.Code.INVALID_ARGUMENT, "hops");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).setLimit(11)), Status.Code.INVALID_ARGUMENT, "limit");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).setLimit(-1)), Status.Code.INVALID_ARGUMENT, "limit");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).clearHops().setMode("dreamy")),
                Status.Code.INVALID_ARGUMENT, "mode");
        assertStatus(() -> call(pair, read(pair, new float[12], 1).setQueryVector(proto(Arrays.copyOf(unit(0), 12)))),
                Status.Code.INVALID_ARGUMENT, "query_vector");
        assertStatus(() -> call(pair, read(pair, new float[LongTermFixtures.DIM], 1)), Status.Code.INVALID_ARGUMENT,
                "query_vector");
        float[] nan = unit(0);
        nan[3] = Float.NaN;
        assertStatus(() -> call(pair, read(pair, nan, 1)), Status.Code.INVALID_ARGUMENT, "query_vector");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).clearQueryVector()), Status.Code.INVALID_ARGUMENT, "query");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).setShift(ReadShift.newBuilder().setFactor(1.5))),
                Status.Code.INVALID_ARGUMENT, "shift.factor");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).setShift(ReadShift.newBuilder().setFactor(0.5)
                .addComponents(ShiftComponent.newBuilder().setVector(FloatVector.newBuilder().addValues(1))))),
                Status.Code.INVALID_ARGUMENT, "shift.components[0].vector");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).addObservers(Observer.OBSERVER_UNSPECIFIED)),
                Status.Code.INVALID_ARGUMENT, "observers[0]");
        assertStatus(() -> call(pair, read(pair, unit(0), 1).setTurnId("x".repeat(101))),
                Status.Code.INVALID_ARGUMENT, "turn_id");
        assertStatus(() -> longTerm(pair).read(read(pair, unit(0), 1)
                .setPair(pair.proto().toBuilder().setAgentId("bad agent")).build()),
                Status.Code.INVALID_ARGUMENT, "pair.agent_id");
    }

    private List<Long> turnNodes(String turnId) throws Exception {
        try (var c = dataSource.getConnection();
                var s = c.prepareStatement("select node_ids from turn_read where turn_id = ?")) {
            s.setString(1, turnId);
            try (var rs = s.executeQuery()) {
                if (!rs.next()) {
                    return List.of();
                }
                Array array = rs.getArray(1);
                return Arrays.stream((Long[]) array.getArray()).toList();
            }
        }
    }
}
