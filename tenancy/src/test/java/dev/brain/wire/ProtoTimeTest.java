package dev.brain.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Timestamp;

class ProtoTimeTest {

    @Test
    void anInstantKeepsItsNanosBothWays() {
        Instant at = Instant.parse("2026-03-01T12:34:56.123456789Z");
        Timestamp t = ProtoTime.timestamp(at);
        assertThat(t.getSeconds()).isEqualTo(at.getEpochSecond());
        assertThat(t.getNanos()).isEqualTo(123_456_789);
        assertThat(ProtoTime.instant(t)).isEqualTo(at);
        assertThat(ProtoTime.instant(Timestamp.getDefaultInstance())).isEqualTo(Instant.EPOCH);
    }

    @Test
    void anOffsetTimeIsItsInstant() {
        OffsetDateTime local = OffsetDateTime.of(2026, 3, 1, 14, 34, 56, 500, ZoneOffset.ofHours(2));
        Timestamp t = ProtoTime.timestamp(local);
        assertThat(t).isEqualTo(ProtoTime.timestamp(Instant.parse("2026-03-01T12:34:56.000000500Z")));
        assertThat(ProtoTime.instant(t)).isEqualTo(local.toInstant());
    }

    @Test
    void nullIsACallersError() {
        assertThatNullPointerException().isThrownBy(() -> ProtoTime.timestamp((Instant) null)).withMessage("time");
        assertThatNullPointerException().isThrownBy(() -> ProtoTime.timestamp((OffsetDateTime) null))
                .withMessage("time");
        assertThatNullPointerException().isThrownBy(() -> ProtoTime.instant(null)).withMessage("timestamp");
    }
}
