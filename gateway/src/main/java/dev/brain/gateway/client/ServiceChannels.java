package dev.brain.gateway.client;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.brain.tenancy.Tenancy;
import io.grpc.Channel;
import io.grpc.ConnectivityState;
import io.grpc.ManagedChannel;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;

/**
 * Connects the gateway to the three services while it starts, before it takes its first request. A gRPC channel is
 * idle until its first call, and that call then waits for the channel to resolve its address and dial: right after
 * {@code ./brain up}, with a cold JVM and 16 sessions calling at once, that took more than a second, and 8 of the soak's
 * first 464 calls ran out of their 2 s deadline ("Name resolution delay …"). Started here, the first call finds a
 * connection.
 * <p>
 * Start-up waits at most {@code brain.services.connect-at-start} for all three, and not at all for a service that
 * refuses the connection: a service that is down at start is reported, and calls dial it again when it returns
 * ({@link ServiceCall} ends the reconnect back-off on a failed call). {@code 0s} leaves the channels idle until used.
 */
@ApplicationScoped
class ServiceChannels {

    @Inject
    @GrpcClient("error")
    Channel error;

    @Inject
    @GrpcClient("memory")
    Channel memory;

    @Inject
    @GrpcClient("research")
    Channel research;

    void onStart(@Observes StartupEvent event, ServicesConfig config) {
        Tenancy.serviceToken(); // fails the start with how to set it, instead of every call later
        Duration wait = config.connectAtStart();
        if (wait.isZero()) {
            return;
        }
        Map<String, ConnectivityState> states = connect(Map.of(ErrorServiceClient.NAME, error,
                MemoryServiceClient.NAME, memory, ResearchServiceClient.NAME, research), wait);
        states.forEach((service, state) -> {
            if (state == ConnectivityState.READY) {
                Log.infof("%s: connected", service);
            } else {
                Log.warnf("%s: not connected at start (%s); calls will dial it again", service, state);
            }
        });
    }

    /**
     * Asks every channel to connect and waits until each is connected or has failed to connect, at most {@code wait};
     * answers each channel's state when the wait ended (a channel that is not a {@link ManagedChannel} is left alone).
     */
    static Map<String, ConnectivityState> connect(Map<String, Channel> channels, Duration wait) {
        Map<String, ManagedChannel> managed = new LinkedHashMap<>();
        channels.forEach((service, channel) -> {
            if (channel instanceof ManagedChannel m) {
                m.getState(true);
                managed.put(service, m);
            }
        });
        long until = System.nanoTime() + wait.toNanos();
        Map<String, ConnectivityState> states = new LinkedHashMap<>();
        while (true) {
            states.clear();
            managed.forEach((service, channel) -> states.put(service, channel.getState(false)));
            boolean settled = states.values().stream()
                    .allMatch(s -> s == ConnectivityState.READY || s == ConnectivityState.TRANSIENT_FAILURE);
            if (settled || System.nanoTime() >= until) {
                return states;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return states;
            }
        }
    }
}
