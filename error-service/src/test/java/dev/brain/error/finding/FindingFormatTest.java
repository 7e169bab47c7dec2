package dev.brain.error.finding;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The index line, the index size and the exported files, compared byte for byte (error-code.md §10). */
class FindingFormatTest {

    static final OffsetDateTime NOW = OffsetDateTime.parse("2026-12-01T10:00:00Z");

    static Finding finding(String slug, String title, String hook, String body, String scope, String task,
            String commit) {
        return new Finding(1, "shop", slug, title, hook, body, scope, task, commit, null, NOW, NOW);
    }

    @Test
    void indexLinesAndTheirSizeInCodePoints() {
        String line = FindingFormat.indexLine("cache", "Cache is per tenant", "Clear it after imports.");
        assertThat(line).isEqualTo("cache — Cache is per tenant — Clear it after imports.");
        // "—" is one code point; each line counts its trailing "\n"
        assertThat(FindingFormat.indexChars(List.of(line))).isEqualTo(line.length() + 1);
        assertThat(FindingFormat.indexChars(List.of("ab", "𝄞"))).isEqualTo(5);
        assertThat(FindingFormat.indexChars(List.of())).isZero();
    }

    @Test
    void theIndexFileHasTheHeadingAndOneLinkedLinePerFinding() {
        String index = FindingFormat.indexFile("shop", List.of(
                finding("a-trap", "Title A", "Hook A.", "Body.", "", "", ""),
                finding("b-trap", "Title B", "Hook B.", "Body.", "", "", "")));
        assertThat(index).isEqualTo("""
                # Findings — shop
                - [a-trap](traps/a-trap.md) — Title A — Hook A.
                - [b-trap](traps/b-trap.md) — Title B — Hook B.
                """);
        assertThat(FindingFormat.indexFile("empty", List.of())).isEqualTo("# Findings — empty\n");
    }

    @Test
    void aTrapFileIsFrontmatterTitleAndBody() {
        String file = FindingFormat.trapFile(finding("cache", "Cache is per tenant", "h",
                "It looks per request. Clear it.\n\nSecond paragraph.", "src/cache", "issue-22", "0a1b2c3"));
        assertThat(file).isEqualTo("""
                ---
                slug: cache
                scope: src/cache
                source-task: issue-22
                verified-against: 0a1b2c3
                ---

                # Cache is per tenant

                It looks per request. Clear it.

                Second paragraph.
                """);
    }

    @Test
    void emptyFrontmatterValuesStayEmptyAndValuesYamlWouldMisreadAreQuoted() {
        String file = FindingFormat.trapFile(finding("s", "T", "h", "B.", "", "", ""));
        assertThat(file).isEqualTo("---\nslug: s\nscope:\nsource-task:\nverified-against:\n---\n\n# T\n\nB.\n");
        assertThat(FindingFormat.field("source-task", "issue #22: findings"))
                .isEqualTo("source-task: \"issue #22: findings\"\n");
        assertThat(FindingFormat.field("verified-against", "1234567")).isEqualTo("verified-against: \"1234567\"\n");
        assertThat(FindingFormat.field("scope", "*.sql")).isEqualTo("scope: \"*.sql\"\n");
        assertThat(FindingFormat.field("scope", "say \"hi\"\\")).isEqualTo("scope: say \"hi\"\\\n");
        assertThat(FindingFormat.field("source-task", "yes")).isEqualTo("source-task: \"yes\"\n");
        assertThat(FindingFormat.field("verified-against", "0a1b2c3")).isEqualTo("verified-against: 0a1b2c3\n");
    }
}
