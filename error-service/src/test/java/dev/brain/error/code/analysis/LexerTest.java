package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class LexerTest {

    private static List<String> texts(String source, String language) {
        return Lexer.lex(source, language).tokens().stream().map(Token::text).toList();
    }

    private static List<Comment.Kind> commentKinds(String source, String language) {
        return Lexer.lex(source, language).comments().stream().map(Comment::kind).toList();
    }

    @Test
    void commentMarkersInsideStringsAreNotComments() {
        assertThat(texts("const url = 'http://x/*y*/'; // done", "typescript"))
                .containsExactly("const", "url", "=", "'http://x/*y*/'", ";");
        assertThat(texts("s = \"# not a comment\"  # a comment", "python")).containsExactly("s", "=",
                "\"# not a comment\"");
    }

    @Test
    void quotesInsideCommentsDoNotOpenStrings() {
        assertThat(texts("a /* it's */ b // don't\nc", "java")).containsExactly("a", "b", "c");
        assertThat(texts("a # it's\nb", "python")).containsExactly("a", "b");
    }

    @Test
    void aTemplateLiteralWithNestedTemplatesIsOneString() {
        assertThat(texts("const s = `a ${b ? `c ${d}` : '}'} e`;", "typescript"))
                .containsExactly("const", "s", "=", "`a ${b ? `c ${d}` : '}'} e`", ";");
    }

    @Test
    void aRegexLiteralIsOneTokenButADivisionIsNot() {
        assertThat(texts("x = s.replace(/\\/\\/[a/]+/g, '')", "javascript"))
                .containsExactly("x", "=", "s", ".", "replace", "(", "/\\/\\/[a/]+/g", ",", "''", ")");
        assertThat(texts("y = a / b / c", "javascript")).containsExactly("y", "=", "a", "/", "b", "/", "c");
    }

    @Test
    void pythonDocstringsAreDocCommentsAndOtherStringsStayStrings() {
        String source = """
                \"\"\"Module doc.\"\"\"
                def f(x):
                    '''Function doc.'''
                    return rb"raw" + f'{x}'
                """;
        assertThat(texts(source, "python")).containsExactly("def", "f", "(", "x", ")", ":", "return", "rb\"raw\"",
                "+", "f'{x}'");
        assertThat(commentKinds(source, "python")).containsExactly(Comment.Kind.DOC, Comment.Kind.DOC);
    }

    @Test
    void rustLifetimesAreNotCharLiteralsAndRawStringsEndAtTheirHashes() {
        assertThat(texts("fn f<'a>(x: &'a str) -> char { 'x' }", "rust")).containsSequence("<", "'", "a", ">")
                .contains("'x'");
        assertThat(texts("let s = r#\"a \"quoted\" b\"#;", "rust")).containsExactly("let", "s", "=",
                "r#\"a \"quoted\" b\"#", ";");
        assertThat(commentKinds("/// doc\n//! inner\n// plain\n/* a /* nested */ block */ x", "rust"))
                .containsExactly(Comment.Kind.DOC, Comment.Kind.DOC, Comment.Kind.LINE, Comment.Kind.BLOCK);
    }

    @Test
    void goRawStringsAndKotlinInterpolationsAreSingleStrings() {
        assertThat(texts("re := `[^\"a-z]+`", "go")).containsExactly("re", ":", "=", "`[^\"a-z]+`");
        assertThat(texts("val s = \"${m[\"k\"]} and ${\"}\"}\"", "kotlin")).containsExactly("val", "s", "=",
                "\"${m[\"k\"]} and ${\"}\"}\"");
    }

    @Test
    void anUnterminatedStringEndsAtTheEndOfItsLine() {
        assertThat(texts("a = 'oops\nb = 2", "javascript")).containsExactly("a", "=", "'oops", "b", "=", "2");
    }

    @Test
    void numbersAreOneTokenWithTheirSuffixes() {
        assertThat(Lexer.lex("x = 0x1F + 1_000L + 2.5e-3f + .5 + 2u32", "rust").tokens().stream()
                .filter(t -> t.kind() == Token.Kind.NUMBER).map(Token::text))
                .containsExactly("0x1F", "1_000L", "2.5e-3f", ".5", "2u32");
    }

    @Test
    void tokensKnowTheirLineColumnAndWhetherTheyStartTheLine() {
        LexedSource lexed = Lexer.lex("a b\r\n  c\n", "unknown");
        assertThat(lexed.tokens()).extracting(Token::line, Token::column, Token::firstOnLine)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 0, true),
                        org.assertj.core.groups.Tuple.tuple(1, 2, false),
                        org.assertj.core.groups.Tuple.tuple(2, 2, true));
        assertThat(lexed.lineCount()).isEqualTo(2);
        assertThat(lexed.lines(1, 1)).isEqualTo("a b");
    }

    @Test
    void docCommentsAreToldApartFromBlockComments() {
        assertThat(commentKinds("/** doc */ /**/ /* block */ // line", "typescript")).containsExactly(
                Comment.Kind.DOC, Comment.Kind.BLOCK, Comment.Kind.BLOCK, Comment.Kind.LINE);
        assertThat(commentKinds("#!/bin/sh\n# c\necho $# ${#x}", "shell")).containsExactly(Comment.Kind.SHEBANG,
                Comment.Kind.LINE);
    }
}
