package dev.brain.error.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ErrorStatsResponse;
import dev.brain.tenancy.Tenancy;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * An answer that comes after its caller gave up (the deadline passed, the client cancelled) must not harm the other
 * calls on the same HTTP/2 connection. On the unified Vert.x gRPC server, writing that answer to the stream the
 * client had reset closed the whole connection with a GOAWAY (PROTOCOL_ERROR), failing every call in flight on it
 * (quarkusio/quarkus#56268): seen as lost writes in the soak, where the gateway keeps one connection per service.
 */
@QuarkusTest
class LateAnswerTest extends ErrorServiceTestBase {

    @Inject
    DataSource dataSource;

    @Test
    void anAnswerTooLateForItsCallerLeavesTheOtherCallsOnTheConnectionAlone() throws Exception {
        // call A: in flight on the connection for the whole test (its request is held back until the end)
        CompletableFuture<Status> aClosed = new CompletableFuture<>();
        CompletableFuture<ErrorStatsResponse> aAnswer = new CompletableFuture<>();
        ClientCall<ErrorStatsRequest, ErrorStatsResponse> a = channel.newCall(ErrorServiceGrpc.getStatsMethod()
                .toBuilder().setType(MethodDescriptor.MethodType.BIDI_STREAMING).build(), CallOptions.DEFAULT);
        a.start(new ClientCall.Listener<>() {
            @Override
            public void onMessage(ErrorStatsResponse message) {
                aAnswer.complete(message);
            }

            @Override
            public void onClose(Status status, Metadata trailers) {
                aClosed.complete(status);
            }
        }, Tenancy.metadataFor(tenant));
        a.request(1);

        // call B: held up in the database past its deadline, so its answer is written after the client reset it
        try (Connection lock = dataSource.getConnection()) {
            lock.setAutoCommit(false);
            try (Statement s = lock.createStatement()) {
                s.execute("lock table error.error in access exclusive mode");
            }
            assertThatThrownBy(() -> errors().withDeadlineAfter(300, TimeUnit.MILLISECONDS)
                    .stats(ErrorStatsRequest.getDefaultInstance()))
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED));
            Thread.sleep(200);
            lock.rollback(); // B's counts now run and its late answer goes out
        }
        Thread.sleep(1_000);
        assertThat(aClosed).as("call A, in flight while B answered too late, is still open").isNotDone();

        // A completes normally on the same connection
        a.sendMessage(ErrorStatsRequest.getDefaultInstance());
        a.halfClose();
        assertThat(aClosed.get(10, TimeUnit.SECONDS).getCode()).isEqualTo(Status.Code.OK);
        assertThat(aAnswer.get(1, TimeUnit.SECONDS).getTablesCount()).isPositive();
        // and so does the next call
        assertThat(errors().stats(ErrorStatsRequest.getDefaultInstance()).getTablesCount()).isPositive();
    }
}
