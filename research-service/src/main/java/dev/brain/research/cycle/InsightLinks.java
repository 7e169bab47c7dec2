package dev.brain.research.cycle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.grpc.v1.ApplySynapseEventsRequest;
import dev.brain.grpc.v1.ApplySynapseEventsResponse;
import dev.brain.grpc.v1.CreateNotificationRequest;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.NotificationType;
import dev.brain.grpc.v1.SynapseEvent;
import dev.brain.grpc.v1.SynapseEventOp;
import dev.brain.grpc.v1.SynapseEventStatus;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.research.clients.ErrorServices;
import dev.brain.research.clients.MemoryServices;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightStore.Stored;
import dev.brain.wire.ProtoTime;
import dev.brain.wire.WireNames;
import io.grpc.StatusRuntimeException;
import io.quarkus.logging.Log;

/**
 * Links every new or changed insight into the synapse network and announces it (research.md §1.2): a
 * {@code derived_from} STRENGTHEN from the insight to each node of its evidence (and {@code generalizes} to each
 * module of a template candidate), sent to memory-service's batch intake in calls of at most 1,000 events with
 * idempotency keys {@code research-service:insight:<id>:<updated_at ms>:<synapse type>:<node type>:<node id>}; and a
 * {@code learning_insight} notification through error-service (reference INSIGHT, dedup key {@code insight:<id>}).
 * A failing dependency is counted, never fatal: the insights stay stored.
 */
@ApplicationScoped
public class InsightLinks {

    static final int MAX_EVENTS_PER_CALL = 1000;
    static final int MAX_LABEL = 120;

    private final MemoryServices memory;
    private final ErrorServices errors;

    public InsightLinks(MemoryServices memory, ErrorServices errors) {
        this.memory = memory;
        this.errors = errors;
    }

    /** Links and notifies the changed ones of {@code stored}; counts synapse_events_sent/failed, notifications_sent/failed. */
    public Map<String, Long> link(String tenant, List<Stored> stored) {
        List<Stored> changed = stored.stream().filter(Stored::changed).toList();
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("synapse_events_sent", 0L);
        counts.put("synapse_events_failed", 0L);
        counts.put("notifications_sent", 0L);
        counts.put("notifications_failed", 0L);
        List<SynapseEvent> events = new ArrayList<>();
        for (Stored s : changed) {
            events.addAll(events(s));
        }
        for (int from = 0; from < events.size(); from += MAX_EVENTS_PER_CALL) {
            List<SynapseEvent> batch = events.subList(from, Math.min(events.size(), from + MAX_EVENTS_PER_CALL));
            try {
                ApplySynapseEventsResponse r = memory.synapseEvents(tenant)
                        .applySynapseEvents(ApplySynapseEventsRequest.newBuilder().addAllEvents(batch).build());
                long rejected = r.getResultsList().stream()
                        .filter(x -> x.getStatus() == SynapseEventStatus.SYNAPSE_EVENT_STATUS_REJECTED).count();
                counts.merge("synapse_events_sent", (long) batch.size() - rejected, Long::sum);
                counts.merge("synapse_events_failed", rejected, Long::sum);
            } catch (StatusRuntimeException e) {
                Log.warnf("insight links of %s: %d synapse events not sent (%s)", tenant, batch.size(), e.getStatus());
                counts.merge("synapse_events_failed", (long) batch.size(), Long::sum);
            }
        }
        for (Stored s : changed) {
            try {
                errors.notifications(tenant).createNotification(CreateNotificationRequest.newBuilder()
                        .setType(NotificationType.NOTIFICATION_TYPE_LEARNING_INSIGHT)
                        .setReferenceType(NodeType.NODE_TYPE_INSIGHT).setReferenceId(s.id())
                        .setSummary(s.draft().title()).setDedupKey("insight:" + s.id()).build());
                counts.merge("notifications_sent", 1L, Long::sum);
            } catch (StatusRuntimeException e) {
                Log.warnf("insight %d of %s: notification not sent (%s)", s.id(), tenant, e.getStatus());
                counts.merge("notifications_failed", 1L, Long::sum);
            }
        }
        return counts;
    }

    /** The STRENGTHEN events of one stored insight: derived_from to its evidence nodes, generalizes to its modules. */
    static List<SynapseEvent> events(Stored s) {
        List<SynapseEvent> events = new ArrayList<>();
        InsightDraft d = s.draft();
        for (NodeRef target : d.evidenceNodes()) {
            events.add(event(s, SynapseType.SYNAPSE_TYPE_DERIVED_FROM, target));
        }
        for (NodeRef target : d.generalizes()) {
            events.add(event(s, SynapseType.SYNAPSE_TYPE_GENERALIZES, target));
        }
        return events;
    }

    static SynapseEvent event(Stored s, SynapseType type, NodeRef target) {
        String title = s.draft().title();
        return SynapseEvent.newBuilder()
                .setIdempotencyKey("research-service:insight:" + s.id() + ":" + s.at().toEpochMilli() + ":"
                        + WireNames.of(type) + ":" + WireNames.of(target.getType()) + ":" + target.getId())
                .setOp(SynapseEventOp.SYNAPSE_EVENT_OP_STRENGTHEN).setSynapseType(type)
                .setSource(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_INSIGHT).setId(s.id()))
                .setSourceLabel(title.length() > MAX_LABEL ? title.substring(0, MAX_LABEL - 1) + "…" : title)
                .setTarget(target).setOccurredAt(ProtoTime.timestamp(s.at())).build();
    }
}
