package dev.brain.memory.longterm.usage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The protocol line of a usage decision (memory.md §7): every candidate's cosine, what was reinforced and
 * rejected why, the closest rejection, the Trigger 2 work and the durations. Stored as JSON in
 * {@code usage_decision.protocol} and written as the pipeline-log line; read back on replay.
 */
public record UsageProtocol(String turnId, String outcome, double threshold, int cap, Map<Long, Double> cosines,
        Map<Long, Double> reinforced, List<Long> rejectedBelowThreshold, List<Long> rejectedByCap,
        Double closestRejected, long edgesRecomputed, List<Long> edgeErrors, long edgesDurationMs, long durationMs,
        String error) {

    public String toJson(ObjectMapper json) {
        ObjectNode o = json.createObjectNode();
        o.put("turn_id", turnId);
        o.put("outcome", outcome);
        o.put("threshold", threshold);
        o.put("cap", cap);
        ObjectNode c = o.putObject("cosines");
        cosines.forEach((id, cos) -> c.put(Long.toString(id), cos));
        ObjectNode r = o.putObject("reinforced");
        reinforced.forEach((id, cos) -> r.put(Long.toString(id), cos));
        rejectedBelowThreshold.forEach(o.putArray("rejected_below_threshold")::add);
        rejectedByCap.forEach(o.putArray("rejected_by_cap")::add);
        if (closestRejected == null) {
            o.putNull("closest_rejected");
        } else {
            o.put("closest_rejected", closestRejected);
        }
        o.put("edges_recomputed", edgesRecomputed);
        edgeErrors.forEach(o.putArray("edge_errors")::add);
        o.put("edges_duration_ms", edgesDurationMs);
        o.put("duration_ms", durationMs);
        if (error == null) {
            o.putNull("error");
        } else {
            o.put("error", error);
        }
        return o.toString();
    }

    public static UsageProtocol fromJson(ObjectMapper json, String text) {
        try {
            JsonNode o = json.readTree(text);
            return new UsageProtocol(o.path("turn_id").asText(), o.path("outcome").asText(),
                    o.path("threshold").asDouble(), o.path("cap").asInt(), doubles(o.path("cosines")),
                    doubles(o.path("reinforced")), longs(o.path("rejected_below_threshold")),
                    longs(o.path("rejected_by_cap")),
                    o.path("closest_rejected").isNumber() ? o.path("closest_rejected").asDouble() : null,
                    o.path("edges_recomputed").asLong(), longs(o.path("edge_errors")),
                    o.path("edges_duration_ms").asLong(), o.path("duration_ms").asLong(),
                    o.path("error").isTextual() ? o.path("error").asText() : null);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("stored usage protocol is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static Map<Long, Double> doubles(JsonNode node) {
        Map<Long, Double> map = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> map.put(Long.valueOf(e.getKey()), e.getValue().asDouble()));
        return map;
    }

    private static List<Long> longs(JsonNode node) {
        List<Long> list = new ArrayList<>();
        node.forEach(v -> list.add(v.asLong()));
        return list;
    }
}
