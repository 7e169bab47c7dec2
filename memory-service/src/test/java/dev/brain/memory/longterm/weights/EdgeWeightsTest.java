package dev.brain.memory.longterm.weights;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Golden vectors of memory.md §5.4 (tolerance 1e-4 or tighter, no intermediate rounding). */
class EdgeWeightsTest {

    private final EdgeWeights edges = new EdgeWeights(Configs.defaults().edge());
    private final Layers layers = new Layers(Configs.defaults().edge());

    @Test
    void pureGeometryTable() {
        double[] up = { 4.440, 4.996, 5.552, 6.108, 6.664, 7.220, 7.776, 8.332, 8.888, 9.444 };
        double[] down = { 7.030, 7.327, 7.624, 7.921, 8.218, 8.515, 8.812, 9.109, 9.406, 9.703 };
        for (int lo = 0; lo <= 9; lo++) {
            assertEquals(up[lo], edges.up(lo, 10), 1e-9, "up at lo " + lo);
            assertEquals(down[lo], edges.down(lo, 10), 1e-9, "down at lo " + lo);
            // through compute: f = 1 (entity), d = 1, n = 1, weaker X with a = lo, stronger Y with b = 10
            EdgeWeights.Pair pair = edges.compute(lo, 10, Map.of(Layer.ENTITY, 1.0));
            assertEquals(up[lo], pair.rawXY(), 1e-9);
            assertEquals(down[lo], pair.rawYX(), 1e-9);
        }
    }

    @Test
    void example1TimelineOnly() {
        TimeRef x = new TimeRef(Instant.parse("2026-03-01T10:00:00Z"), Precision.DAY);
        TimeRef y = new TimeRef(Instant.parse("2026-03-05T23:00:00Z"), Precision.DAY);
        Layers.Firing firing = layers.evaluate(data(List.of(), List.of(), x), data(List.of(), List.of(), y), 0.1);
        assertEquals(List.of(Layer.TIMELINE), firing.reasons());
        assertEquals(4.0, firing.timelineDistance());
        assertEquals(17.0 / 21, firing.depths().get(Layer.TIMELINE), 1e-6);
        EdgeWeights.Pair pair = edges.compute(0.7, 5.0, firing.depths());
        assertEquals(0.898217, pair.rawXY(), 1e-6);
        assertEquals(1.258844, pair.rawYX(), 1e-6);
        assertEquals(3.749986, pair.absoluteXY(), 1e-6);
        assertEquals(4.432298, pair.absoluteYX(), 1e-6);
    }

    @Test
    void example2TimelineAndEmbedding() {
        TimeRef x = new TimeRef(Instant.parse("2026-03-01T10:00:00Z"), Precision.DAY);
        TimeRef y = new TimeRef(Instant.parse("2026-03-05T10:00:00Z"), Precision.DAY);
        Layers.Firing firing = layers.evaluate(data(List.of(), List.of(), x), data(List.of(), List.of(), y), 0.90);
        assertEquals(List.of(Layer.EMBEDDING, Layer.TIMELINE), firing.reasons());
        assertEquals(0.35 / 0.45, firing.depths().get(Layer.EMBEDDING), 1e-6);
        EdgeWeights.Pair pair = edges.compute(0.7, 5.0, firing.depths());
        assertEquals(1.847947, pair.rawXY(), 1e-6);
        assertEquals(2.540916, pair.rawYX(), 1e-6);
        assertEquals(5.349911, pair.absoluteXY(), 1e-6);
        assertEquals(6.233885, pair.absoluteYX(), 1e-6);
    }

    @Test
    void example2AtTheSeedThresholdReadsTheThresholdFromConfiguration() {
        Layers seed = new Layers(Configs.longTerm(Map.of("brain.memory.edge.embedding-threshold", "0.85")).edge());
        EdgeWeights seedEdges = new EdgeWeights(
                Configs.longTerm(Map.of("brain.memory.edge.embedding-threshold", "0.85")).edge());
        TimeRef x = new TimeRef(Instant.parse("2026-03-01T10:00:00Z"), Precision.DAY);
        TimeRef y = new TimeRef(Instant.parse("2026-03-05T10:00:00Z"), Precision.DAY);
        Layers.Firing firing = seed.evaluate(data(List.of(), List.of(), x), data(List.of(), List.of(), y), 0.90);
        assertEquals(1.0 / 3, firing.depths().get(Layer.EMBEDDING), 1e-9);
        EdgeWeights.Pair pair = seedEdges.compute(0.7, 5.0, firing.depths());
        assertEquals(1.169120, pair.rawXY(), 1e-6);
        assertEquals(1.466107, pair.rawYX(), 1e-6);
        assertEquals(4.273341, pair.absoluteXY(), 1e-6);
        assertEquals(4.777711, pair.absoluteYX(), 1e-6);
    }

    @Test
    void example3EntityOnly() {
        Layers.Firing firing = layers.evaluate(data(List.of(7L), List.of(), null), data(List.of(7L, 9L), List.of(), null), 0.2);
        assertEquals(List.of(Layer.ENTITY), firing.reasons());
        assertEquals(List.of(7L), firing.sharedEntityIds());
        EdgeWeights.Pair pair = edges.compute(0.7, 5.0, firing.depths());
        assertEquals(2.6092, pair.rawXY(), 1e-6);
        assertEquals(3.7229, pair.rawYX(), 1e-6);
        assertEquals(6.312478, pair.absoluteXY(), 1e-6);
        assertEquals(7.429844, pair.absoluteYX(), 1e-6);
        // the stronger node's direction is the stronger edge, whichever side it is on
        EdgeWeights.Pair swapped = edges.compute(5.0, 0.7, firing.depths());
        assertEquals(pair.rawYX(), swapped.rawXY(), 1e-12);
        assertEquals(pair.rawXY(), swapped.rawYX(), 1e-12);
    }

    @Test
    void example4AllFourLayersEntityWins() {
        NodeWeights nodes = new NodeWeights(Configs.defaults().node());
        TimeRef t = new TimeRef(Instant.parse("2026-03-01T10:00:00Z"), Precision.MONTH);
        Layers.Firing firing = layers.evaluate(data(List.of(1L), List.of("anna"), t), data(List.of(1L), List.of("anna"), t),
                0.7);
        assertEquals(List.of(Layer.ENTITY, Layer.EMBEDDING, Layer.TOPICS, Layer.TIMELINE), firing.reasons());
        assertEquals(4, firing.layerCount());
        EdgeWeights.Pair pair = edges.compute(nodes.anchor(0.8), nodes.anchor(0.95), firing.depths());
        assertEquals(3.980353, pair.rawXY(), 1e-6);
        assertEquals(4.062084, pair.rawYX(), 1e-6);
        assertEquals(7.650397, pair.absoluteXY(), 1e-6);
        assertEquals(7.717816, pair.absoluteYX(), 1e-6);
    }

    @Test
    void equalAnchorsGiveBothEdgesTheFloor() {
        EdgeWeights.Pair pair = edges.compute(3.0, 3.0, Map.of(Layer.TOPICS, 0.5));
        assertEquals(1.5, pair.rawXY(), 1e-12);
        assertEquals(1.5, pair.rawYX(), 1e-12);
    }

    @Test
    void depthZeroCollapsesBothEdgesToTheFloorAndDownIsNeverBelowUp() {
        EdgeWeights.Pair flat = edges.compute(1.0, 6.0, Map.of(Layer.TIMELINE, 0.0));
        assertEquals(0.4, flat.rawXY(), 1e-12);
        assertEquals(0.4, flat.rawYX(), 1e-12);
        for (double lo = 0; lo <= 10; lo += 0.5) {
            assertTrue(edges.down(lo, 10) >= edges.up(lo, 10) - 1e-12);
        }
    }

    @Test
    void topicsDepthUsesTheLargerTopicCount() {
        List<String> ten = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        Layers.Firing firing = layers.evaluate(data(List.of(), ten, null), data(List.of(), List.of("a"), null), 0.0);
        assertEquals(List.of(Layer.TOPICS), firing.reasons());
        assertEquals(0.1, firing.depths().get(Layer.TOPICS), 1e-12);
        assertEquals(List.of("a"), firing.sharedTopics());
    }

    @Test
    void noLayerNoEdge() {
        Layers.Firing firing = layers.evaluate(data(List.of(1L), List.of("x"), null), data(List.of(2L), List.of("y"), null),
                0.5499);
        assertEquals(false, firing.fires());
    }

    @Test
    void frozenDepthsKeepEveryReasonEvenWhenTheThresholdMovedAway() {
        Map<Layer, Double> depths = layers.frozenDepths(List.of(Layer.EMBEDDING, Layer.TOPICS), 0.5, 1, 2, 4, null, null);
        assertEquals(Map.of(Layer.EMBEDDING, 0.0, Layer.TOPICS, 0.25), depths);
    }

    private static LayerData data(List<Long> entities, List<String> topics, TimeRef time) {
        return new LayerData(entities, topics, topics, time);
    }
}
