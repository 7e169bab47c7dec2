package dev.brain.error.outbox;

import static dev.brain.wire.ProtoTime.timestamp;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

import dev.brain.db.jobs.AdvisoryLocks;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.outbox.repository.OutboxRepository;
import dev.brain.error.outbox.repository.OutboxRepository.Pending;
import dev.brain.grpc.v1.ApplySynapseEventsRequest;
import dev.brain.grpc.v1.ApplySynapseEventsResponse;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.SynapseEvent;
import dev.brain.grpc.v1.SynapseEventOp;
import dev.brain.grpc.v1.SynapseEventResult;
import dev.brain.grpc.v1.SynapseEventServiceGrpc;
import dev.brain.grpc.v1.SynapseEventStatus;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.tenancy.Tenancy;
import dev.brain.wire.WireNames;
import io.grpc.stub.MetadataUtils;
import io.quarkus.grpc.GrpcClient;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * Delivers outbox events to memory-service's {@code ApplySynapseEvents} (error-code.md §12.2): one relay per
 * database (transaction-scoped advisory lock), up to {@code outbox.batch} due rows in id order, locked with
 * {@code SKIP LOCKED}. Delivered rows get {@code delivered_at}; a failed call backs off
 * {@code min(2^attempts, 300)} s and gives up after {@code outbox.maxAttempts} ({@code dead_at}); an event
 * memory-service rejects as invalid is dead at once (it can never succeed). memory-service applies each
 * idempotency key once, so a redelivery after a lost answer is harmless.
 */
@ApplicationScoped
public class OutboxRelay {

    private static final long CALL_DEADLINE_SECONDS = 5;

    private final OutboxRepository outbox;
    private final AdvisoryLocks locks;
    private final ObjectMapper json;
    private final Clock clock;
    private final ErrorConfig config;
    private final SynapseEventServiceGrpc.SynapseEventServiceBlockingStub memory;

    public OutboxRelay(OutboxRepository outbox, AdvisoryLocks locks, ObjectMapper json, Clock clock, ErrorConfig config,
            @GrpcClient("memory") SynapseEventServiceGrpc.SynapseEventServiceBlockingStub memory) {
        this.outbox = outbox;
        this.locks = locks;
        this.json = json;
        this.clock = clock;
        this.config = config;
        this.memory = memory;
    }

    /** What one relay pass did. */
    public record Pass(int delivered, int failed, int dead) {
    }

    @Scheduled(every = "${brain.error.outbox.interval:1s}", delayed = "2s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        try {
            relayOnce();
        } catch (RuntimeException e) {
            Log.debugf("outbox relay pass failed: %s", e.getMessage());
        }
    }

    public Pass relayOnce() {
        return QuarkusTransaction.requiringNew().call(this::pass);
    }

    private Pass pass() {
        Instant now = clock.instant();
        if (!locks.tryInTransaction("error.outbox-relay")) {
            return new Pass(0, 0, 0);
        }
        List<Pending> due = outbox.due(now, config.outbox().batch());
        Map<String, List<Pending>> byTenant = new LinkedHashMap<>();
        due.forEach(p -> byTenant.computeIfAbsent(p.tenant(), t -> new ArrayList<>()).add(p));
        int delivered = 0;
        int failed = 0;
        int dead = 0;
        for (Map.Entry<String, List<Pending>> tenant : byTenant.entrySet()) {
            List<Pending> rows = tenant.getValue();
            ApplySynapseEventsResponse response;
            try {
                ApplySynapseEventsRequest.Builder request = ApplySynapseEventsRequest.newBuilder();
                rows.forEach(p -> request.addEvents(toProto(p.event())));
                response = memory.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(
                        Tenancy.metadataFor(tenant.getKey())))
                        .withDeadlineAfter(CALL_DEADLINE_SECONDS, TimeUnit.SECONDS)
                        .applySynapseEvents(request.build());
            } catch (RuntimeException e) {
                String reason = oneLine(e);
                for (Pending p : rows) {
                    dead += backOff(p, reason, now) ? 1 : 0;
                    failed++;
                }
                Log.debugf("memory-service did not take %d events of tenant %s: %s", rows.size(), tenant.getKey(),
                        reason);
                continue;
            }
            List<Long> taken = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                SynapseEventResult result = response.getResults(i);
                if (result.getStatus() == SynapseEventStatus.SYNAPSE_EVENT_STATUS_REJECTED) {
                    outbox.markRejected(rows.get(i).id(), result.getReason(), now);
                    dead++;
                } else {
                    taken.add(rows.get(i).id());
                }
            }
            if (!taken.isEmpty()) {
                // one statement for the batch: a row per event was a statement per report under load
                delivered += outbox.markDelivered(taken.toArray(Long[]::new), now);
            }
        }
        return new Pass(delivered, failed, dead);
    }

    /** Schedules the next attempt; true when the event gave up. */
    private boolean backOff(Pending p, String reason, Instant now) {
        int attempts = p.attempts() + 1;
        boolean dead = attempts >= config.outbox().maxAttempts();
        long delaySeconds = Math.min(1L << Math.min(attempts, 20), 300L);
        outbox.markFailed(p.id(), attempts, now.plusSeconds(delaySeconds), reason, dead ? now : null);
        return dead;
    }

    SynapseEvent toProto(String eventJson) {
        try {
            JsonNode e = json.readTree(eventJson);
            SynapseEvent.Builder b = SynapseEvent.newBuilder()
                    .setIdempotencyKey(e.path("idempotency_key").asText())
                    .setTenant(e.path("tenant").asText(""))
                    .setOp(WireNames.valueOf(SynapseEventOp.class, e.path("op").asText()))
                    .setProject(e.path("project").asText(""))
                    .setOccurredAt(timestamp(Instant.parse(e.path("occurred_at").asText())));
            if (e.hasNonNull("synapse_type")) {
                b.setSynapseType(WireNames.valueOf(SynapseType.class, e.get("synapse_type").asText()));
            }
            b.setSource(nodeRef(e.get("source"))).setSourceLabel(e.path("source").path("label").asText(""));
            if (e.hasNonNull("target")) {
                b.setTarget(nodeRef(e.get("target"))).setTargetLabel(e.path("target").path("label").asText(""));
            }
            if (e.hasNonNull("factor")) {
                b.setFactor(e.get("factor").asDouble());
            }
            if (e.hasNonNull("context")) {
                Struct.Builder context = Struct.newBuilder();
                JsonFormat.parser().merge(json.writeValueAsString(e.get("context")), context);
                b.setContext(context);
            }
            return b.build();
        } catch (JsonProcessingException | com.google.protobuf.InvalidProtocolBufferException e) {
            throw new IllegalStateException("outbox event is not valid: " + e.getMessage(), e);
        }
    }

    private static NodeRef nodeRef(JsonNode node) {
        return NodeRef.newBuilder()
                .setType(WireNames.valueOf(NodeType.class, node.path("type").asText()))
                .setId(node.path("id").asLong()).build();
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Re-queues dead events of a tenant (attempts reset). */
    public long retryDead(String tenant) {
        return QuarkusTransaction.requiringNew().call(() -> outbox.retryDead(tenant, OffsetDateTime.now(clock)));
    }
}
