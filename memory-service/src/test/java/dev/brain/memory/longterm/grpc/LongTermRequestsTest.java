package dev.brain.memory.longterm.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.UpdateTimeReferenceRequest;
import dev.brain.memory.longterm.weights.Precision;
import dev.brain.memory.longterm.weights.TimeRef;
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

    @Test
    void mergeSourcesAreOneTo64PositiveIdsOtherThanTheTarget() {
        assertThat(LongTermRequests.fromIds(List.of(2L, 3L, 2L), 1)).containsExactly(2L, 3L, 2L);
        assertThatThrownBy(() -> LongTermRequests.fromIds(List.of(), 1)).hasMessageContaining("from_ids: at least");
        assertThatThrownBy(() -> LongTermRequests.fromIds(List.of(2L, 0L), 1)).hasMessageContaining("from_ids[1]");
        assertThatThrownBy(() -> LongTermRequests.fromIds(List.of(1L), 1)).hasMessageContaining("from_ids[0]: equals");
        assertThatThrownBy(() -> LongTermRequests.fromIds(LongStream.rangeClosed(2, 66).boxed().toList(), 1))
                .hasMessageContaining("from_ids: 65 ids");
    }

    @Test
    void aNewTimeReferenceNeedsAtAndPrecisionTogetherOrNeither() {
        Timestamp at = Timestamp.newBuilder().setSeconds(Instant.parse("2026-03-01T12:00:00Z").getEpochSecond()).build();
        UpdateTimeReferenceRequest.Builder r = UpdateTimeReferenceRequest.newBuilder().setTimelineRef("trip");
        assertThat(LongTermRequests.time(r.build())).isNull();
        assertThat(LongTermRequests.time(r.clone().setAt(at).setPrecision(TimePrecision.TIME_PRECISION_MONTH).build()))
                .isEqualTo(new TimeRef(Instant.parse("2026-03-01T12:00:00Z"), Precision.MONTH));
        assertThatThrownBy(() -> LongTermRequests.time(r.clone().setAt(at).build())).hasMessageContaining("precision");
        assertThatThrownBy(() -> LongTermRequests.time(r.clone().setPrecision(TimePrecision.TIME_PRECISION_DAY).build()))
                .hasMessageContaining("at: required");
        assertThatThrownBy(() -> LongTermRequests.time(r.clone().setPrecisionValue(99).build()))
                .hasMessageContaining("precision: one of");
        assertThatThrownBy(() -> LongTermRequests.timelineRef("")).hasMessageContaining("timeline_ref: required");
        assertThat(LongTermRequests.timelineRef("r".repeat(100))).hasSize(100);
        assertThatThrownBy(() -> LongTermRequests.timelineRef("r".repeat(101))).hasMessageContaining("timeline_ref: 101");
    }
}
