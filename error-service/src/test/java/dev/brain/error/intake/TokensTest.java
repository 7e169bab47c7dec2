package dev.brain.error.intake;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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

    @Test
    void cosine() {
        assertThat(Tokens.cosine(List.of("a", "b"), List.of("a", "b"))).isCloseTo(1.0, within(1e-12));
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
