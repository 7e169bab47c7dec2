package dev.brain.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;

import io.grpc.Status;

class StatusMappingTest {

    @Test
    void statusesPassThroughEvenWhenWrapped() {
        var status = Status.INVALID_ARGUMENT.withDescription("name: required");
        assertThat(StatusMapping.toStatus(new RuntimeException(status.asRuntimeException()))).isEqualTo(status);
        assertThat(StatusMapping.toStatus(status.asException())).isEqualTo(status);
    }

    @Test
    void lostDatabaseConnectionIsUnavailable() {
        var failure = new IllegalStateException("boom", new SQLException("Connection refused\nat ...", "08001"));
        Status status = StatusMapping.toStatus(failure);
        assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(status.getDescription()).isEqualTo("database unavailable: Connection refused");
    }

    @Test
    void aPoolClosedByShutdownIsUnavailableSoTheCallerRetriesElsewhere() {
        // Agroal's own text (io.agroal.pool.ConnectionPool), no SQLState; seen as 2 failed recalls in the scale test
        var failure = new IllegalStateException("x", new SQLException(
                "This pool is closed and does not handle any more connections!"));
        Status status = StatusMapping.toStatus(failure);
        assertThat(status.getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        assertThat(status.getDescription()).startsWith("shutting down: This pool is closed");
    }

    @Test
    void anythingElseIsInternalWithOneLineNeverUnknown() {
        Status status = StatusMapping.toStatus(new NullPointerException("field x\n\tat Foo.bar(Foo.java:1)"));
        assertThat(status.getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(status.getDescription()).isEqualTo("NullPointerException: field x");
        assertThat(StatusMapping.toStatus(new IllegalStateException()).getDescription())
                .isEqualTo("IllegalStateException: no detail");
    }

    @Test
    void textTheDatabaseCannotStoreIsABadArgument() {
        var failure = new IllegalStateException("insert",
                new SQLException("ERROR: invalid byte sequence for encoding \"UTF8\": 0x00", "22021"));
        Status status = StatusMapping.toStatus(failure);
        assertThat(status.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
        assertThat(status.getDescription()).startsWith("text: holds a character the database cannot store (NUL, \\u0000)");
    }
}
