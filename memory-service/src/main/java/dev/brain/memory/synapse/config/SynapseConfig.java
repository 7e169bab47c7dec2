package dev.brain.memory.synapse.config;

import java.time.Duration;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Constants of the synapse network (memory.md §2, §15), each with the spec's default. */
@ConfigMapping(prefix = "brain.memory.synapses")
public interface SynapseConfig {

    /** Weight of a new synapse. */
    @WithDefault("0.1")
    double initialWeight();

    /** Hebbian rate: w' = w + (1 − w) × rate. */
    @WithDefault("0.15")
    double learningRate();

    /** A synapse whose weight falls below this is deleted. */
    @WithDefault("0.05")
    double pruneThreshold();

    /** Default factor of {@code Weaken}. */
    @WithDefault("0.5")
    double weakenFactor();

    /** Default factor of a weaken event (solution failure). */
    @WithDefault("0.7")
    double failureWeakenFactor();

    /** Synapses idle at least this many days decay. */
    @WithDefault("14")
    double decayAfterDays();

    /** weight = base_weight × 0.5^(idle days / half-life). */
    @WithDefault("45")
    double decayHalfLifeDays();

    /** When the daily decay runs (Quartz cron). */
    @WithDefault("0 45 3 * * ?")
    String decayCron();

    /** How long an event's idempotency key is remembered. */
    @WithDefault("7d")
    Duration eventIdRetention();

    Activation activation();

    Path path();

    Stats stats();

    interface Activation {
        @WithDefault("3")
        int maxDepth();

        @WithDefault("0.2")
        double minWeight();

        @WithDefault("100")
        int maxResults();
    }

    interface Path {
        @WithDefault("5")
        int maxDepth();

        /** Most nodes one FindPath may expand before it answers RESOURCE_EXHAUSTED. */
        @WithDefault("20000")
        int maxExpansions();

        /**
         * Synapses of a node and side one expansion takes (strongest first); the rest are read, a page at a time,
         * only when a walk through them could still be the strongest.
         */
        @WithDefault("64")
        int pageSize();

        /**
         * How long one FindPath may search (below the gateway's 2 s deadline, and short enough that the web view's
         * path page stays within its second): then the strongest walk seen, marked partial, or RESOURCE_EXHAUSTED.
         */
        @WithDefault("700ms")
        Duration budget();
    }

    interface Stats {
        @WithDefault("0.7")
        double strongThreshold();

        @WithDefault("0.2")
        double weakThreshold();

        /** How long the statistics' statements may take together; beyond, GetStats answers RESOURCE_EXHAUSTED. */
        @WithDefault("700ms")
        Duration budget();

        /**
         * A tenant with more synapses is not counted at all (RESOURCE_EXHAUSTED at once): counting 100,000 takes
         * longer than the budget on 2 cores, and the attempt kept both cores busy for the whole budget, which slowed
         * every other statement of a status page that waited for it.
         */
        @WithDefault("100000")
        long maxSynapses();
    }
}
