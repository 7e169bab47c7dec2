package dev.brain.memory.embedding.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * The packaged service refuses to start when the configured embedding provider does not fit the database,
 * and says why in its log (runs the real jar after {@code package}).
 */
class DimensionMismatchStartIT {

    private static String start(String provider, String dimension) throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        assertThat(jar).exists();
        File log = File.createTempFile("memory-service-start", ".log");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dquarkus.http.port=0", "-Dai.djl.offline=true", "-jar", jar.toString())
                .redirectErrorStream(true).redirectOutput(log);
        builder.environment().put("BRAIN_DB_URL",
                System.getenv().getOrDefault("BRAIN_TEST_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain_test"));
        builder.environment().put("BRAIN_EMBEDDING_PROVIDER", provider);
        builder.environment().put("BRAIN_EMBEDDING_DIMENSION", dimension);
        builder.environment().put("OPT_OUT_TRACKING", "true");
        builder.environment().put("BRAIN_SERVICE_TOKEN", "test-service-token-known-to-everyone-000");
        Process process = builder.start();
        boolean exited = process.waitFor(90, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }
        assertThat(exited).as("the service must stop by itself").isTrue();
        assertThat(process.exitValue()).isNotZero();
        return Files.readString(log.toPath());
    }

    @Test
    void providerWithAnotherDimensionThanTheDatabaseFailsTheStart() throws Exception {
        assertThat(start("hash", "16")).contains("Embedding dimension mismatch: this database stores 384-dimensional vectors",
                "produces 16");
    }

    @Test
    void onnxModelWithAnotherConfiguredDimensionFailsTheStart() throws Exception {
        assertThat(start("onnx", "768")).contains("produces 384-dimensional vectors, but brain.embedding.dimension is 768");
    }
}
