package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Spec §5.1. */
class NormalizerTest {

    @Test
    void stripsAnsiOscNulAndLineEnds() {
        String raw = "\u001B[1;31merror\u001B[0m: \u001B]8;;https://x.dev\u0007link\u001B]8;;\u001B\\ bad\u0000\r\nnext\rlast";
        assertThat(InputNormalizer.clean(raw)).isEqualTo("error: link bad\nnext\nlast");
        assertThat(InputNormalizer.normalize(raw).text()).isEqualTo("error: link bad\nnext\nlast");
        assertThat(InputNormalizer.normalize(raw).truncatedBytes()).isZero();
        assertThat(InputNormalizer.clean("a\uD800b")).isEqualTo("a\uFFFDb");
        assertThat(InputNormalizer.clean("\uD83D\uDE00")).isEqualTo("\uD83D\uDE00");
    }

    @Test
    void emptyIsRejected() {
        assertThatThrownBy(() -> InputNormalizer.normalize(" \n\t\u0000 ")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("raw_output is empty");
        assertThatThrownBy(() -> InputNormalizer.normalize(null)).hasMessage("raw_output is empty");
    }

    @Test
    void truncatesOverOneMebibyteAtLineBoundaries() {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (sb.length() < 3 * 1024 * 1024) {
            sb.append("line ").append(i++).append(" of the build log\n");
        }
        String raw = sb.toString();
        int rawBytes = raw.getBytes(StandardCharsets.UTF_8).length;
        NormalizedOutput n = InputNormalizer.normalize(raw);
        byte[] out = n.text().getBytes(StandardCharsets.UTF_8);
        assertThat(out.length).isLessThanOrEqualTo(1024 * 1024);
        assertThat(n.truncatedBytes()).isPositive();
        String marker = "\u2026[truncated " + n.truncatedBytes() + " bytes]\u2026";
        assertThat(n.text()).contains("\n" + marker + "\n");
        String[] parts = n.text().split("\n" + java.util.regex.Pattern.quote(marker) + "\n");
        assertThat(parts).hasSize(2);
        // head and tail are whole lines of the input
        assertThat(raw).startsWith(parts[0] + "\n");
        assertThat(raw).endsWith(parts[1]);
        assertThat(parts[1]).startsWith("line ");
        long kept = (parts[0] + "\n").getBytes(StandardCharsets.UTF_8).length
                + parts[1].getBytes(StandardCharsets.UTF_8).length;
        assertThat(kept + n.truncatedBytes()).isEqualTo(rawBytes);
        assertThat((parts[0] + "\n").getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(512 * 1024);
        // the whole intake reports the same
        AnalyzedError e = AnalyzedError.of(raw);
        assertThat(e.truncatedBytes()).isEqualTo(n.truncatedBytes());
        assertThat(e.rawOutput()).contains(marker);
    }

    @Test
    void exactlyOneMebibyteIsKept() {
        String raw = "x".repeat(1024 * 1024);
        assertThat(InputNormalizer.normalize(raw).truncatedBytes()).isZero();
        assertThat(InputNormalizer.normalize(raw + "y").truncatedBytes()).isPositive();
    }
}
