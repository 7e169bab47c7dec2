package dev.brain.gateway.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * The outbox relay end to end (error-code.md §12, memory.md synapse events): the real error-service and
 * memory-service jars, real gRPC between them. A reported error becomes a synapse; while memory-service is down
 * the event waits and is delivered once it is back; a redelivery of an applied event changes nothing.
 */
class OutboxRelayIT {

    static final int ERROR_PORT = 19311;
    static final int MEMORY_PORT = 19312;
    static final String DB = System.getenv().getOrDefault("BRAIN_TEST_DB_URL",
            "jdbc:postgresql://127.0.0.1:5432/brain_test");

    private Process errorService;
    private Process memoryService;
    private ManagedChannel channel;
    private String tenant;

    @BeforeEach
    void start() throws IOException {
        tenant = "relay-" + UUID.randomUUID().toString().substring(0, 8);
        memoryService = launch("memory-service", MEMORY_PORT);
        errorService = launch("error-service", ERROR_PORT, "-Dquarkus.grpc.clients.memory.port=" + MEMORY_PORT,
                "-Dbrain.error.outbox.interval=250ms");
        awaitReady("memory-service", MEMORY_PORT);
        awaitReady("error-service", ERROR_PORT);
        channel = ManagedChannelBuilder.forAddress("127.0.0.1", ERROR_PORT).usePlaintext().build();
    }

    @AfterEach
    void stop() {
        if (channel != null) {
            channel.shutdownNow();
        }
        stopProcess(errorService);
        stopProcess(memoryService);
    }

    @Test
    void eventsReachMemoryServiceAndWaitWhileItIsDownDeliveredExactlyOnce() throws Exception {
        long first = report("TypeError: Cannot read properties of undefined (reading 'map')\n"
                + "    at render (/srv/app/src/list.js:10:5)");
        await("the co_occurs synapse of the first error", () -> synapses("error", first, "co_occurs") == 1);

        stopProcess(memoryService);
        long second = report("ReferenceError: fetchUsers is not defined\n    at load (/srv/app/src/api.js:3:9)");
        await("a failed delivery attempt", () -> query("select attempts from outbox where tenant = ?"
                + " and event->'source'->>'id' = ? and event->>'synapse_type' = 'co_occurs'", Long.toString(second)) >= 1);
        assertThat(query("select count(*) from outbox where tenant = ? and delivered_at is null"
                + " and event->'source'->>'id' = ?", Long.toString(second))).isEqualTo(1);
        assertThat(synapses("error", second, "co_occurs")).isZero();

        memoryService = launch("memory-service", MEMORY_PORT);
        awaitReady("memory-service", MEMORY_PORT);
        await("delivery after memory-service returned", () -> synapses("error", second, "co_occurs") == 1);
        await("every event of the tenant delivered",
                () -> query("select count(*) from outbox where tenant = ? and delivered_at is null", null) == 0);

        // a lost answer: the relay sends the same key again; memory-service replays it and changes nothing
        long activations = query("select activation_count from memory.synapse where tenant = ? and source_type = 'error'"
                + " and source_id = ?::bigint and synapse_type = 'co_occurs'", Long.toString(second));
        update("update outbox set delivered_at = null, next_attempt_at = now() where tenant = ?"
                + " and event->'source'->>'id' = ?", Long.toString(second));
        await("the redelivery",
                () -> query("select count(*) from outbox where tenant = ? and delivered_at is null", null) == 0);
        assertThat(query("select activation_count from memory.synapse where tenant = ? and source_type = 'error'"
                + " and source_id = ?::bigint and synapse_type = 'co_occurs'", Long.toString(second))).isEqualTo(activations);
        assertThat(query("select count(*) from memory.synapse_event where tenant = ?", null))
                .isEqualTo(query("select count(*) from outbox where tenant = ?", null));
    }

    private long report(String output) {
        return ErrorServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(
                        Tenancy.metadataFor(dev.brain.gateway.support.BrainServices.SERVICE_TOKEN, tenant)))
                .withDeadlineAfter(30, TimeUnit.SECONDS)
                .reportError(ReportErrorRequest.newBuilder().setScope(Scope.newBuilder().setProject("shop"))
                        .setRawOutput(output).build())
                .getError().getId();
    }

    private long synapses(String sourceType, long sourceId, String type) {
        return query("select count(*) from memory.synapse where tenant = ? and source_type = '" + sourceType
                + "' and source_id = ?::bigint and synapse_type = '" + type + "'", Long.toString(sourceId));
    }

    private long query(String sql, String second) {
        try (Connection c = DriverManager.getConnection(DB, "brain", "brain");
                PreparedStatement s = c.prepareStatement(
                        sql.replace("from outbox", "from error.outbox"))) {
            s.setString(1, tenant);
            if (second != null) {
                s.setString(2, second);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private void update(String sql, String second) throws SQLException {
        try (Connection c = DriverManager.getConnection(DB, "brain", "brain");
                PreparedStatement s = c.prepareStatement(sql.replace("update outbox", "update error.outbox"))) {
            s.setString(1, tenant);
            s.setString(2, second);
            s.executeUpdate();
        }
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out waiting for " + what);
    }

    private static Process launch(String service, int port, String... properties) throws IOException {
        Path jar = Path.of("").toAbsolutePath().getParent().resolve(service).resolve("target/quarkus-app/quarkus-run.jar");
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar + " is missing: build the services first (mvn verify)");
        }
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(javaBin, "-Xmx256m",
                "-Dai.djl.offline=true", "-Dquarkus.http.port=" + port));
        command.addAll(List.of(properties));
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("target/" + service + "-relay-it.log")));
        process.environment().put("BRAIN_DB_URL", DB);
        process.environment().put("BRAIN_SERVICE_TOKEN", dev.brain.gateway.support.BrainServices.SERVICE_TOKEN);
        process.environment().put("OPT_OUT_TRACKING", "true");
        return process.start();
    }

    private static void awaitReady(String name, int port) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready")).build();
        long deadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
                Thread.sleep(250);
            } catch (IOException e) {
                sleep();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new IllegalStateException(name + " was not ready on port " + port + "; see target/" + name + "-relay-it.log");
    }

    private static void sleep() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void stopProcess(Process p) {
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
