package dev.brain.memory.longterm.weights;

import java.time.Duration;
import java.util.Map;

import dev.brain.memory.config.MemoryConfig;
import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;

/** MemoryConfig with the spec's defaults (plus overrides) outside Quarkus, for the pure formula tests. */
final class Configs {

    private Configs() {
    }

    static MemoryConfig longTerm(Map<String, String> overrides) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(MemoryConfig.class)
                .withConverter(Duration.class, 200, new DurationConverter()) // "60s", "30d" as in Quarkus
                .withDefaultValues(overrides)
                .build();
        return config.getConfigMapping(MemoryConfig.class);
    }

    static MemoryConfig defaults() {
        return longTerm(Map.of());
    }
}
