package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PurposesTest {

    private static String sentence(String source, String language) {
        LexedSource lexed = Lexer.lex(source, language);
        return Purposes.firstSentence(source, lexed.comments().get(0));
    }

    @Test
    void theFirstSentenceOfADocCommentIsItsPurpose() {
        assertThat(sentence("/**\n * Parses a CSV line. Handles quotes.\n * @param line the line\n */", "typescript"))
                .isEqualTo("Parses a CSV line");
        assertThat(sentence("/** Uses {@link Foo} e.g. here! More. */", "java")).isEqualTo("Uses Foo e.g");
        assertThat(sentence("\"\"\"Computes the\n    distance.\n\n    Details.\n\"\"\"", "python"))
                .isEqualTo("Computes the distance");
        assertThat(sentence("/// Chunks a slice\n/// into parts.\nfn f() {}", "rust")).isEqualTo("Chunks a slice");
        assertThat(sentence("/**\n * @deprecated\n */", "java")).isNull();
    }

    @Test
    void purposeDefaultsToTheDocCommentElseTheNameAsWords() {
        ModuleDraft documented = CodeAnalyzer.analyze("""
                /// Turns a title into a slug. Lower case only.
                pub fn slugify(title: &str) -> String { title.to_lowercase() }
                """, "src/slug.rs", null, null, null, null).modules().get(0);
        assertThat(documented.purpose()).isEqualTo("Turns a title into a slug");
        ModuleDraft bare = CodeAnalyzer.analyze("export function parseCsvLine(line: string) { return []; }\n",
                "src/csv.ts", null, null, null, null).modules().get(0);
        assertThat(bare.purpose()).isEqualTo("parse csv line");
    }

    @Test
    void goDocCommentsAreTheCommentLinesRightAboveTheDeclaration() {
        ModuleDraft m = CodeAnalyzer.analyze("""
                package units

                // unrelated file comment

                // FormatBytes renders a byte count
                // for people. It uses binary units.
                func FormatBytes(n int64) string { return "" }
                """, "units/bytes.go", null, null, null, null).modules().get(0);
        assertThat(m.purpose()).isEqualTo("FormatBytes renders a byte count for people");
    }
}
