package dev.brain.error.db;

import java.time.Instant;
import java.time.OffsetDateTime;

import com.google.protobuf.Timestamp;

/**
 * Small conversions between SQL values and protobuf fields. Reading them from a row is the repositories' part:
 * {@link dev.brain.error.db.repository.Columns}.
 */
public final class Protos {

    private Protos() {
    }

    public static Timestamp timestamp(Instant i) {
        return Timestamp.newBuilder().setSeconds(i.getEpochSecond()).setNanos(i.getNano()).build();
    }

    public static Timestamp timestamp(OffsetDateTime t) {
        return timestamp(t.toInstant());
    }

    public static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
