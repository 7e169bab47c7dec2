package dev.brain.memory.longterm.weights;

import java.util.Map;

import dev.brain.memory.config.MemoryConfig;

/**
 * The edge weight computation of memory.md §5.3: the winner layer's factor scales both anchors, the other
 * firing layers add a bonus, the sinus pulls shape the two directions, depth interpolates from the weaker
 * node's floor, and the raw weights are damped like node anchors.
 */
public final class EdgeWeights {

    /** Both directed edges of a pair X, Y. */
    public record Pair(double rawXY, double rawYX, double absoluteXY, double absoluteYX) {
    }

    private final MemoryConfig.Edge edge;

    public EdgeWeights(MemoryConfig.Edge edge) {
        this.edge = edge;
    }

    public double factor(Layer layer) {
        return switch (layer) {
            case ENTITY -> edge.factor().entity();
            case EMBEDDING -> edge.factor().embedding();
            case TOPICS -> edge.factor().topics();
            case TIMELINE -> edge.factor().timeline();
        };
    }

    /**
     * Weights of X→Y and Y→X from the absolute weights {@code a} (X) and {@code b} (Y) and the depth of every
     * firing layer (at least one).
     */
    public Pair compute(double a, double b, Map<Layer, Double> depths) {
        if (depths.isEmpty()) {
            throw new IllegalArgumentException("no layer fires: there is no edge");
        }
        Layer winner = null;
        for (Layer layer : Layer.values()) {
            if (depths.containsKey(layer) && (winner == null || factor(layer) > factor(winner))) {
                winner = layer;
            }
        }
        double f = factor(winner);
        double d = Math.max(0, Math.min(1, depths.get(winner)));
        double bonus = edge.layerBonus() * (depths.size() - 1);
        double lo = Math.min(a, b) * f + bonus;
        double hi = Math.max(a, b) * f + bonus;
        double up = lo + (hi - lo) * edge.pullUp();
        double down = hi - (hi - lo) * edge.pullDown();
        double weakerToStronger = lo + (up - lo) * d;
        double strongerToWeaker = lo + (down - lo) * d;
        // a = b: hi = lo, both directions are lo
        double rawXY = a <= b ? weakerToStronger : strongerToWeaker;
        double rawYX = a <= b ? strongerToWeaker : weakerToStronger;
        return new Pair(rawXY, rawYX, absolute(rawXY), absolute(rawYX));
    }

    /** absolute = CAP × sin(min(raw / CAP, 1) × π/2) ^ EXP with the edge constants. */
    public double absolute(double raw) {
        return NodeWeights.damp(raw, edge.cap(), edge.dampingExponent());
    }

    /** The pull-up value of step 4 (weaker → stronger at depth 1, before damping). */
    public double up(double lo, double hi) {
        return lo + (hi - lo) * edge.pullUp();
    }

    /** The pull-down value of step 4 (stronger → weaker at depth 1, before damping). */
    public double down(double lo, double hi) {
        return hi - (hi - lo) * edge.pullDown();
    }
}
