package dev.brain.memory.longterm.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

class LongTermRequestsTest {

    @Test
    void textsAreLimitedTo64KibAfterNulStrippingAndNeverTruncated() {
        String limit = "ü".repeat(32 * 1024); // 64 KiB of UTF-8
        assertThat(LongTermRequests.text(limit + "\u0000", "answer_text")).isEqualTo(limit);
        assertThatThrownBy(() -> LongTermRequests.text(limit + "x", "answer_text"))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                    assertThat(e.getStatus().getDescription()).startsWith("answer_text: 65537 bytes");
                });
    }

    @Test
    void turnIdsAreAtMost100Characters() {
        assertThat(LongTermRequests.turnId("", false)).isNull();
        assertThat(LongTermRequests.turnId("t".repeat(100), true)).hasSize(100);
        assertThatThrownBy(() -> LongTermRequests.turnId("", true)).hasMessageContaining("turn_id: required");
        assertThatThrownBy(() -> LongTermRequests.turnId("t".repeat(101), false)).hasMessageContaining("turn_id");
    }
}
