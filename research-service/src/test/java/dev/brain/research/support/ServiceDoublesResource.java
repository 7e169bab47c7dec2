package dev.brain.research.support;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Starts the {@link ServiceDoubles} before research-service (for tests annotated with it). */
public class ServiceDoublesResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        ServiceDoubles.get();
        return Map.of();
    }

    @Override
    public void stop() {
        // the servers live for the JVM (shared by every test class)
    }
}
