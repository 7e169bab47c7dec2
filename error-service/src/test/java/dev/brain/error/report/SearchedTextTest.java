package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.brain.error.intake.ParsedError;
import dev.brain.error.intake.ParserRegistry;

/** The words a pasted query is searched by ({@link ErrorQueries#searchedText}). */
class SearchedTextTest {

    private static String searched(String text) {
        ParsedError parsed = ParserRegistry.parse(text);
        return ErrorQueries.searchedText(text, parsed, !"generic".equals(parsed.parser()));
    }

    @Test
    void aParsedErrorIsSearchedByItsTypeAndMessageOnly() {
        assertThat(searched("src/main/java/com/acme/OrderService.java:12: error: incompatible types: String cannot "
                + "be converted to int")).isEqualTo("JavacError incompatible types: String cannot be converted to int");
    }

    @Test
    void aLeadingLabelIsNoWordButItsCodeIs() {
        assertThat(searched("error[E0502]: cannot borrow `user` as mutable"))
                .isEqualTo("E0502 cannot borrow `user` as mutable");
        assertThat(searched("panic: runtime error: index out of range [8] with length 0"))
                .isEqualTo("runtime error: index out of range [8] with length 0");
        assertThat(searched("Error: Cannot find module 'zod'")).isEqualTo("Cannot find module 'zod'");
        assertThat(searched("FATAL:  password authentication failed")).isEqualTo("password authentication failed");
    }

    @Test
    void otherTextIsSearchedAsItIs() {
        assertThat(searched("TypeError: Cannot read properties of undefined (reading 'map')"))
                .isEqualTo("TypeError: Cannot read properties of undefined (reading 'map')");
        assertThat(searched("undefined map")).isEqualTo("undefined map");
        assertThat(searched("errors: none")).isEqualTo("errors: none");
    }
}
