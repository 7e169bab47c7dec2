package dev.brain.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.McpSession;
import dev.brain.grpc.v1.KnowledgeServiceGrpc;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.KnowledgeStructureResponse;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.grpc.v1.SearchKnowledgeResponse;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Retries and the circuit breaker against a research-service stand-in (a gRPC server in this test, on
 * {@link #PORT}) whose answers the test chooses: a read that fails once with UNAVAILABLE is retried and succeeds;
 * a write is never retried; a service that stops answering opens the breaker, after which calls fail at once with
 * one line naming the service (MCP isError, REST 503) instead of each waiting for the 2 s deadline.
 */
@QuarkusTest
@TestProfile(ResilienceTest.StandIn.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ResilienceTest {

    static final int PORT = 19187;

    public static class StandIn implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // the stand-in starts after the gateway: a channel dialled at start would fail and make the first
            // call an outage that the breaker counts, so the channels stay idle until the first call
            return Map.of("quarkus.grpc.clients.research.test-port", Integer.toString(PORT),
                    "brain.services.connect-at-start", "0s",
                    "brain.services.deadline", "2s",
                    "brain.services.circuit-breaker.request-volume", "4",
                    "brain.services.circuit-breaker.failure-ratio", "0.5",
                    "brain.services.circuit-breaker.delay", "60s");
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }
    }

    /**
     * The stand-in's KnowledgeService: Structure fails {@link #structureFailures} times, SaveResearch always, Search never
     * answers.
     */
    static final class Knowledge extends KnowledgeServiceGrpc.KnowledgeServiceImplBase {
        final AtomicInteger structureFailures = new AtomicInteger();
        volatile Status structureFailure = Status.UNAVAILABLE.withDescription("stand-in: not yet");
        final AtomicInteger structureCalls = new AtomicInteger();
        final AtomicInteger saveCalls = new AtomicInteger();
        final AtomicInteger searchCalls = new AtomicInteger();

        @Override
        public void structure(KnowledgeStructureRequest request, StreamObserver<KnowledgeStructureResponse> answer) {
            structureCalls.incrementAndGet();
            if (structureFailures.getAndDecrement() > 0) {
                answer.onError(structureFailure.asRuntimeException());
                return;
            }
            answer.onNext(KnowledgeStructureResponse.newBuilder().setPath(request.getPath()).setTitle("Retried").build());
            answer.onCompleted();
        }

        @Override
        public void saveResearch(SaveResearchRequest request, StreamObserver<SaveResearchResponse> answer) {
            saveCalls.incrementAndGet();
            answer.onError(Status.UNAVAILABLE.withDescription("stand-in: down").asRuntimeException());
        }

        @Override
        public void search(SearchKnowledgeRequest request, StreamObserver<SearchKnowledgeResponse> answer) {
            searchCalls.incrementAndGet(); // never answers: a hung service
        }
    }

    static final Knowledge KNOWLEDGE = new Knowledge();
    static Server server;

    @BeforeAll
    static void startStandIn() throws IOException {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", PORT)).addService(KNOWLEDGE).build().start();
    }

    @AfterAll
    static void stopStandIn() throws InterruptedException {
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Inject
    ApiTokens tokens;

    private String token() {
        return tokens.create("resilience", "default", Set.of("read", "write"), "test");
    }

    @Test
    @Order(1)
    void aReadThatFailsOnceWithUnavailableIsRetriedAndSucceeds() {
        KNOWLEDGE.structureFailures.set(1);
        int before = KNOWLEDGE.structureCalls.get();
        given().header("Authorization", "Bearer " + token()).accept(ContentType.JSON)
                .queryParam("path", "claude/u/retry.md")
                .when().get("/api/v1/knowledge/structure")
                .then().statusCode(200).body("title", org.hamcrest.Matchers.equalTo("Retried"));
        assertThat(KNOWLEDGE.structureCalls.get() - before).isEqualTo(2);
    }

    /**
     * What grpc-java reports for calls in flight on a connection the server closed with GOAWAY (ServiceCall#connectionLost).
     */
    @Test
    @Order(2)
    void aReadLostWithItsConnectionIsRetriedAndSucceeds() {
        KNOWLEDGE.structureFailure = Status.INTERNAL.withDescription("Connection closed after GOAWAY. HTTP/2 error code: "
                + "PROTOCOL_ERROR, debug data: Request stream 5 is not correct for server connection");
        KNOWLEDGE.structureFailures.set(1);
        int before = KNOWLEDGE.structureCalls.get();
        try {
            given().header("Authorization", "Bearer " + token()).accept(ContentType.JSON)
                    .queryParam("path", "claude/u/goaway.md")
                    .when().get("/api/v1/knowledge/structure")
                    .then().statusCode(200).body("title", org.hamcrest.Matchers.equalTo("Retried"));
        } finally {
            KNOWLEDGE.structureFailure = Status.UNAVAILABLE.withDescription("stand-in: not yet");
        }
        assertThat(KNOWLEDGE.structureCalls.get() - before).isEqualTo(2);
    }

    @Test
    @Order(3)
    void aWriteIsNeverRetried() {
        int before = KNOWLEDGE.saveCalls.get();
        Response saved = given().header("Authorization", "Bearer " + token()).contentType(ContentType.JSON)
                .accept(ContentType.JSON)
                .body(Map.of("topic", "retries", "distillate", "A write is sent once.", "salience", 0.8))
                .when().post("/api/v1/knowledge");
        assertThat(saved.statusCode()).isEqualTo(503);
        assertThat(saved.jsonPath().getString("error")).startsWith("research-service unavailable");
        assertThat(KNOWLEDGE.saveCalls.get() - before).isEqualTo(1);
    }

    @Test
    @Order(4)
    void aHungServiceOpensTheBreakerAndCallsThenFailFastNamingTheService() {
        McpSession mcp = new McpSession(token()).open();
        long waitedMs = 0;
        String fastText = null;
        long fastMs = -1;
        for (int i = 0; i < 8 && fastText == null; i++) {
            int callsBefore = KNOWLEDGE.searchCalls.get();
            long start = System.nanoTime();
            JsonPath result = mcp.callTool("knowledge_search", Map.of("query", "hung " + i));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(result.getBoolean("isError")).isTrue();
            String text = result.getString("content[0].text");
            assertThat(text).startsWith("research-service ");
            if (text.contains("failing fast")) {
                fastText = text;
                fastMs = ms;
                assertThat(KNOWLEDGE.searchCalls.get()).as("the open breaker sends nothing").isEqualTo(callsBefore);
            } else {
                waitedMs = Math.max(waitedMs, ms);
            }
        }
        assertThat(fastText).as("the breaker opened within 8 calls").isNotNull();
        assertThat(fastText).startsWith("research-service unavailable: failing fast for up to 60 s after repeated failures")
                .doesNotContain("\n");
        assertThat(waitedMs).as("a call before the breaker opened waited for its deadline").isGreaterThanOrEqualTo(1900);
        assertThat(fastMs).as("a call refused by the open breaker").isLessThan(1000);

        long start = System.nanoTime();
        given().header("Authorization", "Bearer " + token()).accept(ContentType.JSON).queryParam("query", "rest")
                .when().get("/api/v1/knowledge/search")
                .then().statusCode(503)
                .body("error", org.hamcrest.Matchers.startsWith("research-service unavailable: failing fast"));
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1000);
    }
}
