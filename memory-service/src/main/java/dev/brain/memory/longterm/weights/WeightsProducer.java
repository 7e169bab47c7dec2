package dev.brain.memory.longterm.weights;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.brain.memory.config.MemoryConfig;

/** The formula objects as beans, built from the configuration (tests build them from defaults directly). */
@ApplicationScoped
public class WeightsProducer {

    @Produces
    @Singleton
    NodeWeights nodeWeights(MemoryConfig config) {
        return new NodeWeights(config.node());
    }

    @Produces
    @Singleton
    EdgeWeights edgeWeights(MemoryConfig config) {
        return new EdgeWeights(config.edge());
    }

    @Produces
    @Singleton
    Layers layers(MemoryConfig config) {
        return new Layers(config.edge());
    }
}
