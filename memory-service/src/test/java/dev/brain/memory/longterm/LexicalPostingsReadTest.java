package dev.brain.memory.longterm;

import static dev.brain.memory.longterm.LongTermFixtures.at;
import static dev.brain.memory.longterm.LongTermFixtures.newPair;
import static dev.brain.memory.longterm.LongTermFixtures.node;
import static dev.brain.memory.longterm.LongTermFixtures.unit;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ReadRequest;
import dev.brain.grpc.v1.ReadResponse;
import dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * {@code read.lexical-postings} in the read path (memory.md §9), with a budget of 3: "kafka" (2 memories) selects the
 * lexical candidates, "zebra" (3 more) would exceed the budget and only scores. The same pair read with the default
 * budget finds the zebra memories ({@code RelevanceReadTest}).
 */
@QuarkusTest
@TestProfile(LexicalPostingsReadTest.SmallBudget.class)
class LexicalPostingsReadTest extends LongTermTestBase {

    public static class SmallBudget implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.memory.read.lexical-postings", "3");
        }
    }

    /** The kafka memories (first) and the zebra memories, none near the query vector e_0, and 25 fillers. */
    record KafkaAndZebra(TestPair pair, List<Long> kafka, List<Long> zebra) {

        static KafkaAndZebra store(DataSource dataSource) throws Exception {
            TestPair pair = newPair();
            List<Long> kafka = List.of(node(dataSource, pair, NodeSpec.of("kafka consumer lag after a deploy", unit(9))),
                    node(dataSource, pair, NodeSpec.of("kafka retention set to seven days", unit(9))));
            List<Long> zebra = List.of(node(dataSource, pair, NodeSpec.of("zebra crossing near the office", unit(8))),
                    node(dataSource, pair, NodeSpec.of("a zebra mug on the desk", unit(8))),
                    node(dataSource, pair, NodeSpec.of("zebra stripes in the logo", unit(8))));
            for (int i = 0; i < 25; i++) {
                node(dataSource, pair, NodeSpec.of("an unrelated note number " + i, at(0.2, 100 + i)));
            }
            return new KafkaAndZebra(pair, kafka, zebra);
        }

        /** Relevance, hops 0 (no context), limit 10, the question's vector e_0. */
        ReadResponse read(LongTermTestBase test) {
            String question = "kafka zebra";
            ScriptedTextVectors.script(question, unit(0));
            return test.longTerm(pair).read(ReadRequest.newBuilder().setPair(pair.proto()).setQueryText(question)
                    .setHops(0).setLimit(10).build());
        }
    }

    @Test
    void lexemesBeyondThePostingsBudgetDoNotSelectCandidates() throws Exception {
        KafkaAndZebra stored = KafkaAndZebra.store(dataSource);
        List<Long> found = ids(stored.read(this));
        assertThat(found).containsAll(stored.kafka()).doesNotContainAnyElementsOf(stored.zebra());
    }
}
