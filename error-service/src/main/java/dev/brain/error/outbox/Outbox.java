package dev.brain.error.outbox;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.error.outbox.repository.OutboxRepository;

/**
 * Synapse events (error-code.md §12.1), written to table {@code outbox} ({@link OutboxRepository}) in the
 * transaction of their cause ({@link Transactional.TxType#MANDATORY}): a rolled-back report leaves no event, a
 * committed one always has its event. {@link OutboxRelay} delivers them to memory-service.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Outbox {

    private final OutboxRepository outbox;
    private final ObjectMapper json;

    public Outbox(OutboxRepository outbox, ObjectMapper json) {
        this.outbox = outbox;
        this.json = json;
    }

    /** A {@code strengthen} event, written with others of its cause by {@link #strengthen(List, OffsetDateTime)}. */
    public record Strengthen(String tenant, String project, String synapseType, Node source, Node target,
            Map<String, ?> context) {
    }

    public void strengthen(String tenant, String project, String synapseType, Node source, Node target,
            Map<String, ?> context, OffsetDateTime now) {
        strengthen(List.of(new Strengthen(tenant, project, synapseType, source, target, context)), now);
    }

    /** Several events in one statement, in the given order (their ids, and so their delivery, follow it). */
    public void strengthen(List<Strengthen> events, OffsetDateTime now) {
        write(events.stream().map(e -> event(e.tenant(), e.project(), "strengthen", e.synapseType(), e.source(),
                e.target(), 0, e.context(), now)).toList(), now);
    }

    public void weaken(String tenant, String project, String synapseType, Node source, Node target, double factor,
            OffsetDateTime now) {
        write(List.of(event(tenant, project, "weaken", synapseType, source, target, factor, null, now)), now);
    }

    public void nodeDeleted(String tenant, Node node, OffsetDateTime now) {
        write(List.of(event(tenant, null, "node_deleted", null, node, null, 0, null, now)), now);
    }

    private ObjectNode event(String tenant, String project, String op, String synapseType, Node source, Node target,
            double factor, Map<String, ?> context, OffsetDateTime now) {
        ObjectNode event = json.createObjectNode();
        event.put("tenant", tenant);
        event.put("project", project);
        event.put("op", op);
        event.put("synapse_type", synapseType);
        event.set("source", node(source));
        event.set("target", target == null ? null : node(target));
        if (factor > 0) {
            event.put("factor", factor);
        }
        event.set("context", context == null ? null : json.valueToTree(context));
        event.put("occurred_at", now.toInstant().toString());
        return event;
    }

    private void write(List<ObjectNode> events, OffsetDateTime now) {
        if (events.isEmpty()) {
            return;
        }
        String[] tenants = events.stream().map(e -> e.get("tenant").asText()).toArray(String[]::new);
        String[] texts = new String[events.size()];
        try {
            for (int i = 0; i < texts.length; i++) {
                texts[i] = json.writeValueAsString(events.get(i));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        outbox.insert(tenants, texts, now);
    }

    private ObjectNode node(Node n) {
        return json.createObjectNode().put("type", n.type()).put("id", n.id()).put("label", n.label());
    }
}
