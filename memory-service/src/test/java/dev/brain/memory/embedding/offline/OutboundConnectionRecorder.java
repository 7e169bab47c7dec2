package dev.brain.memory.embedding.offline;

import java.security.Permission;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Records every host the JVM resolves or connects to, from before the application starts (and loads the
 * embedding model) until the test class ends. Uses the JDK's connect hook of a permissive SecurityManager,
 * which sees every socket connect and name lookup made through Java networking.
 */
@SuppressWarnings("removal")
public class OutboundConnectionRecorder implements QuarkusTestResourceLifecycleManager {

    /** "host:port" (port -1 for a name lookup), in order. */
    public static final List<String> CONNECTIONS = new CopyOnWriteArrayList<>();

    @Override
    public Map<String, String> start() {
        CONNECTIONS.clear();
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
    public void stop() {
        System.setSecurityManager(null);
    }
}
