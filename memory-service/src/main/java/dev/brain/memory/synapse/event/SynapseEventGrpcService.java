package dev.brain.memory.synapse.event;

import java.util.ArrayList;
import java.util.List;

import dev.brain.grpc.v1.ApplySynapseEventsRequest;
import dev.brain.grpc.v1.ApplySynapseEventsResponse;
import dev.brain.grpc.v1.MutinySynapseEventServiceGrpc;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.SynapseEvent;
import dev.brain.grpc.v1.SynapseEventOp;
import dev.brain.grpc.v1.SynapseEventResult;
import dev.brain.grpc.v1.SynapseEventStatus;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.memory.synapse.mapping.SynapseMapper;
import dev.brain.memory.synapse.service.MemoryNodes;
import dev.brain.tenancy.Tenancy;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

/**
 * {@code SynapseEventService}: producers' events (error-service's outbox relay, research-service), each
 * applied in its own transaction; an invalid event is rejected alone with its reason while the rest apply.
 */
@GrpcService
public class SynapseEventGrpcService extends MutinySynapseEventServiceGrpc.SynapseEventServiceImplBase {

    static final int MAX_EVENTS = 1000;
    static final int MAX_KEY = 200;

    private final SynapseEventApplier applier;
    private final MemoryNodes memoryNodes;

    public SynapseEventGrpcService(SynapseEventApplier applier, MemoryNodes memoryNodes) {
        this.applier = applier;
        this.memoryNodes = memoryNodes;
    }

    @Override
    @Blocking
    public Uni<ApplySynapseEventsResponse> applySynapseEvents(ApplySynapseEventsRequest request) {
        return Uni.createFrom().item(() -> {
            String tenant = Tenancy.currentTenant();
            if (request.getEventsCount() > MAX_EVENTS) {
                throw Status.INVALID_ARGUMENT.withDescription("events: " + request.getEventsCount() + " events, at most "
                        + MAX_EVENTS + " per call").asRuntimeException();
            }
            List<SynapseEventResult> results = new ArrayList<>();
            for (SynapseEvent event : request.getEventsList()) {
                String problem = problem(tenant, event);
                results.add(problem != null ? rejected(event, problem) : applier.apply(tenant, event));
            }
            return ApplySynapseEventsResponse.newBuilder().addAllResults(results).build();
        });
    }

    /** Why the event cannot be applied, or null. */
    private String problem(String tenant, SynapseEvent event) {
        String key = event.getIdempotencyKey();
        if (key.isBlank() || key.length() > MAX_KEY) {
            return "idempotency_key: 1-" + MAX_KEY + " characters required";
        }
        if (!event.getTenant().isEmpty() && !event.getTenant().equals(tenant)) {
            return "tenant: '" + event.getTenant() + "' is not the caller's tenant";
        }
        if (event.getOp() == SynapseEventOp.SYNAPSE_EVENT_OP_UNSPECIFIED || event.getOp() == SynapseEventOp.UNRECOGNIZED) {
            return "op: strengthen, weaken or node_deleted required";
        }
        String source = node(event.getSource(), "source");
        if (source != null) {
            return source;
        }
        if (event.getOp() == SynapseEventOp.SYNAPSE_EVENT_OP_NODE_DELETED) {
            return null;
        }
        String target = node(event.getTarget(), "target");
        if (target != null) {
            return target;
        }
        if (SynapseMapper.key(event.getSource()).equals(SynapseMapper.key(event.getTarget()))) {
            return "target: must differ from source";
        }
        if (event.getSynapseType() == SynapseType.SYNAPSE_TYPE_UNSPECIFIED
                || event.getSynapseType() == SynapseType.UNRECOGNIZED) {
            return "synapse_type: required";
        }
        if (event.getOp() == SynapseEventOp.SYNAPSE_EVENT_OP_WEAKEN && event.getFactor() != 0
                && !(event.getFactor() > 0 && event.getFactor() < 1)) {
            return "factor: " + event.getFactor() + " is outside (0,1)";
        }
        if (event.getOp() == SynapseEventOp.SYNAPSE_EVENT_OP_STRENGTHEN) {
            try {
                memoryNodes.requireExisting(tenant, SynapseMapper.key(event.getSource()), "source");
                memoryNodes.requireExisting(tenant, SynapseMapper.key(event.getTarget()), "target");
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.NOT_FOUND) {
                    throw e;
                }
                return e.getStatus().getDescription();
            }
        }
        return null;
    }

    private static String node(NodeRef ref, String field) {
        if (ref.getType() == NodeType.NODE_TYPE_UNSPECIFIED || ref.getType() == NodeType.UNRECOGNIZED) {
            return field + ".type: a node type is required";
        }
        return ref.getId() > 0 ? null : field + ".id: must be > 0";
    }

    private static SynapseEventResult rejected(SynapseEvent event, String reason) {
        return SynapseEventResult.newBuilder().setIdempotencyKey(event.getIdempotencyKey())
                .setStatus(SynapseEventStatus.SYNAPSE_EVENT_STATUS_REJECTED).setReason(reason).build();
    }
}
