package dev.brain.gateway.support;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Starts the three real services (their packaged jars, built earlier in the reactor) on the test ports the
 * gateway's gRPC clients use in {@code %test}, against the test database, and stops them afterwards.
 */
public class BrainServices implements QuarkusTestResourceLifecycleManager {

    /** The service token of the test profile (tenancy's microprofile-config.properties): the packaged services get it. */
    public static final String SERVICE_TOKEN = "test-service-token-known-to-everyone-000";

    public static final Map<String, Integer> PORTS = new LinkedHashMap<>();
    static {
        PORTS.put("error-service", 19101);
        PORTS.put("memory-service", 19102);
        PORTS.put("research-service", 19103);
    }

    private final List<Process> processes = new ArrayList<>();

    @Override
    public Map<String, String> start() {
        Path root = Path.of("").toAbsolutePath().getParent();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String db = System.getenv().getOrDefault("BRAIN_TEST_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain_test");
        try {
            for (Map.Entry<String, Integer> service : PORTS.entrySet()) {
                Path jar = root.resolve(service.getKey()).resolve("target/quarkus-app/quarkus-run.jar");
                if (!Files.exists(jar)) {
                    throw new IllegalStateException(jar + " is missing: the gateway's tests run the real services; build"
                            + " them first (./brain test does: mvn verify builds the services before the gateway)");
                }
                // error-service relays its synapse events to the memory-service started here
                List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-Dai.djl.offline=true",
                        "-Dquarkus.http.port=" + service.getValue(),
                        "-Dquarkus.grpc.clients.memory.port=" + PORTS.get("memory-service")));
                command.addAll(extraArguments(service.getKey()));
                command.addAll(List.of("-jar", jar.toString()));
                ProcessBuilder process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(new File("target/" + service.getKey() + "-for-gateway-tests.log"));
                process.environment().put("BRAIN_DB_URL", db);
                process.environment().put("BRAIN_SERVICE_TOKEN", SERVICE_TOKEN);
                process.environment().put("OPT_OUT_TRACKING", "true");
                processes.add(process.start());
            }
            for (Map.Entry<String, Integer> service : PORTS.entrySet()) {
                awaitReady(service.getKey(), service.getValue());
            }
        } catch (IOException e) {
            stop();
            throw new IllegalStateException("cannot start the services for the gateway tests", e);
        }
        return Map.of();
    }

    /**
     * research-service reads error-service's aggregates from the error-service started here, keeps its library under
     * target/, and schedules its first cycle an hour out (tests run it through the admin job; the status still shows
     * the next one); its nightly library jobs are off.
     */
    static List<String> extraArguments(String service) {
        if (!service.equals("research-service")) {
            return List.of();
        }
        return List.of("-Dquarkus.grpc.clients.error.port=" + PORTS.get("error-service"),
                "-Dbrain.knowledge.root=" + Path.of("target/knowledge-for-gateway-tests").toAbsolutePath(),
                "-Dbrain.research.cycle.delay=60m", "-Dbrain.knowledge.jobs-enabled=false");
    }

    private void awaitReady(String name, int port) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready")).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        stop();
        throw new IllegalStateException(name + " was not ready on port " + port + " within 240 s; see target/" + name
                + "-for-gateway-tests.log");
    }

    @Override
    public void stop() {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            try {
                if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        processes.clear();
    }
}
