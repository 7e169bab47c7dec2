package dev.brain.memory.longterm;

import static dev.brain.memory.longterm.LongTermFixtures.at;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.EdgeLayer;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.ReadRanking;
import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.grpc.v1.RenderOptions;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The relevance ranking of the read path (memory.md §9) over real gRPC and PostgreSQL: words find what the vector
 * misses, a memory's context comes up with the path that brought it up, time questions get dates, and the seed's
 * ranking stays available.
 */
@QuarkusTest
class RelevanceReadTest extends LongTermTestBase {

    /** {@code n} memories close to the query's direction (cosine 0.2), written after the ones a test cares about. */
    private void fillers(TestPair pair, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            node(dataSource, pair, NodeSpec.of("an unrelated note number " + i, at(0.2, 100 + i)));
        }
    }

    private ReadResponse relevance(TestPair pair, String text, float[] vector) {
        ScriptedTextVectors.script(text, vector);
        return longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto()).setQueryText(text).setHops(1)
                .setLimit(10).build());
    }

    @Test
    void wordsFindAMemoryTheVectorMissesAndRelevanceIsTheDefault() throws Exception {
        TestPair pair = newPair();
        long target = node(dataSource, pair, NodeSpec.of("pgvector keeps scanning an HNSW index while a filter"
                + " removes candidates", unit(9)));
        fillers(pair, 55);
        String question = "HNSW filter returns too few rows " + pair.userId();
        ReadResponse relevant = relevance(pair, question, unit(0));
        assertThat(relevant.getRanking()).isEqualTo(ReadRanking.READ_RANKING_RELEVANCE);
        assertThat(ids(relevant).get(0)).isEqualTo(target);
        assertThat(relevant.getMemories(0).getShell()).isZero();
        assertThat(relevant.getMemories(0).getPathList()).isEmpty();
        // the seed's ranking: anchors by cosine only (≥ 0.40) — the words do not count
        ReadResponse seed = longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto()).setQueryText(question)
                .setHops(1).setLimit(10).setRanking(ReadRanking.READ_RANKING_STRENGTH).build());
        assertThat(seed.getRanking()).isEqualTo(ReadRanking.READ_RANKING_STRENGTH);
        assertThat(ids(seed)).doesNotContain(target);
    }

    @Test
    void withTheDefaultPostingsBudgetEverySelectiveLexemeSelectsCandidates() throws Exception {
        // the pair LexicalPostingsReadTest reads with a budget of 3, where the zebra memories stay out
        var stored = LexicalPostingsReadTest.KafkaAndZebra.store(dataSource);
        assertThat(ids(stored.read(this))).containsAll(stored.kafka()).containsAll(stored.zebra());
    }

    @Test
    void theMemoryRememberedAfterARelevantOneComesUpCloseInTimeWithItsPath() throws Exception {
        TestPair pair = newPair();
        long question = node(dataSource, pair, NodeSpec.of("What did Melanie paint last week?", unit(0)));
        long answer = node(dataSource, pair, NodeSpec.of("A sunrise over the lake, I'm proud of it", unit(7)));
        fillers(pair, 55);
        ReadResponse r = relevance(pair, "Melanie paint " + pair.userId(), unit(0));

        assertThat(ids(r).subList(0, 2)).containsExactly(question, answer);
        var context = r.getMemories(1);
        assertThat(context.getShell()).isEqualTo(1);
        assertThat(context.getPathList()).singleElement().satisfies(step -> {
            assertThat(step.getFromNodeId()).isEqualTo(question);
            assertThat(step.getToNodeId()).isEqualTo(answer);
            assertThat(step.getEdgeId()).isZero();
            assertThat(step.getReasonsList()).containsExactly(EdgeLayer.EDGE_LAYER_TIMELINE);
        });
        // without hops, no context: the answer has neither the words nor the direction
        ScriptedTextVectors.script("Melanie paint again " + pair.userId(), unit(0));
        ReadResponse flat = longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto())
                .setQueryText("Melanie paint again " + pair.userId()).setHops(0).setLimit(10).build());
        assertThat(ids(flat)).doesNotContain(answer);
    }

    @Test
    void aQuestionAboutTimeGetsEachMemorysDateInTheBlock() throws Exception {
        TestPair pair = newPair();
        long support = node(dataSource, pair, NodeSpec.of("I went to a LGBTQ support group yesterday", unit(0)));
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "update long_term_node set time_at = '2023-05-08 13:56+00', time_precision = 'minute' where id = ?")) {
            s.setLong(1, support);
            s.executeUpdate();
        }
        RenderOptions render = RenderOptions.newBuilder().setUserLabel("Caroline").build();
        String when = "When did Caroline go to the support group? " + pair.userId();
        ScriptedTextVectors.script(when, unit(0));
        ReadResponse dated = longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto()).setQueryText(when)
                .setLimit(3).setRender(render).build());
        assertThat(dated.getBlock()).contains("\"I went to a LGBTQ support group yesterday\"\nSpeaker: Caroline\n"
                + "When: 8 May 2023, 13:56\n");
        String what = "What did Caroline go to? " + pair.userId();
        ScriptedTextVectors.script(what, unit(0));
        ReadResponse undated = longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto()).setQueryText(what)
                .setLimit(3).setRender(render).build());
        assertThat(undated.getBlock()).contains("support group").doesNotContain("When:");
    }

    @Test
    void theObserverFilterHoldsForTheWordsToo() throws Exception {
        TestPair pair = newPair();
        long mine = node(dataSource, pair, NodeSpec.of("the deploy key rotates on Fridays", unit(3)));
        long theirs = node(dataSource, pair, NodeSpec.of("the deploy key lives in the vault", unit(4))
                .observer("assistant"));
        String question = "deploy key " + pair.userId();
        ScriptedTextVectors.script(question, unit(0));
        ReadResponse user = longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto()).setQueryText(question)
                .addObservers(Observer.OBSERVER_USER).setLimit(10).build());
        assertThat(ids(user)).contains(mine).doesNotContain(theirs);
    }
}
