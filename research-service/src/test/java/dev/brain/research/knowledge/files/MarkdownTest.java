package dev.brain.research.knowledge.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.grpc.StatusRuntimeException;

class MarkdownTest {

    @Test
    void slugsAreLowerCaseAsciiWithDashes() {
        assertThat(Markdown.slug("Café Über-Größe!")).isEqualTo("cafe-uber-gro-e");
        assertThat(Markdown.slug("  Kafka / Consumer:Groups  ")).isEqualTo("kafka-consumer-groups");
        assertThat(Markdown.slug("../../etc/passwd")).isEqualTo("etc-passwd");
        assertThat(Markdown.slug("ﬁle ①")).isEqualTo("file-1");
        assertThat(Markdown.slug("a".repeat(79) + " b")).isEqualTo("a".repeat(79));
        assertThat(Markdown.slug("x".repeat(200))).hasSize(80).matches("[a-z0-9-]{1,80}");
    }

    @Test
    void aTopicWithoutLettersOrDigitsHasNoSlug() {
        assertThatThrownBy(() -> Markdown.slug("!!! ???")).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getDescription()).startsWith("topic"));
        assertThatThrownBy(() -> Markdown.slug("日本語")).isInstanceOf(StatusRuntimeException.class);
    }

    @Test
    void levelOneAndTwoHeadingsAreDemotedOutsideCodeFences() {
        assertThat(Markdown.demote("# A\n## B\n### C\n```\n## not a heading\n```"))
                .isEqualTo("### A\n### B\n### C\n```\n## not a heading\n```");
    }

    @Test
    void paragraphsAreRunsOfLinesAndAFenceIsOneParagraph() {
        assertThat(Markdown.paragraphs("## H\nline 1\nline 2\n\n\n```\na\n\nb\n```\n- x\n- y"))
                .containsExactly("line 1\nline 2", "```\na\n\nb\n```\n- x\n- y");
    }

    @Test
    void keepParagraphsKeepsAHeadingOnlyWithKeptText() {
        assertThat(Markdown.keepParagraphs("## A\n\nold\n\n## B\n\nnew\n\nold", p -> p.equals("new")))
                .isEqualTo("## B\n\nnew");
    }

    @Test
    void summariesAreTheFirstParagraphOnOneLine() {
        assertThat(Markdown.summaryOf("## Title\n\n- **Bold** point\n  continues\n\nsecond")).isEqualTo("Bold point continues");
        assertThat(Markdown.oneLine("a".repeat(300), 200)).hasSize(200).endsWith("…");
    }
}
