package dev.brain.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * The gateway is connected to the three services when it starts, so the first calls after {@code ./brain up} do not
 * wait for a channel to resolve and dial; a service that refuses the connection does not hold start-up up.
 */
@QuarkusTest
@TestProfile(ConnectAtStartTest.FreshStart.class)
class ConnectAtStartTest {

    /** Its own profile, so that the gateway starts anew for this class and no other test's call has connected it. */
    public static class FreshStart implements QuarkusTestProfile {
        @Override
        public String getConfigProfile() {
            return "test";
        }
    }

    @Inject
    @GrpcClient("error")
    Channel error;

    @Inject
    @GrpcClient("memory")
    Channel memory;

    @Inject
    @GrpcClient("research")
    Channel research;

    @Test
    void theChannelsAreConnectedBeforeTheFirstCall() {
        for (Channel channel : new Channel[] { error, memory, research }) {
            assertThat(channel).isInstanceOf(ManagedChannel.class);
            assertThat(((ManagedChannel) channel).getState(false)).as(channel.authority())
                    .isEqualTo(ConnectivityState.READY);
        }
    }

    @Test
    void aServiceThatRefusesTheConnectionIsNotWaitedFor() throws InterruptedException {
        ManagedChannel refused = NettyChannelBuilder.forAddress("127.0.0.1", 1).usePlaintext().build();
        try {
            long started = System.nanoTime();
            Map<String, ConnectivityState> states = ServiceChannels.connect(Map.of("nowhere", refused, "error", error),
                    Duration.ofSeconds(20));
            long tookMs = (System.nanoTime() - started) / 1_000_000;

            assertThat(states).containsEntry("nowhere", ConnectivityState.TRANSIENT_FAILURE)
                    .containsEntry("error", ConnectivityState.READY);
            assertThat(tookMs).as("ms waited for a refused connection (the wait allowed 20,000)").isLessThan(5_000);
        } finally {
            refused.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
