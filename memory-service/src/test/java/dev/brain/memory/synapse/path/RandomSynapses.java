package dev.brain.memory.synapse.path;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Random networks for the path tests, drawn the same way in memory ({@link PathSearchTest}) and in the database
 * ({@code StrongestPathPagesTest}), so one seed gives both the same network.
 */
public final class RandomSynapses {

    /** One synapse drawn: its endpoints (node ids), weight and base weight. */
    public record Drawn(int source, int target, double weight, double baseWeight) {
    }

    private RandomSynapses() {
    }

    /**
     * {@code count} distinct ordered pairs of nodes 1 … {@code nodes}, in the order drawn; {@code weights} a range
     * {low, high}, a third of the synapses decayed to 60 % of their base weight; or weights to draw from, none
     * decayed.
     */
    public static List<Drawn> draw(Random random, int nodes, int count, double[] weights) {
        List<Drawn> drawn = new ArrayList<>();
        Set<Long> pairs = new HashSet<>();
        while (drawn.size() < count) {
            int source = 1 + random.nextInt(nodes);
            int target = 1 + random.nextInt(nodes);
            if (source == target || !pairs.add(source * 1000L + target)) {
                continue;
            }
            boolean range = weights.length == 2;
            double base = range ? weights[0] + random.nextDouble() * (weights[1] - weights[0])
                    : weights[random.nextInt(weights.length)];
            double weight = range && random.nextInt(3) == 0 ? Math.max(0.05, base * 0.6) : base;
            drawn.add(new Drawn(source, target, weight, base));
        }
        return drawn;
    }
}
