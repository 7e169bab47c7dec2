package dev.brain.error.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;

import com.google.protobuf.Timestamp;

import dev.brain.db.Jdbc;

/** Small conversions between SQL values and protobuf fields. */
public final class Protos {

    private Protos() {
    }

    public static Timestamp timestamp(Instant i) {
        return Timestamp.newBuilder().setSeconds(i.getEpochSecond()).setNanos(i.getNano()).build();
    }

    public static Timestamp timestamp(OffsetDateTime t) {
        return timestamp(t.toInstant());
    }

    /** The column as a timestamp, or null when SQL null. */
    public static Timestamp timestamp(ResultSet rs, String column) throws SQLException {
        Instant i = Jdbc.instant(rs, column);
        return i == null ? null : timestamp(i);
    }

    public static String text(ResultSet rs, String column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? "" : s;
    }

    public static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
