package dev.brain.memory.longterm.weights;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.brain.memory.config.MemoryConfig;

/**
 * Evaluates the four layers for a node pair (memory.md §5.1), all four, no short-circuit, and derives the
 * layer depths again from an edge's frozen fields (Trigger 2, §5.6).
 */
public final class Layers {

    /**
     * The frozen character of an edge pair (§5.5): reasons in layer order, shared entity ids, shared topics
     * (display form of the first node), timeline distance and precision (when the timeline layer fired), the
     * cosine at creation, and the depth of every firing layer.
     */
    public record Firing(List<Layer> reasons, List<Long> sharedEntityIds, List<String> sharedTopics,
            Double timelineDistance, Precision timelinePrecision, double embeddingCosine, Map<Layer, Double> depths) {

        public boolean fires() {
            return !reasons.isEmpty();
        }

        public int layerCount() {
            return reasons.size();
        }
    }

    private final MemoryConfig.Edge edge;
    private final Timeline timeline;

    public Layers(MemoryConfig.Edge edge) {
        this.edge = edge;
        this.timeline = new Timeline(edge);
    }

    public Timeline timeline() {
        return timeline;
    }

    /** All four layers for X and Y with their embedding cosine. */
    public Firing evaluate(LayerData x, LayerData y, double cosine) {
        Set<Long> yEntities = Set.copyOf(y.entityIds());
        List<Long> sharedEntities = x.entityIds().stream().filter(yEntities::contains).distinct().toList();
        Set<String> yTopics = Set.copyOf(y.topicKeys());
        List<String> sharedTopics = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < x.topicKeys().size(); i++) {
            String key = x.topicKeys().get(i);
            if (yTopics.contains(key) && seen.add(key)) {
                sharedTopics.add(x.topics().get(i));
            }
        }
        Double distance = timeline.firingDistance(x.time(), y.time()).orElse(null);
        Precision precision = distance == null ? null : x.time().precision();
        Map<Layer, Double> depths = depths(!sharedEntities.isEmpty(), cosine, sharedTopics.size(),
                x.topicKeys().size(), y.topicKeys().size(), distance, precision);
        return new Firing(List.copyOf(depths.keySet()), sharedEntities, List.copyOf(sharedTopics), distance, precision,
                cosine, depths);
    }

    /**
     * The depth of every firing layer from the frozen fields and the current configuration: entity 1;
     * embedding (cos − t) / (1 − t) when cos ≥ t; topics shared / max(|X|, |Y|); timeline (tol − dist) / tol.
     * Depths are clamped to [0, 1]; the map iterates in layer order.
     */
    public Map<Layer, Double> depths(boolean sharesEntity, double cosine, int sharedTopics, int topicsX, int topicsY,
            Double timelineDistance, Precision timelinePrecision) {
        Map<Layer, Double> depths = new EnumMap<>(Layer.class);
        if (sharesEntity) {
            depths.put(Layer.ENTITY, 1.0);
        }
        double t = edge.embeddingThreshold();
        if (cosine >= t) {
            depths.put(Layer.EMBEDDING, clamp((cosine - t) / (1 - t)));
        }
        if (sharedTopics > 0) {
            depths.put(Layer.TOPICS, clamp((double) sharedTopics / Math.max(topicsX, topicsY)));
        }
        if (timelineDistance != null) {
            double tol = timeline.tolerance(timelinePrecision);
            depths.put(Layer.TIMELINE, clamp((tol - timelineDistance) / tol));
        }
        return depths;
    }

    /**
     * Depths of the frozen {@code reasons} only (Trigger 2): a reason whose frozen data no longer passes the
     * current configuration (e.g. the embedding threshold was raised) keeps depth 0 rather than vanishing —
     * only Trigger 3 and the rebuild of Reembed rewrite reasons.
     */
    public Map<Layer, Double> frozenDepths(List<Layer> reasons, double cosine, int sharedTopics, int topicsX,
            int topicsY, Double timelineDistance, Precision timelinePrecision) {
        Map<Layer, Double> all = depths(reasons.contains(Layer.ENTITY), cosine, sharedTopics, topicsX, topicsY,
                reasons.contains(Layer.TIMELINE) ? timelineDistance : null, timelinePrecision);
        Map<Layer, Double> frozen = new EnumMap<>(Layer.class);
        for (Layer reason : reasons) {
            frozen.put(reason, all.getOrDefault(reason, 0.0));
        }
        return frozen;
    }

    private static double clamp(double depth) {
        return Math.max(0, Math.min(1, depth));
    }
}
