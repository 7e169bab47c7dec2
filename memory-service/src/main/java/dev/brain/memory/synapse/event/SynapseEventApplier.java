package dev.brain.memory.synapse.event;

import java.time.Clock;
import java.time.OffsetDateTime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;

import dev.brain.grpc.v1.SynapseEvent;
import dev.brain.grpc.v1.SynapseEventResult;
import dev.brain.grpc.v1.SynapseEventStatus;
import dev.brain.memory.synapse.NodeKey;
import dev.brain.memory.synapse.config.SynapseConfig;
import dev.brain.memory.synapse.mapping.SynapseMapper;
import dev.brain.memory.synapse.repository.SynapseEventRepository;
import dev.brain.memory.synapse.service.SynapseNetwork;

/**
 * Applies one validated synapse event in its own transaction, exactly once per idempotency key: the key is
 * claimed first ({@code insert … on conflict do nothing}); a key seen before returns the stored result and
 * changes nothing (memory.md §2.7).
 */
@ApplicationScoped
public class SynapseEventApplier {

    private final SynapseEventRepository events;
    private final SynapseNetwork network;
    private final SynapseConfig config;
    private final Clock clock;

    public SynapseEventApplier(SynapseEventRepository events, SynapseNetwork network, SynapseConfig config,
            Clock clock) {
        this.events = events;
        this.network = network;
        this.config = config;
        this.clock = clock;
    }

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public SynapseEventResult apply(String tenant, SynapseEvent event) {
        OffsetDateTime now = OffsetDateTime.now(clock);
        String key = event.getIdempotencyKey();
        if (!events.claim(tenant, key, now)) {
            return stored(tenant, key).toBuilder().setStatus(SynapseEventStatus.SYNAPSE_EVENT_STATUS_REPLAYED).build();
        }
        SynapseEventResult.Builder result = SynapseEventResult.newBuilder().setIdempotencyKey(key)
                .setStatus(SynapseEventStatus.SYNAPSE_EVENT_STATUS_APPLIED);
        NodeKey source = SynapseMapper.key(event.getSource());
        switch (event.getOp()) {
            case SYNAPSE_EVENT_OP_STRENGTHEN -> result.addSynapses(SynapseMapper.toProto(network.strengthen(tenant, source,
                    SynapseMapper.label(event.getSourceLabel()), SynapseMapper.key(event.getTarget()),
                    SynapseMapper.label(event.getTargetLabel()), SynapseMapper.synapseType(event.getSynapseType()),
                    SynapseMapper.json(event.getContext())).synapse()));
            case SYNAPSE_EVENT_OP_WEAKEN -> {
                double factor = event.getFactor() == 0 ? config.failureWeakenFactor() : event.getFactor();
                network.findByKey(tenant, source, SynapseMapper.key(event.getTarget()),
                        SynapseMapper.synapseType(event.getSynapseType()))
                        .flatMap(existing -> network.weaken(tenant, existing.id(), factor))
                        .ifPresent(weakened -> {
                            if (weakened.deleted()) {
                                result.addDeletedIds(weakened.id());
                            } else {
                                result.addSynapses(SynapseMapper.toProto(weakened.synapse().orElseThrow()));
                            }
                        });
            }
            case SYNAPSE_EVENT_OP_NODE_DELETED -> result.addAllDeletedIds(network.deleteNode(tenant, source));
            default -> throw new IllegalStateException("unvalidated op " + event.getOp());
        }
        SynapseEventResult applied = result.build();
        store(tenant, key, applied);
        return applied;
    }

    private void store(String tenant, String key, SynapseEventResult result) {
        String json;
        try {
            json = JsonFormat.printer().omittingInsignificantWhitespace().print(result);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("cannot store the result of event " + key, e);
        }
        events.storeResult(tenant, key, json);
    }

    private SynapseEventResult stored(String tenant, String key) {
        String json = events.result(tenant, key);
        SynapseEventResult.Builder result = SynapseEventResult.newBuilder();
        try {
            JsonFormat.parser().merge(json, result);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored result of event " + key + " is unreadable", e);
        }
        return result.setIdempotencyKey(key).build();
    }
}
