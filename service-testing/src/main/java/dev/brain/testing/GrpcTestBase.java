package dev.brain.testing;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import io.grpc.ManagedChannel;

/** A real gRPC channel to the service under test, opened before each test method and shut down after it. */
public abstract class GrpcTestBase {

    protected ManagedChannel channel;

    @BeforeEach
    public void openChannel() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    public void closeChannel() {
        channel.shutdownNow();
    }
}
