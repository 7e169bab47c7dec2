package dev.brain.research.knowledge.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class KnowledgeDocumentTest {

    static KnowledgeDocument createDefault() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put(KnowledgeDocument.USER, "acme:alice");
        fields.put(KnowledgeDocument.RUNS, "1");
        return KnowledgeDocument.create("Kafka", fields, "## Intro\n\nfirst paragraph\n\nsecond paragraph");
    }

    @Test
    void aNewFileHasTheHeaderCurrentWithDemotedHeadingsAndVersionOne() {
        String text = createDefault().render();
        assertThat(text).isEqualTo("# Kafka\n\n**Topic:** Kafka\n**Type:** knowledge\n**User id:** acme:alice\n"
                + "**Runs:** 1\n**Version:** 1.0\n\n## CURRENT\n\n### Intro\n\nfirst paragraph\n\nsecond paragraph\n");
        assertThat(KnowledgeDocument.parse(text).render()).isEqualTo(text);
    }

    @Test
    void insertingAndReplacingBumpsNothingByItselfButHistoryKeepsTheOldText() {
        KnowledgeDocument doc = createDefault();
        doc.insertBlock(doc.freeHeading("2026-12-02 research"), "## New\n\nmore");
        doc.insertBlock(doc.freeHeading("2026-12-02 research"), "even more");
        doc.replaceBlock("CURRENT", "rewritten", "2026-12-03");
        doc.replaceBlock("CURRENT", "rewritten again", "2026-12-04");
        assertThat(doc.bumpVersion()).isEqualTo("1.1");
        KnowledgeDocument parsed = KnowledgeDocument.parse(doc.render());
        assertThat(parsed.blocks()).extracting(KnowledgeDocument.Block::heading)
                .containsExactly("CURRENT", "2026-12-02 research", "2026-12-02 research (2)", "HISTORY");
        assertThat(parsed.read("CURRENT")).contains("rewritten again");
        assertThat(parsed.read("HISTORY").orElseThrow()).startsWith("### CURRENT (replaced 2026-12-04)\n\nrewritten\n\n"
                + "### CURRENT (replaced 2026-12-03)\n\n### Intro");
        assertThat(parsed.read("New")).contains("more");
        assertThat(parsed.version()).isEqualTo("1.1");
    }

    @Test
    void versionsCountMinorSteps() {
        assertThat(KnowledgeDocument.nextVersion("1.0")).isEqualTo("1.1");
        assertThat(KnowledgeDocument.nextVersion("1.9")).isEqualTo("1.10");
        assertThat(KnowledgeDocument.nextVersion("garbage")).isEqualTo("1.1");
    }

    @Test
    void structureListsBlocksAndSubHeadingsWithTheirText() {
        KnowledgeDocument doc = createDefault();
        assertThat(doc.structure()).extracting(KnowledgeDocument.Section::heading, KnowledgeDocument.Section::level)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("CURRENT", 2),
                        org.assertj.core.groups.Tuple.tuple("Intro", 3));
        assertThat(doc.read("Intro")).contains("first paragraph\n\nsecond paragraph");
        assertThat(doc.read("Nope")).isEmpty();
    }

    @Test
    void consolidationDropsRepeatedParagraphsAndEmptiedBlocksButNotHistory() {
        KnowledgeDocument doc = createDefault();
        doc.insertBlock("b1", "First   Paragraph\n\nfresh");
        doc.insertBlock("b2", "second paragraph");
        doc.insertBlock("b3", "x");
        doc.replaceBlock("b3", "first paragraph", "2026-12-03");
        doc.insertBlock("b4", "first paragraph");
        doc.replaceBlock("b4", "unique", "2026-12-03");
        int[] removed = doc.consolidate();
        assertThat(removed).containsExactly(3, 2);
        assertThat(doc.blocks()).extracting(KnowledgeDocument.Block::heading)
                .containsExactly("CURRENT", "b1", "b4", "HISTORY");
        assertThat(doc.read("b1")).contains("fresh");
        assertThat(doc.read("HISTORY").orElseThrow()).contains("### b4 (replaced 2026-12-03)\n\nfirst paragraph", "x");
        assertThat(doc.consolidate()).containsExactly(0, 0);
    }
}
