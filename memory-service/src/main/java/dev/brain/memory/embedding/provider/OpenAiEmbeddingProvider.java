package dev.brain.memory.embedding.provider;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.grpc.Status;

/**
 * Any OpenAI-compatible {@code POST /v1/embeddings} endpoint (Ollama, vLLM, OpenAI). Uses JSON trees, not
 * data binding, so no reflection is needed in a native image.
 */
public final class OpenAiEmbeddingProvider implements EmbeddingProvider {

    private final HttpClient http;
    private final ObjectMapper json;
    private final URI endpoint;
    private final String model;
    private final int dimension;
    private final Optional<String> apiKey;
    private final Duration timeout;

    public OpenAiEmbeddingProvider(ObjectMapper json, URI baseUrl, String model, int dimension,
            Optional<String> apiKey, Duration timeout) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
        this.json = json;
        String base = baseUrl.toString().replaceAll("/+$", "");
        this.endpoint = URI.create(base + "/v1/embeddings");
        this.model = model;
        this.dimension = dimension;
        this.apiKey = apiKey.filter(k -> !k.isBlank());
        this.timeout = timeout;
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        ObjectNode body = json.createObjectNode().put("model", model);
        ArrayNode input = body.putArray("input");
        texts.forEach(input::add);
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        apiKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw unavailable("cannot reach " + endpoint + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable("interrupted while calling " + endpoint);
        }
        if (response.statusCode() / 100 != 2) {
            throw unavailable(endpoint + " answered HTTP " + response.statusCode());
        }
        return parse(response.body(), texts.size());
    }

    List<float[]> parse(String body, int expected) {
        JsonNode data;
        try {
            data = json.readTree(body).path("data");
        } catch (IOException e) {
            throw unavailable(endpoint + " answered with invalid JSON");
        }
        if (!data.isArray() || data.size() != expected) {
            throw unavailable(endpoint + " returned " + data.size() + " embeddings for " + expected + " texts");
        }
        float[][] ordered = new float[expected][];
        for (int i = 0; i < expected; i++) {
            JsonNode item = data.get(i);
            int index = item.path("index").asInt(i);
            JsonNode values = item.path("embedding");
            if (values.size() != dimension) {
                throw Status.FAILED_PRECONDITION.withDescription("model " + model + " returned " + values.size()
                        + " dimensions, brain.embedding.dimension is " + dimension).asRuntimeException();
            }
            float[] vector = new float[dimension];
            for (int d = 0; d < dimension; d++) {
                vector[d] = (float) values.get(d).asDouble();
            }
            ordered[index] = vector;
        }
        return new ArrayList<>(List.of(ordered));
    }

    private static RuntimeException unavailable(String what) {
        return Status.UNAVAILABLE.withDescription("embedding provider unavailable: " + what).asRuntimeException();
    }
}
