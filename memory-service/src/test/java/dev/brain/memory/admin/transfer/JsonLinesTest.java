package dev.brain.memory.admin.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

class JsonLinesTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void assertInvalid(Runnable r, String description) {
        assertThatThrownBy(r::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).startsWith(description);
        });
    }

    @Test
    void linesMaySpanMessagesAndCrlfIsAccepted() {
        JsonLines lines = new JsonLines();
        lines.accept(bytes("{\"a\":"));
        lines.accept(bytes("1}\r\n{\"b\":2}\n{\"c\""));
        lines.accept(bytes(":3}"));
        assertThat(lines.finish()).containsExactly("{\"a\":1}", "{\"b\":2}", "{\"c\":3}");
    }

    @Test
    void aLineOverOneMebibyteIsRejectedNamingTheLine() {
        JsonLines lines = new JsonLines();
        lines.accept(bytes("{}\n"));
        byte[] half = new byte[JsonLines.MAX_LINE_BYTES / 2];
        Arrays.fill(half, (byte) 'x');
        lines.accept(half);
        lines.accept(half); // exactly 1 MiB: allowed
        assertInvalid(() -> lines.accept(bytes("y")), "line 2: longer than 1048576 bytes");
    }

    @Test
    void moreThan200000LinesAreRejected() {
        JsonLines lines = new JsonLines();
        byte[] newlines = new byte[JsonLines.MAX_LINES];
        Arrays.fill(newlines, (byte) '\n');
        lines.accept(newlines);
        assertInvalid(() -> lines.accept(bytes("\n")), "data: more than 200000 lines");
    }

    @Test
    void moreThan64MebibytesPerCallAreRejected() {
        JsonLines lines = new JsonLines();
        byte[] piece = new byte[1 << 20];
        Arrays.fill(piece, (byte) 'x');
        piece[piece.length - 1] = '\n';
        for (int i = 0; i < 64; i++) {
            lines.accept(piece);
        }
        assertInvalid(() -> lines.accept(bytes("x")), "data: the call exceeds 67108864 bytes");
    }
}
