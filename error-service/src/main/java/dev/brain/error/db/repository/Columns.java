package dev.brain.error.db.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

import com.google.protobuf.Timestamp;

import dev.brain.db.Jdbc;
import dev.brain.wire.ProtoTime;

/** Columns of a row read as the contract's fields (timestamps, text that is never null). */
public final class Columns {

    private Columns() {
    }

    /** The column as a timestamp, or null when SQL null. */
    public static Timestamp timestamp(ResultSet rs, String column) throws SQLException {
        Instant i = Jdbc.instant(rs, column);
        return i == null ? null : ProtoTime.timestamp(i);
    }

    /** The column's text, or empty when SQL null. */
    public static String text(ResultSet rs, String column) throws SQLException {
        String s = rs.getString(column);
        return s == null ? "" : s;
    }
}
