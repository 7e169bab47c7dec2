package dev.brain.research.knowledge.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class IndexDocumentTest {

    @Test
    void aLineLinksTheFileWithSummaryAndRuns() {
        assertThat(IndexDocument.line(new IndexDocument.Line("Kafka [basics]", "f.md", "what it is", 1)))
                .isEqualTo("- [Kafka \\[basics\\]](f.md) — what it is (1 run)");
        assertThat(IndexDocument.line(new IndexDocument.Line("K", "f.md", "", 3)))
                .isEqualTo("- [K](f.md) — (no summary) (3 runs)");
    }

    @Test
    void theIndexStaysWithinItsLineLimitKeepingTheFirstLines() {
        List<IndexDocument.Line> lines = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            lines.add(new IndexDocument.Line("T" + i, "f" + i + ".md", "s", 1));
        }
        int[] shown = new int[1];
        String text = IndexDocument.render("claude/alice", "2026-12-02T00:00:00Z", lines, 20, shown);
        assertThat(text.lines().count()).isEqualTo(20);
        assertThat(shown[0]).isEqualTo(15);
        assertThat(text).contains("**Files:** 30 (15 shown, the most present first)", "[T0]", "[T14]").doesNotContain("[T15]");
    }
}
