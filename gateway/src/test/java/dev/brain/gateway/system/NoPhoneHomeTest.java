package dev.brain.gateway.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Permission;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Nothing leaves the machine while the gateway and the three services start and serve (gateway half of "no phone
 * home"; each service's own suite checks itself with service-testing's NoPhoneHomeExtension). This class restarts
 * the gateway and the services under two recorders: a permissive SecurityManager in this JVM while the gateway
 * starts (every connect and name lookup, attempts included), and a watch of the kernel's socket tables for this JVM
 * and its child processes — the services — from before they start until the end of the test (connections living
 * 50 ms or more). Then calls that reach every service: status (all three and the synapse network), an error search
 * (error-service, which embeds the query through memory-service). Only loopback is allowed.
 */
@QuarkusTest
// restricted to this class: the application restarts for it, and with it the services of BrainServices (declared
// global by the other test classes, so they apply here too), all under the recorder, which starts first
@QuarkusTestResource(value = NoPhoneHomeTest.Recorder.class, restrictToAnnotatedClass = true)
@QuarkusTestResource(BrainServices.class)
class NoPhoneHomeTest {

    @Inject
    ApiTokens tokens;

    @Test
    void gatewayAndServicesConnectToNothingButThisMachine() throws Exception {
        String token = tokens.create("no-phone-home", "default", Set.of("read"), "test");
        for (int i = 0; i < 2; i++) {
            given().header("Authorization", "Bearer " + token).accept("application/json")
                    .when().get("/api/v1/status")
                    .then().statusCode(200)
                    .body("services.error.up", equalTo(true))
                    .body("services.memory.up", equalTo(true))
                    .body("services.research.up", equalTo(true));
            given().header("Authorization", "Bearer " + token).accept("application/json")
                    .queryParam("q", "connection refused while calling the payment api")
                    .when().get("/api/v1/errors")
                    .then().statusCode(200);
        }
        Thread.sleep(200); // a few more samples of the watch

        assertThat(Recorder.CONNECTIONS).as("hosts the gateway resolved or connected to while it started")
                .isNotEmpty() // the recorder works: the services' readiness and PostgreSQL on loopback were seen
                .allSatisfy(c -> assertThat(isLocalHost(c.substring(0, c.lastIndexOf(':')))).as(c).isTrue());
        assertThat(Recorder.watched).as("processes watched: this JVM and the three services").isGreaterThanOrEqualTo(4);
        assertThat(Recorder.OUTBOUND).as("connections to other hosts from the gateway or a service").isEmpty();
    }

    static boolean isLocalHost(String host) throws IOException {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        // the wildcard addresses are binds (a server socket listening), not connections to another host
        return h.equals("localhost") || h.equals("0.0.0.0") || h.equals("::") || h.equals("0:0:0:0:0:0:0:0")
                || h.startsWith("127.") || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1") || h.equals(InetAddress.getLocalHost().getHostName());
    }

    /**
     * Started first (lowest order, before BrainServices starts the services): the socket watch runs until the class
     * ends, the SecurityManager until the gateway has started (removed before the first test: Netty's direct-buffer
     * cleaner fails under one).
     */
    @SuppressWarnings("removal")
    public static class Recorder implements QuarkusTestResourceLifecycleManager {

        static final List<String> CONNECTIONS = new CopyOnWriteArrayList<>();
        static final List<String> OUTBOUND = new CopyOnWriteArrayList<>();
        static volatile int watched;
        private static final Set<String> SEEN = new HashSet<>();
        private volatile boolean running;

        @Override
        public Map<String, String> start() {
            running = true;
            Thread watch = new Thread(() -> {
                while (running) {
                    try {
                        sample();
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException e) {
                        // a process ended between listing and reading
                    }
                }
            }, "socket-watch");
            watch.setDaemon(true);
            watch.start();
            System.setSecurityManager(new SecurityManager() {
                @Override
                public void checkPermission(Permission perm) {
                }

                @Override
                public void checkPermission(Permission perm, Object context) {
                }

                @Override
                public void checkConnect(String host, int port) {
                    CONNECTIONS.add(host + ":" + port);
                }

                @Override
                public void checkConnect(String host, int port, Object context) {
                    CONNECTIONS.add(host + ":" + port);
                }
            });
            return Map.of();
        }

        @Override
        public int order() {
            return Integer.MIN_VALUE;
        }

        @Override
        public void inject(TestInjector testInjector) {
            System.setSecurityManager(null);
        }

        @Override
        public void stop() {
            System.setSecurityManager(null);
            running = false;
        }

        /** Connected sockets to a non-loopback address held by this JVM or one of its child processes. */
        private static void sample() {
            List<ProcessHandle> processes = Stream.concat(Stream.of(ProcessHandle.current()),
                    ProcessHandle.current().descendants()).toList();
            watched = Math.max(watched, processes.size());
            for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
                List<String> lines;
                try {
                    lines = Files.readAllLines(Path.of("/proc/net", table));
                } catch (IOException e) {
                    continue;
                }
                for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length < 10 || isLoopback(f[2]) || !SEEN.add(table + " " + f[2] + " " + f[9])) {
                        continue;
                    }
                    for (ProcessHandle p : processes) {
                        if (holds(p.pid(), f[9])) {
                            OUTBOUND.add(table + " " + f[2] + " (pid " + p.pid() + " " + p.info().commandLine()
                                    .orElse("") + ")");
                        }
                    }
                }
            }
        }

        /** A remote address of the tables (hex, little-endian IPv4 or 32 hex digits of IPv6) is loopback or unset. */
        private static boolean isLoopback(String remote) {
            String ip = remote.substring(0, remote.indexOf(':'));
            if (ip.length() == 8) {
                return ip.equals("00000000") || ip.endsWith("7F");
            }
            return ip.equals("00000000000000000000000000000000") || ip.equals("00000000000000000000000001000000")
                    || (ip.startsWith("0000000000000000FFFF0000") && ip.endsWith("7F"));
        }

        private static boolean holds(long pid, String inode) {
            if (inode.equals("0")) {
                return false;
            }
            String link = "socket:[" + inode + "]";
            try (Stream<Path> fds = Files.list(Path.of("/proc", String.valueOf(pid), "fd"))) {
                return fds.anyMatch(fd -> {
                    try {
                        return Files.readSymbolicLink(fd).toString().equals(link);
                    } catch (IOException e) {
                        return false;
                    }
                });
            } catch (IOException e) {
                return false;
            }
        }
    }
}
