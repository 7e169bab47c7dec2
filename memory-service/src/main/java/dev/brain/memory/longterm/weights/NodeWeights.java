package dev.brain.memory.longterm.weights;

import dev.brain.memory.config.MemoryConfig;

/** Node weights (memory.md §4.3, §8): the anchor A(raw) and the exponential daily decay. */
public final class NodeWeights {

    /** Days per year for the "years until" figures of §4.3. */
    public static final double DAYS_PER_YEAR = 365.25;

    private final MemoryConfig.Node node;

    public NodeWeights(MemoryConfig.Node node) {
        this.node = node;
    }

    /** A(raw) = CAP × sin(min(raw / CAP, 1) × π/2) ^ EXP. */
    public double anchor(double raw) {
        return damp(raw, node.cap(), node.dampingExponent());
    }

    /** The weight decay gives {@code base} after {@code days} (fractional) days. */
    public double decayed(double base, double days) {
        return base * Math.exp(-node.decayRate() * days);
    }

    /** Half-reactivation (§8.2): the new decay base of a node with this absolute weight. */
    public double halfReactivated(double absolute) {
        return (absolute + node.minWeight()) / 2;
    }

    /** Years until a node decays from {@code from} to {@code to}. */
    public double yearsUntil(double from, double to) {
        return Math.log(from / to) / node.decayRate() / DAYS_PER_YEAR;
    }

    public boolean active(double decayWeight) {
        return decayWeight >= node.minWeight();
    }

    /** The sinus damping shared by nodes and edges: cap × sin(min(x / cap, 1) × π/2) ^ exponent. */
    static double damp(double x, double cap, double exponent) {
        return cap * Math.pow(Math.sin(Math.min(x / cap, 1.0) * Math.PI / 2), exponent);
    }
}
