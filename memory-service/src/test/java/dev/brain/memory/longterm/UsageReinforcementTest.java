package dev.brain.memory.longterm;

import static dev.brain.memory.longterm.LongTermFixtures.at;
import static dev.brain.memory.longterm.LongTermFixtures.edge;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.scalar;
import static dev.brain.memory.longterm.LongTermFixtures.snapshot;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.ReinforceOutcome;
import dev.brain.grpc.v1.ReinforceUsageRequest;
import dev.brain.grpc.v1.ReinforceUsageResponse;
import dev.brain.memory.longterm.LongTermFixtures.EdgeSpec;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layer;
import dev.brain.memory.longterm.weights.Layers;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.wire.WireNames;
import io.grpc.Status;
import io.quarkus.test.junit.QuarkusTest;

/** Usage reinforcement of memory.md §7 and Trigger 2 (§5.6) over real gRPC and PostgreSQL. */
@QuarkusTest
class UsageReinforcementTest extends LongTermTestBase {

    @Inject
    EdgeWeights edgeWeights;

    @Inject
    Layers layers;

    @Inject
    ObjectMapper json;

    /**
     * Reads each node at(c, axis) alone in the turn: the query e_axis reaches that node (cos √(1 − c²) ≥ 0.4) and
     * no other node of the test (cos 0).
     */
    void readInTurn(TestPair pair, String turn, int... axes) {
        for (int axis : axes) {
            ReadResponse r = call(pair, read(pair, unit(axis), 0).setTurnId(turn));
            assertThat(r.getMemoriesCount()).as("read of axis %d", axis).isEqualTo(1);
        }
    }

    ReinforceUsageResponse reinforce(TestPair pair, String turn, String answer) {
        return longTerm(pair).reinforceUsage(ReinforceUsageRequest.newBuilder().setPair(pair.proto()).setTurnId(turn)
                .setAnswerText(answer).build());
    }

    String answer(TestPair pair, String name, float[] vector) {
        String text = name + " answer of " + pair.userId();
        if (vector != null) {
            ScriptedTextVectors.script(text, vector);
        }
        return text;
    }

    @Test
    void fourCandidatesAboveTheThresholdReinforceTheFirstThreeAndRejectTheFourthByCap() throws Exception {
        TestPair pair = newPair();
        float[][] e = { at(0.70, 1), at(0.65, 2), at(0.60, 3), at(0.58, 4) };
        long[] ids = new long[4];
        for (int i = 0; i < 4; i++) {
            ids[i] = node(dataSource, pair, NodeSpec.of("n" + i, e[i]));
        }
        long unread = node(dataSource, pair, NodeSpec.of("never read", at(0.99, 5)));
        String turn = "turn-cap-" + pair.userId();
        readInTurn(pair, turn, 1, 2, 3, 4);
        String before4 = row(ids[3]);
        String beforeUnread = row(unread);

        ReinforceUsageResponse response = reinforce(pair, turn, answer(pair, "cap", unit(0)));

        assertThat(response.getOutcome()).isEqualTo(ReinforceOutcome.REINFORCE_OUTCOME_COMPUTED);
        assertThat(response.getReplayed()).isFalse();
        assertThat(response.getReinforcedNodeIdsList()).containsExactly(ids[0], ids[1], ids[2]);
        var p = response.getProtocol();
        assertThat(p.getRejectedByCapList()).containsExactly(ids[3]);
        assertThat(p.getRejectedBelowThresholdList()).isEmpty();
        assertThat(p.hasClosestRejected()).isFalse();
        assertThat(p.getCosinesMap()).containsOnlyKeys(ids[0], ids[1], ids[2], ids[3]);
        assertThat(p.getCosinesMap().get(ids[3])).isCloseTo(0.58, within(1e-4));
        assertThat(p.getReinforcedMap().get(ids[0])).isCloseTo(0.70, within(1e-4));
        assertThat(p.getThreshold()).isEqualTo(0.55);
        assertThat(p.getCap()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(scalar(dataSource, "select frequency from long_term_node where id = ?", ids[i])).isEqualTo(2);
        }
        assertThat(row(ids[3])).isEqualTo(before4);
        assertThat(row(unread)).isEqualTo(beforeUnread);
    }

    @Test
    void cosinesBelowTheThresholdReinforceNothingAndReportTheClosestRejection() throws Exception {
        TestPair pair = newPair();
        float[][] e = { at(0.2400, 1), at(0.1500, 2), at(0.2935, 3) };
        long[] ids = new long[3];
        for (int i = 0; i < 3; i++) {
            ids[i] = node(dataSource, pair, NodeSpec.of("n" + i, e[i]));
        }
        String turn = "turn-below-" + pair.userId();
        readInTurn(pair, turn, 1, 2, 3);
        List<String> before = snapshot(dataSource, pair);

        ReinforceUsageResponse response = reinforce(pair, turn, answer(pair, "below", unit(0)));

        assertThat(response.getOutcome()).isEqualTo(ReinforceOutcome.REINFORCE_OUTCOME_COMPUTED);
        assertThat(response.getReinforcedNodeIdsList()).isEmpty();
        var p = response.getProtocol();
        assertThat(p.getClosestRejected()).isCloseTo(0.2935, within(1e-4));
        assertThat(p.getRejectedBelowThresholdList()).containsExactly(ids[2], ids[0], ids[1]);
        assertThat(p.getCosinesMap()).hasSize(3);
        assertThat(p.getCosinesMap().get(ids[1])).isCloseTo(0.15, within(1e-4));
        assertThat(snapshot(dataSource, pair)).isEqualTo(before);

        // the protocol line lists every cosine and every field of §7
        JsonNode line = logLine(turn);
        assertThat(line.get("cosines").size()).isEqualTo(3);
        assertThat(line.get("cosines").get(Long.toString(ids[0])).asDouble()).isCloseTo(0.24, within(1e-4));
        assertThat(line.get("closest_rejected").asDouble()).isCloseTo(0.2935, within(1e-4));
        assertThat(line.fieldNames()).toIterable().containsExactlyInAnyOrder("turn_id", "outcome", "threshold", "cap",
                "cosines", "reinforced", "rejected_below_threshold", "rejected_by_cap", "closest_rejected",
                "edges_recomputed", "edge_errors", "edges_duration_ms", "duration_ms", "error");
    }

    @Test
    void aMixedTurnReinforcesTheBestThreeTiesGoingToTheLowerIdAndRejectsTheRestByCause() throws Exception {
        TestPair pair = newPair();
        // created in this order, so tieLow has the lower id of the two equal cosines
        long best = node(dataSource, pair, NodeSpec.of("best", at(0.70, 1)));
        long second = node(dataSource, pair, NodeSpec.of("second", at(0.65, 2)));
        long tieLow = node(dataSource, pair, NodeSpec.of("tie low", at(0.60, 3)));
        long tieHigh = node(dataSource, pair, NodeSpec.of("tie high", at(0.60, 4)));
        long near = node(dataSource, pair, NodeSpec.of("near", at(0.50, 5)));
        long far = node(dataSource, pair, NodeSpec.of("far", at(0.30, 6)));
        String turn = "turn-mixed-" + pair.userId();
        // read order is not the ranking: the higher id of the tie and the weakest come first
        readInTurn(pair, turn, 6, 4, 5, 3, 2, 1);
        Map<Long, String> before = new HashMap<>();
        for (long id : new long[] { tieHigh, near, far }) {
            before.put(id, row(id));
        }

        ReinforceUsageResponse response = reinforce(pair, turn, answer(pair, "mixed", unit(0)));

        assertThat(response.getOutcome()).isEqualTo(ReinforceOutcome.REINFORCE_OUTCOME_COMPUTED);
        assertThat(response.getReinforcedNodeIdsList()).containsExactly(best, second, tieLow);
        var p = response.getProtocol();
        assertThat(p.getRejectedByCapList()).containsExactly(tieHigh);
        assertThat(p.getRejectedBelowThresholdList()).containsExactly(near, far);
        assertThat(p.getClosestRejected()).isCloseTo(0.50, within(1e-4));
        assertThat(p.getCosinesMap()).containsOnlyKeys(best, second, tieLow, tieHigh, near, far);
        assertThat(p.getCosinesMap().get(tieLow)).isEqualTo(p.getCosinesMap().get(tieHigh));
        for (long id : new long[] { tieHigh, near, far }) {
            assertThat(row(id)).as("node %d", id).isEqualTo(before.get(id));
        }
    }

    @Test
    void aReinforcedNodeGrowsByTheBoostAndIsAnchoredAgain() throws Exception {
        TestPair pair = newPair();
        long n = node(dataSource, pair, NodeSpec.of("n", at(0.9, 1)).weights(0.9, 3.753681, 2.5));
        String turn = "turn-boost-" + pair.userId();
        readInTurn(pair, turn, 1);
        ReinforceUsageResponse response = reinforce(pair, turn, answer(pair, "boost", unit(0)));
        assertThat(response.getReinforcedNodeIdsList()).containsExactly(n);
        Map<String, Object> r = nodeRow(n);
        assertThat((Double) r.get("raw_weight")).isCloseTo(1.0, within(1e-9));
        assertThat((Double) r.get("absolute_weight")).isCloseTo(3.955180, within(1e-6));
        assertThat((Double) r.get("decay_weight")).isCloseTo(3.955180, within(1e-6));
        assertThat((Double) r.get("decay_base")).isCloseTo(3.955180, within(1e-6));
        assertThat(r.get("frequency")).isEqualTo(2);
        assertThat(r.get("active")).isEqualTo(true);
        assertThat(r.get("reinforced_at")).isEqualTo(r.get("decay_base_at"));
        assertThat(((java.sql.Timestamp) r.get("reinforced_at")).toInstant()).isAfter(LongTermFixtures.T0.toInstant());
    }

    @Test
    void trigger2RecomputesEveryEdgeOfTheNodeAndNoOther() throws Exception {
        TestPair pair = newPair();
        long x = node(dataSource, pair, NodeSpec.of("x", at(0.9, 1)).topics("a", "b").weights(0.9, 3.753681, 3));
        long y = node(dataSource, pair, NodeSpec.of("y", unit(2)).weights(9, 5.0, 5));
        long z = node(dataSource, pair, NodeSpec.of("z", unit(3)).weights(0.7, 3.312617, 3));
        long w = node(dataSource, pair, NodeSpec.of("w", unit(4)).topics("a", "c", "d", "e").weights(0.5, 2.801055, 2));
        long v = node(dataSource, pair, NodeSpec.of("v", unit(5)));
        EdgeSpec entity = EdgeSpec.of(List.of("entity"), List.of(7L), List.of(), 0.1);
        EdgeSpec embeddingTimeline = new EdgeSpec(List.of("embedding", "timeline"), List.of(), List.of(), 0.9, 4.0, "day");
        EdgeSpec topics = EdgeSpec.topics("a");
        EdgeSpec broken = EdgeSpec.of(List.of(), List.of(), List.of(), 0.1);
        long xy = edge(dataSource, pair, x, y, 1, entity);
        long yx = edge(dataSource, pair, y, x, 1, entity);
        long xz = edge(dataSource, pair, x, z, 1, embeddingTimeline);
        long zx = edge(dataSource, pair, z, x, 1, embeddingTimeline);
        long xw = edge(dataSource, pair, x, w, 1, topics);
        long wx = edge(dataSource, pair, w, x, 1, topics);
        long xv = edge(dataSource, pair, x, v, 1, broken);
        long yz = edge(dataSource, pair, y, z, 1.5, entity);
        long zy = edge(dataSource, pair, z, y, 1.5, entity);
        String untouchedYz = edgeRow(yz);
        String untouchedZy = edgeRow(zy);
        String untouchedXv = edgeRow(xv);

        String turn = "turn-trigger2-" + pair.userId();
        readInTurn(pair, turn, 1);
        ReinforceUsageResponse response = reinforce(pair, turn, answer(pair, "trigger2", unit(0)));
        assertThat(response.getReinforcedNodeIdsList()).containsExactly(x);
        assertThat(response.getProtocol().getEdgesRecomputed()).isEqualTo(6);
        assertThat(response.getProtocol().getEdgeErrorsList()).containsExactly(x);

        double ax = (Double) scalar(dataSource, "select absolute_weight from long_term_node where id = ?", x);
        assertThat(ax).isCloseTo(3.955180, within(1e-6));
        assertFresh(xy, ax, 5.0, layers.frozenDepths(List.of(Layer.ENTITY), 0.1, 0, 2, 0, null, null));
        assertFresh(yx, 5.0, ax, layers.frozenDepths(List.of(Layer.ENTITY), 0.1, 0, 0, 2, null, null));
        var et = layers.frozenDepths(List.of(Layer.EMBEDDING, Layer.TIMELINE), 0.9, 0, 2, 0, 4.0, Precision.DAY);
        assertThat(et.get(Layer.EMBEDDING)).isCloseTo(0.35 / 0.45, within(1e-9));
        assertThat(et.get(Layer.TIMELINE)).isCloseTo(17.0 / 21, within(1e-9));
        assertFresh(xz, ax, 3.312617, et);
        assertFresh(zx, 3.312617, ax, et);
        var t = layers.frozenDepths(List.of(Layer.TOPICS), 0.2, 1, 2, 4, null, null);
        assertThat(t.get(Layer.TOPICS)).isEqualTo(0.25);
        assertFresh(xw, ax, 2.801055, t);
        assertFresh(wx, 2.801055, ax, t);
        assertThat(edgeRow(yz)).isEqualTo(untouchedYz);
        assertThat(edgeRow(zy)).isEqualTo(untouchedZy);
        assertThat(edgeRow(xv)).isEqualTo(untouchedXv);
        assertThat(scalar(dataSource, "select reasons::text from long_term_edge where id = ?", xz))
                .isEqualTo("{embedding,timeline}");
    }

    private void assertFresh(long edgeId, double from, double to, Map<Layer, Double> depths) throws Exception {
        EdgeWeights.Pair expected = edgeWeights.compute(from, to, depths);
        double raw = (Double) scalar(dataSource, "select raw_weight from long_term_edge where id = ?", edgeId);
        double abs = (Double) scalar(dataSource, "select absolute_weight from long_term_edge where id = ?", edgeId);
        assertThat(raw).as("raw of edge %d", edgeId).isCloseTo(expected.rawXY(), within(1e-9));
        assertThat(abs).as("absolute of edge %d", edgeId).isCloseTo(expected.absoluteXY(), within(1e-9));
        assertThat(scalar(dataSource, "select recomputed_at is not null from long_term_edge where id = ?", edgeId))
                .isEqualTo(true);
    }

    @Test
    void aSecondCallReplaysTheDecisionAndChangesNothing() throws Exception {
        TestPair pair = newPair();
        long n = node(dataSource, pair, NodeSpec.of("n", at(0.8, 1)));
        String turn = "turn-replay-" + pair.userId();
        readInTurn(pair, turn, 1);
        String answer = answer(pair, "replay", unit(0));
        ReinforceUsageResponse first = reinforce(pair, turn, answer);
        assertThat(first.getReinforcedNodeIdsList()).containsExactly(n);
        List<String> after = snapshot(dataSource, pair);

        ReinforceUsageResponse second = reinforce(pair, turn, answer);
        ReinforceUsageResponse third = reinforce(pair, turn, "a different answer");
        assertThat(second.getReplayed()).isTrue();
        assertThat(second.getOutcome()).isEqualTo(first.getOutcome());
        assertThat(second.getReinforcedNodeIdsList()).isEqualTo(first.getReinforcedNodeIdsList());
        assertThat(second.getProtocol()).isEqualTo(first.getProtocol());
        assertThat(third.getReplayed()).isTrue();
        assertThat(snapshot(dataSource, pair)).isEqualTo(after);
        assertThat(scalar(dataSource, "select frequency from long_term_node where id = ?", n)).isEqualTo(2);
        assertThat(scalar(dataSource, "select count(*) from usage_decision where turn_id = ?", turn)).isEqualTo(1L);
        assertThat(scalar(dataSource, "select count(*) from pipeline_log where turn_id = ? and node = 'memory.usage'",
                turn)).isEqualTo(1L);
    }

    @Test
    void emptyAnswer() throws Exception {
        TestPair pair = newPair();
        node(dataSource, pair, NodeSpec.of("n", at(0.8, 1)));
        String turn = "turn-empty-" + pair.userId();
        readInTurn(pair, turn, 1);
        assertOutcome(pair, turn, " \n\t ", ReinforceOutcome.REINFORCE_OUTCOME_EMPTY_ANSWER);
    }

    @Test
    void noCandidateWhenTheTurnReadNothingOrWasNeverRead() throws Exception {
        TestPair pair = newPair();
        node(dataSource, pair, NodeSpec.of("n", at(0.8, 1)));
        String emptyTurn = "turn-nothing-" + pair.userId();
        call(pair, read(pair, unit(60), 1).setTurnId(emptyTurn)); // nothing near e_60
        assertOutcome(pair, emptyTurn, answer(pair, "none", unit(0)), ReinforceOutcome.REINFORCE_OUTCOME_NO_CANDIDATE);
        assertOutcome(pair, "turn-unknown-" + pair.userId(), answer(pair, "unknown", unit(0)),
                ReinforceOutcome.REINFORCE_OUTCOME_NO_CANDIDATE);
    }

    @Test
    void embedError() throws Exception {
        TestPair pair = newPair();
        node(dataSource, pair, NodeSpec.of("n", at(0.8, 1)));
        String turn = "turn-embed-" + pair.userId();
        readInTurn(pair, turn, 1);
        String answer = answer(pair, "embed-error", null);
        ScriptedTextVectors.fail(answer, new IllegalStateException("model down"));
        ReinforceUsageResponse response = assertOutcome(pair, turn, answer,
                ReinforceOutcome.REINFORCE_OUTCOME_EMBED_ERROR);
        assertThat(response.getProtocol().getError()).contains("model down");
    }

    @Test
    void emptyVector() throws Exception {
        TestPair pair = newPair();
        node(dataSource, pair, NodeSpec.of("n", at(0.8, 1)));
        String turn = "turn-vector-" + pair.userId();
        readInTurn(pair, turn, 1);
        assertOutcome(pair, turn, answer(pair, "zero", new float[LongTermFixtures.DIM]),
                ReinforceOutcome.REINFORCE_OUTCOME_EMPTY_VECTOR);
        float[] nan = unit(0);
        nan[1] = Float.NaN;
        String turn2 = turn + "-nan";
        readInTurn(pair, turn2, 1);
        assertOutcome(pair, turn2, answer(pair, "nan", nan), ReinforceOutcome.REINFORCE_OUTCOME_EMPTY_VECTOR);
    }

    @Test
    void dbErrorRollsEverythingBack() throws Exception {
        TestPair pair = newPair();
        long n = node(dataSource, pair, NodeSpec.of("n", at(0.8, 1)));
        long m = node(dataSource, pair, NodeSpec.of("m", at(0.7, 2)));
        edge(dataSource, pair, n, m, 1, EdgeSpec.topics("t"));
        edge(dataSource, pair, m, n, 1, EdgeSpec.topics("t"));
        String turn = "turn-db-" + pair.userId();
        readInTurn(pair, turn, 1, 2);
        List<String> before = snapshot(dataSource, pair);
        String trigger = "fail_" + Long.toHexString(n);
        // a real database failure inside the reinforcement transaction: edge writes of this pair are refused
        LongTermFixtures.exec(dataSource, "create function " + trigger + "() returns trigger language plpgsql as"
                + " $$ begin raise exception 'injected failure'; end $$");
        LongTermFixtures.exec(dataSource, "create trigger " + trigger + " before update on long_term_edge for each row"
                + " when (new.user_id = '" + pair.userId() + "') execute function " + trigger + "()");
        try {
            ReinforceUsageResponse response = assertOutcome(pair, turn, answer(pair, "db", unit(0)),
                    ReinforceOutcome.REINFORCE_OUTCOME_DB_ERROR);
            assertThat(response.getReinforcedNodeIdsList()).isEmpty();
            assertThat(response.getProtocol().getError()).contains("injected failure");
            assertThat(response.getProtocol().getCosinesMap()).containsOnlyKeys(n, m);
        } finally {
            LongTermFixtures.exec(dataSource, "drop trigger " + trigger + " on long_term_edge");
            LongTermFixtures.exec(dataSource, "drop function " + trigger + "()");
        }
        assertThat(snapshot(dataSource, pair)).isEqualTo(before);
    }

    @Test
    void anotherPairsTurnIsPermissionDeniedAndPairsStayApart() throws Exception {
        TestPair mine = newPair();
        TestPair theirs = LongTermFixtures.sibling(mine);
        long myNode = node(dataSource, mine, NodeSpec.of("same content", at(0.8, 1)));
        long theirNode = node(dataSource, theirs, NodeSpec.of("same content", at(0.8, 1)));
        String theirTurn = "turn-their-" + theirs.userId();
        readInTurn(theirs, theirTurn, 1);
        String theirRow = row(theirNode);
        assertStatus(() -> reinforce(mine, theirTurn, answer(mine, "steal", unit(0))), Status.Code.PERMISSION_DENIED,
                "turn_id");
        String myTurn = "turn-mine-" + mine.userId();
        readInTurn(mine, myTurn, 1);
        assertThat(reinforce(mine, myTurn, answer(mine, "own", unit(0))).getReinforcedNodeIdsList())
                .containsExactly(myNode);
        assertThat(row(theirNode)).isEqualTo(theirRow);
        // a decided turn stays the deciding pair's
        assertStatus(() -> reinforce(theirs, myTurn, answer(theirs, "late", unit(0))), Status.Code.PERMISSION_DENIED,
                "turn_id");
    }

    @Test
    void invalidRequestsNameTheField() {
        TestPair pair = newPair();
        assertStatus(() -> reinforce(pair, "", "answer"), Status.Code.INVALID_ARGUMENT, "turn_id");
        // the 64 KiB limit of answer_text: LongTermRequestsTest (a larger message does not pass this transport)
    }

    private ReinforceUsageResponse assertOutcome(TestPair pair, String turn, String answer, ReinforceOutcome outcome)
            throws Exception {
        List<String> before = snapshot(dataSource, pair);
        ReinforceUsageResponse response = reinforce(pair, turn, answer);
        assertThat(response.getOutcome()).isEqualTo(outcome);
        assertThat(response.getReplayed()).isFalse();
        assertThat(response.getProtocol().getOutcome()).isEqualTo(outcome);
        String stored = WireNames.constant(outcome);
        assertThat(scalar(dataSource, "select outcome from usage_decision where turn_id = ?", turn)).isEqualTo(stored);
        assertThat(logLine(turn).get("outcome").asText()).isEqualTo(stored);
        if (outcome != ReinforceOutcome.REINFORCE_OUTCOME_COMPUTED) {
            assertThat(snapshot(dataSource, pair)).isEqualTo(before);
        }
        ReinforceUsageResponse replay = reinforce(pair, turn, answer);
        assertThat(replay.getReplayed()).isTrue();
        assertThat(replay.getOutcome()).isEqualTo(outcome);
        return response;
    }

    private JsonNode logLine(String turn) throws Exception {
        String content = (String) scalar(dataSource, "select content::text from pipeline_log where turn_id = ?"
                + " and node = 'memory.usage' and art = 'computation'", turn);
        assertThat(content).as("protocol line of %s", turn).isNotNull();
        return json.readTree(content);
    }

    private String row(long nodeId) throws Exception {
        return (String) scalar(dataSource, "select t::text from long_term_node t where id = ?", nodeId);
    }

    private String edgeRow(long edgeId) throws Exception {
        return (String) scalar(dataSource, "select t::text from long_term_edge t where id = ?", edgeId);
    }

    private Map<String, Object> nodeRow(long nodeId) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("select * from long_term_node where id = ?")) {
            s.setLong(1, nodeId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                Map<String, Object> row = new HashMap<>();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.put(rs.getMetaData().getColumnName(i), rs.getObject(i));
                }
                return row;
            }
        }
    }
}
