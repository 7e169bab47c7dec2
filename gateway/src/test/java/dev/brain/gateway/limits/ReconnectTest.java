package dev.brain.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.grpc.v1.KnowledgeServiceGrpc;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.KnowledgeStructureResponse;
import io.grpc.Server;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;

/**
 * A service back after an outage answers the next calls at once. grpc-java waits out an exponential reconnect
 * back-off before it dials a refused address again (1 s, 1.6 s, 2.6 s, 4.1 s, 6.6 s, 10.5 s …, ±20 %), and calls
 * in between fail with UNAVAILABLE without dialing; after a 20 s outage the next dial is 4–8 s away. The gateway
 * ends the back-off when a call fails with UNAVAILABLE ({@code ServiceCall#reconnectNow}), so the calls that
 * follow the service's return dial it. Breaker and retries are off here, so only the channel is measured.
 */
@QuarkusTest
@TestProfile(ReconnectTest.StandIn.class)
class ReconnectTest {

    static final int PORT = 19188;
    static final long OUTAGE_MS = 20_000;

    public static class StandIn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.grpc.clients.research.test-port", Integer.toString(PORT),
                    "brain.services.circuit-breaker.enabled", "false",
                    "brain.services.retry.max-retries", "0",
                    // the stand-in starts after the gateway: measured here is a return after an outage, not start-up
                    "brain.services.connect-at-start", "0s");
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }
    }

    static final class Knowledge extends KnowledgeServiceGrpc.KnowledgeServiceImplBase {
        @Override
        public void structure(KnowledgeStructureRequest request, StreamObserver<KnowledgeStructureResponse> answer) {
            answer.onNext(KnowledgeStructureResponse.newBuilder().setPath(request.getPath()).setTitle("Back").build());
            answer.onCompleted();
        }
    }

    static Server server;

    @Inject
    ApiTokens tokens;

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static Server start() throws IOException {
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", PORT)).addService(new Knowledge()).build()
                .start();
    }

    private static int structure(String token) {
        return given().header("Authorization", "Bearer " + token).accept(ContentType.JSON)
                .queryParam("path", "claude/u/back.md").when().get("/api/v1/knowledge/structure").statusCode();
    }

    @Test
    void aServiceBackAfterAnOutageAnswersAtOnce() throws Exception {
        String token = tokens.create("reconnect", "default", Set.of("read"), "test");
        server = start();
        assertThat(structure(token)).isEqualTo(200);

        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        long outageEnds = System.currentTimeMillis() + OUTAGE_MS;
        int failed = 0;
        while (System.currentTimeMillis() < outageEnds) {
            if (structure(token) == 503) {
                failed++;
            }
            Thread.sleep(250);
        }
        assertThat(failed).as("calls during the outage answered 503").isGreaterThan(10);

        server = start();
        long back = System.nanoTime();
        long answeredAfterMs = -1;
        while ((System.nanoTime() - back) / 1_000_000 < 10_000) {
            if (structure(token) == 200) {
                answeredAfterMs = (System.nanoTime() - back) / 1_000_000;
                break;
            }
            Thread.sleep(100);
        }
        assertThat(answeredAfterMs).as("ms from the service's return to the first answered call (-1: none in 10 s)")
                .isBetween(0L, 1_500L);
    }
}
