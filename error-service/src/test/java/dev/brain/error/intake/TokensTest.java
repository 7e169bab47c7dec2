package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** Spec §5.6. */
class TokensTest {

    @Test
    void tokenizer() {
        assertThat(Tokens.tokens("Cannot read properties of undefined (reading 'map') at <PATH>/users.ts:<LINE>"))
                .containsExactly("cannot", "read", "properties", "undefined", "reading", "map", "users", "ts");
        assertThat(Tokens.tokens("getUserById failed with HTTP404 x")).containsExactly("get", "user", "id", "failed",
                "http", "404");
        assertThat(Tokens.tokens("Größe überschritten")).containsExactly("größe", "überschritten");
        assertThat(Tokens.tokens(null)).isEmpty();
        assertThat(Tokens.tokens("a I <NUM> the")).isEmpty();
    }

    /** The §5.6 tokenizer as regular expressions: the reference the single-pass tokenizer must equal. */
    private static final Pattern PLACEHOLDER = Pattern.compile("<[A-Z]+>");
    private static final Pattern SEPARATORS = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Pattern INNER = Pattern.compile(
            "(?<=[a-z0-9])(?=[A-Z])|(?<=\\p{L})(?=\\p{N})|(?<=\\p{N})(?=\\p{L})");
    private static final Set<String> STOPWORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "for", "from",
            "has", "have", "in", "is", "it", "not", "of", "on", "or", "that", "the", "this", "to", "was", "were", "with");

    private static List<String> referenceTokens(String s) {
        List<String> out = new ArrayList<>();
        for (String part : SEPARATORS.split(PLACEHOLDER.matcher(s).replaceAll(" "))) {
            for (String p : part.isEmpty() ? new String[0] : INNER.split(part)) {
                String tok = p.toLowerCase(Locale.ROOT);
                if (tok.codePointCount(0, tok.length()) > 1 && !STOPWORDS.contains(tok)) {
                    out.add(tok);
                }
            }
        }
        return out;
    }

    /**
     * Equal to the regular expressions on text of every kind but one: Java's look-behind sees only the low
     * surrogate of a letter outside the BMP, so the reference did not split such a letter from a following number.
     */
    @Test
    void theTokenizerEqualsTheRegularExpressionsOnRandomText() {
        assertThat(Tokens.tokens("x𝐀٣٣ 𝐀𝐀42")).containsExactly("x𝐀", "٣٣", "𝐀𝐀", "42");
        String[] pieces = { "a", "b", "Z", "Q", "x", "0", "7", "²", "Ⅻ", "٣", "ß", "É", "é", "İ", "日本", "🙂", "\uD800",
                "<", ">", "<PATH>", "<NUM", "<<ID>>", "<a>", " ", "_", "-", ".", "::", "'", "\t", "\n", "the", "is", "HTTP",
                "getUser", "ById", "x1y2", "ǅ", "ʰ", "ⓐ" };
        Random random = new Random(20261130);
        for (int n = 0; n < 10_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(12); k >= 0; k--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            String s = text.toString();
            assertThat(Tokens.tokens(s)).as(s).isEqualTo(referenceTokens(s));
        }
    }

    @Test
    void cosine() {
        assertThat(Tokens.cosine(List.of("a", "b"), List.of("a", "b"))).isEqualTo(1.0);
        List<String> words = List.of("cannot", "read", "properties", "of", "undefined", "reading", "map", "at", "render");
        assertThat(Tokens.cosine(words, words)).as("exactly 1, never 1 + 1 ulp").isEqualTo(1.0);
        assertThat(Tokens.cosine(List.of("a"), List.of("b"))).isEqualTo(0.0);
        assertThat(Tokens.cosine(List.of(), List.of("b"))).isEqualTo(0.0);
        // (2,1) · (1,1) = 3 / (√5 · √2)
        assertThat(Tokens.cosine(List.of("a", "a", "b"), List.of("a", "b"))).isCloseTo(3 / Math.sqrt(10), within(1e-12));
    }

    @Test
    void lcs() {
        assertThat(Tokens.lcs(List.of("a", "b", "c", "d"), List.of("b", "d", "c"))).isEqualTo(2);
        assertThat(Tokens.lcs(List.of("a", "b"), List.of("a", "b"))).isEqualTo(2);
        assertThat(Tokens.lcs(List.of(), List.of("a"))).isZero();
    }
}
