package dev.brain.gateway.memory;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.memory.MemoryViews.Feedback;
import dev.brain.gateway.memory.MemoryViews.PendingEntry;
import dev.brain.gateway.memory.MemoryViews.Recall;
import dev.brain.gateway.memory.MemoryViews.Remembered;

/** What a model reads from the memory tools. */
class MemoryRendererTest {

    @Test
    void aRememberSaysWhereTheEntryGoes() {
        assertThat(MemoryRenderer.remembered(new Remembered(7L, true, true, null, 0.9, "pending", "2026-12-30T08:00:00Z",
                "claude", "user"))).isEqualTo("Remembered as short-term entry #7 of claude (speaker user, salience 0.9);"
                        + " queued for promotion into long-term memory, where memory_recall finds it; expires 2026-12-30.");
        assertThat(MemoryRenderer.remembered(new Remembered(null, false, false, "salience 0.1 is below the short-term"
                + " minimum (0.3): not worth remembering", 0.1, null, null, "claude", "user")))
                .isEqualTo("Not stored: salience 0.1 is below the short-term minimum (0.3): not worth remembering.");
    }

    @Test
    void anEmptyRecallSaysWhatWasSearchedAndWhatIsStillShortTerm() {
        String text = MemoryRenderer.recall(new Recall("turn-1", "colour?", "claude", 1, 0, 0, List.of(), "",
                "searched the long-term memory of claude for \"colour?\" (hops 1): no memory came close enough to come to mind",
                List.of(new PendingEntry(4, 0.8123, "not_eligible", "The favourite\ncolour is green."))));
        assertThat(text).isEqualTo("Nothing came to mind: searched the long-term memory of claude for \"colour?\" (hops 1):"
                + " no memory came close enough to come to mind.\n"
                + "Remembered but still short-term (not promoted into long-term memory yet):\n"
                + "- entry #4 \"The favourite colour is green.\" (similarity 0.81, not_eligible)");
    }

    @Test
    void feedbackNamesTheOutcome() {
        assertThat(MemoryRenderer.feedback(new Feedback("t", "claude", "COMPUTED", List.of(3L, 9L), false, 3, 0.55, 0.41)))
                .isEqualTo("Reinforced 2 memories used in the answer: nodes #3, #9.");
        assertThat(MemoryRenderer.feedback(new Feedback("t", "claude", "COMPUTED", List.of(), true, 2, 0.55, 0.41)))
                .isEqualTo("Nothing reinforced: none of the 2 memories recalled in turn t was close enough to the answer"
                        + " (closest 0.41 < 0.55) (already decided for this turn; nothing changed).");
        assertThat(MemoryRenderer.feedback(new Feedback("t", "claude", "NO_CANDIDATE", List.of(), false, 0, 0.55, null)))
                .startsWith("Nothing reinforced: memory_recall returned no memory in turn t");
    }
}
