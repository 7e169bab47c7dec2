package dev.brain.error.outbox;

import java.time.OffsetDateTime;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.error.db.Jdbc;

/**
 * Synapse events (error-code.md §12.1), written to table {@code outbox} in the transaction of their cause
 * ({@link Transactional.TxType#MANDATORY}): a rolled-back report leaves no event, a committed one always has
 * its event. {@link OutboxRelay} delivers them to memory-service.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Outbox {

    private final Jdbc jdbc;
    private final ObjectMapper json;

    public Outbox(Jdbc jdbc, ObjectMapper json) {
        this.jdbc = jdbc;
        this.json = json;
    }

    public void strengthen(String tenant, String project, String synapseType, Node source, Node target,
            Map<String, ?> context, OffsetDateTime now) {
        write(tenant, project, "strengthen", synapseType, source, target, 0, context, now);
    }

    public void weaken(String tenant, String project, String synapseType, Node source, Node target, double factor,
            OffsetDateTime now) {
        write(tenant, project, "weaken", synapseType, source, target, factor, null, now);
    }

    public void nodeDeleted(String tenant, Node node, OffsetDateTime now) {
        write(tenant, null, "node_deleted", null, node, null, 0, null, now);
    }

    private void write(String tenant, String project, String op, String synapseType, Node source, Node target,
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
        try {
            // the key names the row's own id, so the id is drawn first
            jdbc.update("""
                    with n as (select nextval(pg_get_serial_sequence('error.outbox', 'id')) as id)
                    insert into outbox (id, tenant, idempotency_key, event, created_at, next_attempt_at)
                    overriding system value
                    select n.id, ?, 'error-service:' || n.id,
                           jsonb_set(?::jsonb, '{idempotency_key}', to_jsonb('error-service:' || n.id)), ?, ?
                    from n""", tenant, json.writeValueAsString(event), now, now);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private ObjectNode node(Node n) {
        return json.createObjectNode().put("type", n.type()).put("id", n.id()).put("label", n.label());
    }
}
