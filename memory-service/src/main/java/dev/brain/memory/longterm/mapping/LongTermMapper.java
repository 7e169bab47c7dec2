package dev.brain.memory.longterm.mapping;

import static dev.brain.wire.ProtoTime.timestamp;

import java.util.List;
import java.util.Optional;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;

import dev.brain.grpc.v1.EdgeLayer;
import dev.brain.grpc.v1.EmotionSector;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.LayerChangeSummary;
import dev.brain.grpc.v1.LongTermEdge;
import dev.brain.grpc.v1.LongTermNode;
import dev.brain.grpc.v1.MemoryPathStep;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.RecalledMemory;
import dev.brain.grpc.v1.ReinforceOutcome;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;
import dev.brain.grpc.v1.UsageProtocol.Builder;
import dev.brain.memory.longterm.layerchange.LayerChange;
import dev.brain.memory.longterm.read.ReadModel.Memory;
import dev.brain.memory.longterm.repository.EdgeRow;
import dev.brain.memory.longterm.repository.LongTermRepository.Step;
import dev.brain.memory.longterm.repository.NodeRow;
import dev.brain.memory.longterm.usage.UsageProtocol;
import dev.brain.wire.WireNames;

/** Long-term rows ↔ proto messages (memory.md §13); null columns become absent fields. */
public final class LongTermMapper {

    private LongTermMapper() {
    }

    public static LongTermNode toProto(NodeRow n) {
        LongTermNode.Builder b = LongTermNode.newBuilder().setId(n.id())
                .setPair(Pair.newBuilder().setUserId(n.userId()).setAgentId(n.agentId()))
                .setObserver(observer(n.observer())).setSourceKey(n.sourceKey()).setContent(n.content())
                .addAllTopics(n.topics()).addAllEntityIds(n.entityIds()).setEmotion(n.emotion())
                .setArousal(n.arousal()).setMetadata(struct(n.metadataJson()))
                .setEntryCreatedAt(timestamp(n.entryCreatedAt())).setRawWeight(n.rawWeight())
                .setAbsoluteWeight(n.absoluteWeight()).setDecayWeight(n.decayWeight()).setDecayBase(n.decayBase())
                .setDecayBaseAt(timestamp(n.decayBaseAt())).setFrequency(n.frequency()).setActive(n.active())
                .setCreatedAt(timestamp(n.createdAt())).setReinforcedAt(timestamp(n.reinforcedAt()));
        if (n.embedding() != null) {
            FloatVector.Builder v = FloatVector.newBuilder();
            for (float f : n.embedding()) {
                v.addValues(f);
            }
            b.setEmbedding(v);
        }
        if (n.timeAt() != null || n.timelineRef() != null) {
            TimeRef.Builder t = TimeRef.newBuilder();
            if (n.timeAt() != null) {
                t.setAt(timestamp(n.timeAt())).setPrecision(precision(n.timePrecision()));
            }
            if (n.timelineRef() != null) {
                t.setTimelineRef(n.timelineRef());
            }
            b.setTimeRef(t);
        }
        if (n.decayedAt() != null) {
            b.setDecayedAt(timestamp(n.decayedAt()));
        }
        if (n.reactivatedAt() != null) {
            b.setReactivatedAt(timestamp(n.reactivatedAt()));
        }
        return b.build();
    }

    public static LongTermEdge toProto(EdgeRow e) {
        LongTermEdge.Builder b = LongTermEdge.newBuilder().setId(e.id()).setFromNodeId(e.fromNodeId())
                .setToNodeId(e.toNodeId()).setRawWeight(e.rawWeight()).setAbsoluteWeight(e.absoluteWeight())
                .setCreatedAt(timestamp(e.createdAt())).addAllReasons(layers(e.reasons()))
                .addAllSharedEntityIds(e.sharedEntityIds()).addAllSharedTopics(e.sharedTopics())
                .setEmbeddingCosineInitial(e.embeddingCosineInitial()).setLayerCount(e.layerCount());
        if (e.recomputedAt() != null) {
            b.setRecomputedAt(timestamp(e.recomputedAt()));
        }
        if (e.timelineDistance() != null) {
            b.setTimelineDistance(e.timelineDistance()).setTimelinePrecision(precision(e.timelinePrecision()));
        }
        return b.build();
    }

    public static RecalledMemory toProto(Memory m) {
        RecalledMemory.Builder b = RecalledMemory.newBuilder().setRank(m.rank()).setNode(toProto(m.node()))
                .setShell(m.shell()).setSortWeight(m.sortWeight());
        for (Step s : m.path()) {
            b.addPath(MemoryPathStep.newBuilder().setFromNodeId(s.fromNodeId()).setToNodeId(s.toNodeId())
                    .setEdgeId(s.edgeId()).setEdgeAbsoluteWeight(s.absoluteWeight()).addAllReasons(layers(s.reasons()))
                    .addAllSharedEntityIds(s.sharedEntityIds()).addAllSharedTopics(s.sharedTopics()));
        }
        return b.build();
    }

    public static dev.brain.grpc.v1.UsageProtocol toProto(UsageProtocol p) {
        Builder b = dev.brain.grpc.v1.UsageProtocol.newBuilder().setTurnId(p.turnId()).setOutcome(outcome(p.outcome()))
                .setThreshold(p.threshold()).setCap(p.cap()).putAllCosines(p.cosines()).putAllReinforced(p.reinforced())
                .addAllRejectedBelowThreshold(p.rejectedBelowThreshold()).addAllRejectedByCap(p.rejectedByCap())
                .setEdgesRecomputed(p.edgesRecomputed()).addAllEdgeErrors(p.edgeErrors())
                .setEdgesDurationMs(p.edgesDurationMs()).setDurationMs(p.durationMs())
                .setError(p.error() == null ? "" : p.error());
        if (p.closestRejected() != null) {
            b.setClosestRejected(p.closestRejected());
        }
        return b.build();
    }

    public static ReinforceOutcome outcome(String outcome) {
        return WireNames.valueOf(ReinforceOutcome.class, outcome);
    }

    /** Wheel position (0 = joy) → sector; empty → NEUTRAL. */
    public static EmotionSector sector(Optional<Integer> position) {
        return position.map(p -> EmotionSector.forNumber(EmotionSector.EMOTION_SECTOR_JOY_VALUE + p))
                .orElse(EmotionSector.EMOTION_SECTOR_NEUTRAL);
    }

    public static Observer observer(String observer) {
        return "assistant".equals(observer) ? Observer.OBSERVER_ASSISTANT : Observer.OBSERVER_USER;
    }

    /** The stored observer name; null for UNSPECIFIED. */
    public static String observer(Observer observer) {
        return switch (observer) {
            case OBSERVER_USER -> "user";
            case OBSERVER_ASSISTANT -> "assistant";
            default -> null;
        };
    }

    static List<EdgeLayer> layers(List<String> reasons) {
        return reasons.stream().map(r -> WireNames.valueOf(EdgeLayer.class, r)).toList();
    }

    static TimePrecision precision(String precision) {
        return precision == null ? TimePrecision.TIME_PRECISION_UNSPECIFIED
                : WireNames.valueOf(TimePrecision.class, precision);
    }

    static Struct struct(String json) {
        Struct.Builder struct = Struct.newBuilder();
        try {
            JsonFormat.parser().merge(json == null ? "{}" : json, struct);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored node metadata is not a JSON object", e);
        }
        return struct.build();
    }

    /** Trigger 3's summary (§5.6). */
    public static LayerChangeSummary toProto(LayerChange.Summary s) {
        return LayerChangeSummary.newBuilder().setNodesUpdated(s.nodesUpdated()).setEntriesUpdated(s.entriesUpdated())
                .setEdgesRecomputed(s.edgesRecomputed()).setEdgesCreated(s.edgesCreated())
                .setEdgesDeleted(s.edgesDeleted()).build();
    }
}
