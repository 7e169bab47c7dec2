package dev.brain.research.knowledge.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.NodeConstants;

/**
 * The three-stage weights of a library entry (research.md §2.4) with memory's node constants: raw = initial
 * salience (+ boost per reinforcement), absolute = cap·sin(min(raw/cap, 1)·π/2)^exp, decay = absolute·e^(−rate·days).
 */
@ApplicationScoped
public class KnowledgeWeights {

    private final NodeConstants node;

    public KnowledgeWeights(NodeConstants node) {
        this.node = node;
    }

    /** A(raw). */
    public double absolute(double raw) {
        return node.cap() * Math.pow(Math.sin(Math.min(raw / node.cap(), 1.0) * Math.PI / 2), node.dampingExponent());
    }

    /** The raw weight after one more reinforcement. */
    public double reinforced(double raw) {
        return raw + node.reinforcementBoost();
    }

    /** The decay weight {@code days} (fractional) after the last reinforcement. */
    public double decayed(double absolute, double days) {
        return absolute * Math.exp(-node.decayRate() * days);
    }

    public double decayRate() {
        return node.decayRate();
    }

    public double minWeight() {
        return node.minWeight();
    }
}
