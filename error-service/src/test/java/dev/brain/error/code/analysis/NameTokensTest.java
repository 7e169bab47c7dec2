package dev.brain.error.code.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

class NameTokensTest {

    @Test
    void splitsCamelSnakeKebabAndAcronyms() {
        assertThat(NameTokens.split("parseCSVLine")).containsExactly("parse", "csv", "line");
        assertThat(NameTokens.split("retry_with_backoff")).containsExactly("retry", "with", "backoff");
        assertThat(NameTokens.split("HTTPServer")).containsExactly("http", "server");
        assertThat(NameTokens.split("sha256Hex")).containsExactly("sha256", "hex");
        assertThat(NameTokens.split("LruCache.get")).containsExactly("lru", "cache", "get");
        assertThat(NameTokens.split("MAX_RETRIES")).containsExactly("max", "retries");
        assertThat(NameTokens.words("isValidEmail")).isEqualTo("is valid email");
    }

    @Test
    void cohesionIsTheMeanJaccardOfNamePairs() {
        assertThat(NameTokens.cohesion(List.of())).isEqualTo(1.0);
        assertThat(NameTokens.cohesion(List.of("only"))).isEqualTo(1.0);
        assertThat(NameTokens.cohesion(List.of("getUser", "getUserName"))).isCloseTo(2.0 / 3, within(1e-9));
        // pairs: {retry,fetch}-{retry,read} 1/3, {retry,fetch}-{clamp} 0, {retry,read}-{clamp} 0
        assertThat(NameTokens.cohesion(List.of("retryFetch", "retry_read", "clamp"))).isCloseTo(1.0 / 9,
                within(1e-9));
    }
}
