package dev.brain.wire;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Objects;

import com.google.protobuf.Timestamp;

/**
 * The one conversion between a point in time and {@code google.protobuf.Timestamp}: epoch seconds and nanoseconds,
 * nothing rounded. A {@code null} is a caller's error ({@link NullPointerException}), never a default or absent
 * value: a caller with an optional time tests it and leaves the message field unset itself.
 */
public final class ProtoTime {

    private ProtoTime() {
    }

    /** The instant as a Timestamp, nanoseconds kept. */
    public static Timestamp timestamp(Instant time) {
        Objects.requireNonNull(time, "time");
        return Timestamp.newBuilder().setSeconds(time.getEpochSecond()).setNanos(time.getNano()).build();
    }

    /** The time as a Timestamp of the same instant (the offset is not kept), nanoseconds kept. */
    public static Timestamp timestamp(OffsetDateTime time) {
        return timestamp(Objects.requireNonNull(time, "time").toInstant());
    }

    /** The Timestamp as an instant, nanoseconds kept (the default instance is the epoch). */
    public static Instant instant(Timestamp timestamp) {
        Objects.requireNonNull(timestamp, "timestamp");
        return Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos());
    }
}
