package dev.brain.memory.longterm.edges;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.memory.longterm.weights.EdgeWeights;
import dev.brain.memory.longterm.weights.Layers;

/**
 * The rows of a new edge pair as Trigger 1 builds them (memory.md §5.5, §5.6): both directions carry the same
 * frozen fields of the firing; X→Y takes {@code rawXY}, Y→X {@code rawYX}. Shared by promotion (Trigger 1) and
 * the edges Trigger 3 creates; the rows go to {@code NodeWriteRepository.insertEdges} in one statement.
 */
public final class EdgeRows {

    private EdgeRows() {
    }

    /** Appends X→Y and Y→X to {@code rows}. */
    public static void addPair(ArrayNode rows, long x, long y, EdgeWeights.Pair weights, Layers.Firing firing) {
        rows.add(row(x, y, weights.rawXY(), weights.absoluteXY(), firing));
        rows.add(row(y, x, weights.rawYX(), weights.absoluteYX(), firing));
    }

    /** One directed edge row with the firing's frozen fields. */
    public static ObjectNode row(long from, long to, double raw, double absolute, Layers.Firing f) {
        ObjectNode row = JsonNodeFactory.instance.objectNode().put("from_node_id", from).put("to_node_id", to)
                .put("raw_weight", raw).put("absolute_weight", absolute)
                .put("embedding_cosine_initial", f.embeddingCosine()).put("layer_count", f.layerCount());
        ArrayNode reasons = row.putArray("reasons");
        f.reasons().forEach(l -> reasons.add(l.dbName()));
        ArrayNode entities = row.putArray("shared_entity_ids");
        f.sharedEntityIds().forEach(entities::add);
        ArrayNode topics = row.putArray("shared_topics");
        f.sharedTopics().forEach(topics::add);
        if (f.timelineDistance() != null) {
            row.put("timeline_distance", f.timelineDistance()).put("timeline_precision", f.timelinePrecision().dbName());
        }
        return row;
    }
}
