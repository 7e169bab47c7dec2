package dev.brain.memory.longterm.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.memory.longterm.read.ReadModel.Memory;
import dev.brain.memory.longterm.read.ReadModel.Render;
import dev.brain.memory.longterm.repository.LongTermRepository.Step;
import dev.brain.memory.longterm.repository.NodeRow;

class BlockRendererTest {

    static final Render DEFAULTS = new Render("", "", "", Map.of());

    static NodeRow node(long id, String observer, String content, String emotion) {
        OffsetDateTime t = OffsetDateTime.parse("2026-10-01T12:00:00Z");
        return new NodeRow(id, "u", "a", observer, "k", content, null, List.of(), List.of(), List.of(), null, null, null,
                emotion, 0.5, "{}", t, 0.8, 3.54, 3.54, 3.54, t, 1, true, t, t, null, null);
    }

    @Test
    void weakestFirstEveryPathStepAndNoDigitsOfWeightsOrIds() {
        Step s1 = new Step(0, 987654, 111111, 222222, 7.654321, List.of("timeline", "embedding", "topics", "entity"),
                List.of(55L, 66L), List.of("work"));
        Step s2 = new Step(0, 987655, 222222, 333333, 5.4321, List.of("embedding"), List.of(), List.of());
        List<Memory> ranked = List.of(
                new Memory(1, node(111111, "user", "anchor\nwith a\r\nbreak", "joy"), 0, 9.87, List.of()),
                new Memory(2, node(333333, "assistant", "far", ""), 2, 1.23, List.of(s1, s2)));
        String block = BlockRenderer.render(ranked, new Render("Claude", "", "", Map.of(55L, "Anna")), Map.of(55L, "Anna"));
        assertThat(block).isEqualTo(
                """
                        Two memories are present right now, the least present first and the strongest last.
                        ----- Memory 1 -----
                        "far"
                        Speaker: Claude
                        Came up via: shared entity Anna, a shared entity, shared topic work, similar content, close in time → similar content
                        ----- Memory 2 -----
                        "anchor with a break"
                        Speaker: the user
                        Feeling: joy
                        Came to mind directly""");
        assertThat(block.replace("Memory 1", "").replace("Memory 2", "")).doesNotContainPattern("[0-9]");
    }

    @Test
    void oneMemoryAndNone() {
        assertThat(BlockRenderer.render(List.of(), DEFAULTS, Map.of())).isEmpty();
        String one = BlockRenderer.render(List.of(new Memory(1, node(1, "assistant", "x", ""), 0, 1, List.of())),
                DEFAULTS, Map.of());
        assertThat(one).startsWith("One memory is present right now.\n").contains("Speaker: the assistant");
    }
}
