package dev.brain.error.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.ErrorStatsRequest;
import dev.brain.grpc.v1.ErrorStatsResponse;
import dev.brain.tenancy.InFlightCalls;
import dev.brain.tenancy.Tenancy;
import dev.brain.testing.GrpcTestChannel;
import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * The concurrent-request limit (error-code.md §15) over real gRPC, with {@code brain.error.grpc.max-in-flight=2}: calls
 * that started but have not finished hold their permits, one more is refused with RESOURCE_EXHAUSTED, and every
 * permit comes back when calls are cancelled or answered. The same calls are counted, and uncounted, by
 * {@link InFlightCalls} (what a stopping instance waits for): both run on {@code CallEnd}.
 */
@QuarkusTest
@TestProfile(InFlightLimitTest.LowLimit.class)
class InFlightLimitTest {

    public static class LowLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.error.grpc.max-in-flight", "2");
        }
    }

    @Inject
    InFlightLimit limit;

    @Inject
    InFlightCalls calls;

    private ManagedChannel channel;
    private final List<ClientCall<ErrorStatsRequest, ErrorStatsResponse>> held = new ArrayList<>();

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        held.forEach(c -> c.cancel("test over", null));
        channel.shutdownNow();
    }

    private ErrorServiceGrpc.ErrorServiceBlockingStub stub() {
        return GrpcTestChannel.as("limit-tenant", ErrorServiceGrpc.newBlockingStub(channel));
    }

    /**
     * A call whose headers reached the server but whose request never comes: it stays in flight. (Declared as
     * streaming on this side only, because a client flushes a unary call's headers together with its message.)
     */
    private void hold() {
        ClientCall<ErrorStatsRequest, ErrorStatsResponse> call = channel.newCall(ErrorServiceGrpc.getStatsMethod()
                .toBuilder().setType(MethodDescriptor.MethodType.BIDI_STREAMING).build(), CallOptions.DEFAULT);
        call.start(new ClientCall.Listener<>() {
        }, Tenancy.metadataFor("limit-tenant"));
        call.request(1);
        held.add(call);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void aCallBeyondTheLimitIsRefusedAndThePermitsComeBack() throws InterruptedException {
        assertThat(limit.limit()).isEqualTo(2);
        await("no call is in flight", () -> limit.available() == 2);
        hold();
        hold();
        await("both held calls hold a permit", () -> limit.available() == 0);
        // counted further down the chain than the permits are taken
        await("both held calls are counted as in flight (what a stopping instance waits for)", () -> calls.count() == 2);

        assertThatThrownBy(() -> stub().stats(ErrorStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                    assertThat(e.getStatus().getDescription()).contains("limit of 2 concurrent requests");
                });
        // probes are not limited
        assertThat(GrpcTestChannel.health(channel)).isEqualTo(ServingStatus.SERVING);
        assertThat(limit.available()).as("a refused call takes no permit").isZero();

        // cancelled calls return their permits, exactly once each
        held.forEach(c -> c.cancel("client gave up", null));
        held.clear();
        await("the cancelled calls returned their permits", () -> limit.available() == 2);
        await("the cancelled calls are no longer in flight", () -> calls.count() == 0);

        // answered calls (and failed ones) return theirs too
        for (int i = 0; i < 10; i++) {
            assertThat(stub().stats(ErrorStatsRequest.getDefaultInstance()).getTablesCount()).isPositive();
        }
        Metadata noTenant = new Metadata();
        assertThatThrownBy(() -> ErrorServiceGrpc.newBlockingStub(channel)
                .withInterceptors(io.grpc.stub.MetadataUtils.newAttachHeadersInterceptor(noTenant))
                .stats(ErrorStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
        await("every permit is back", () -> limit.available() == 2);
        await("no call is in flight any more", () -> calls.count() == 0);
        hold();
        hold();
        await("the permits can be taken again", () -> limit.available() == 0);
    }

    @Test
    void theLimitMustBePositive() {
        assertThatThrownBy(() -> new InFlightLimit(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("brain.error.grpc.max-in-flight");
    }
}
