package dev.brain.memory.embedding.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Against a real HTTP server on loopback that speaks the OpenAI embeddings protocol. */
class OpenAiEmbeddingProviderTest {

    private HttpServer server;
    private final AtomicReference<String> lastBody = new AtomicReference<>();
    private final AtomicReference<String> lastAuth = new AtomicReference<>();
    private volatile String answer;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/embeddings", exchange -> {
            lastBody.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            lastAuth.set(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private OpenAiEmbeddingProvider provider(int dimension) {
        return new OpenAiEmbeddingProvider(new ObjectMapper(),
                URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"),
                "nomic-embed-text", dimension, Optional.of("sk-test"), Duration.ofSeconds(5));
    }

    @Test
    void sendsTheBatchAndOrdersVectorsByIndex() throws Exception {
        answer = """
                {"data":[{"index":1,"embedding":[0.0,1.0]},{"index":0,"embedding":[1.0,0.0]}]}""";
        List<float[]> vectors = provider(2).embed(List.of("first", "second"));
        assertThat(vectors.get(0)).containsExactly(1f, 0f);
        assertThat(vectors.get(1)).containsExactly(0f, 1f);
        var request = new ObjectMapper().readTree(lastBody.get());
        assertThat(request.get("model").asText()).isEqualTo("nomic-embed-text");
        assertThat(request.get("input").size()).isEqualTo(2);
        assertThat(lastAuth.get()).isEqualTo("Bearer sk-test");
    }

    @Test
    void wrongDimensionIsAFailedPrecondition() {
        answer = """
                {"data":[{"index":0,"embedding":[1.0,0.0,0.0]}]}""";
        assertThatThrownBy(() -> provider(2).embed(List.of("x"))).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.FAILED_PRECONDITION));
    }

    @Test
    void unreachableEndpointIsUnavailable() {
        var provider = new OpenAiEmbeddingProvider(new ObjectMapper(), URI.create("http://127.0.0.1:1"), "m", 2,
                Optional.empty(), Duration.ofSeconds(2));
        assertThatThrownBy(() -> provider.embed(List.of("x"))).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
    }
}
