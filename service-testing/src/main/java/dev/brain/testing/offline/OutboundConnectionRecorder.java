package dev.brain.testing.offline;

import java.security.Permission;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Records every host the JVM resolves or connects to while the application starts (its beans, scheduled jobs,
 * an embedding model and its native libraries). Uses the JDK's connect hook of a permissive SecurityManager, which
 * sees every socket connect and name lookup made through Java networking — attempts included, also those that
 * fail at once. The manager is removed once the application runs, before the first test: while one is installed,
 * Netty frees large direct buffers through a privileged path that Quarkus' rewritten {@code CleanerJava9} no longer
 * has (NoSuchMethodError {@code CleanerJava9.access$000} on every gRPC message over 64 KiB in every test class of
 * this JVM). From then on {@link SocketWatch} watches (established connections, sampled).
 *
 * <p>
 * Declared global ({@code @QuarkusTestResource(OutboundConnectionRecorder.class)} on a service's
 * {@code NoPhoneHomeTest}), so every application start of the test JVM runs under it; {@link NoPhoneHomeExtension}
 * fails the test class during which a non-loopback host shows up.
 */
@SuppressWarnings("removal")
public class OutboundConnectionRecorder implements QuarkusTestResourceLifecycleManager {

    /** "host:port" (port -1 for a name lookup), in order, of the application starts of this class loader. */
    public static final List<String> CONNECTIONS = new CopyOnWriteArrayList<>();

    @Override
    public Map<String, String> start() {
        SocketWatch.start();
        System.setSecurityManager(new SecurityManager() {
            @Override
            public void checkPermission(Permission perm) {
            }

            @Override
            public void checkPermission(Permission perm, Object context) {
            }

            @Override
            public void checkConnect(String host, int port) {
                connect(host, port);
            }

            @Override
            public void checkConnect(String host, int port, Object context) {
                connect(host, port);
            }
        });
        return Map.of();
    }

    @Override
    public void inject(TestInjector testInjector) {
        System.setSecurityManager(null);
    }

    @Override
    public void stop() {
        System.setSecurityManager(null);
    }

    private static void connect(String host, int port) {
        CONNECTIONS.add(host + ":" + port);
        if (!SocketWatch.isLocalHost(host)) {
            SocketWatch.record("connect " + host + ":" + port + " (application start)");
        }
    }
}
