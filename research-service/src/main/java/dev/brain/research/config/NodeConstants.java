package dev.brain.research.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The node weight constants of long-term memory (memory.md §4.3, §8), which the knowledge library uses as well
 * (research.md §2.4: "the same constants object"). They are read from memory-service's own keys
 * ({@code brain.memory.node.*}, env {@code BRAIN_MEMORY_NODE_*}) with memory-service's defaults, so one setting
 * (e.g. in the shared ConfigMap) moves both; {@code NodeConstantsTest} pins the defaults to memory.md §15's.
 */
@ConfigMapping(prefix = "brain.memory.node")
public interface NodeConstants {

    @WithDefault("10")
    double cap();

    @WithDefault("0.5")
    double dampingExponent();

    @WithDefault("0.1")
    double reinforcementBoost();

    @WithDefault("0.0015")
    double decayRate();

    @WithDefault("0.1")
    double minWeight();
}
