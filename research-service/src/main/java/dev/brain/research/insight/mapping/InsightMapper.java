package dev.brain.research.insight.mapping;

import static dev.brain.wire.ProtoTime.timestamp;

import java.util.List;
import java.util.Map;

import dev.brain.grpc.v1.InsightPriority;
import dev.brain.grpc.v1.InsightStatus;
import dev.brain.grpc.v1.InsightType;
import dev.brain.grpc.v1.ProjectTrend;
import dev.brain.grpc.v1.TrendsResponse;
import dev.brain.research.insight.Insight;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.InsightState;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.Trends;
import dev.brain.research.insight.analysis.TrendAnalysis.ProjectChange;
import dev.brain.wire.WireNames;

/** Insight rows and trends ↔ proto (research.proto); UNSPECIFIED enums map to null (the caller's default). */
public final class InsightMapper {

    private InsightMapper() {
    }

    public static dev.brain.grpc.v1.Insight toProto(Insight i) {
        dev.brain.grpc.v1.Insight.Builder b = dev.brain.grpc.v1.Insight.newBuilder().setId(i.id())
                .setType(toProto(i.kind())).setTitle(i.title()).setDescription(i.description())
                .setEvidence(i.evidence()).setConfidence(i.confidence()).setActionable(i.actionable())
                .setActionOutcome(i.actionOutcome() == null ? "" : i.actionOutcome())
                .addAllAffectedProjects(i.affectedProjects()).setPriority(toProto(i.priority()))
                .setStatus(toProto(i.state())).setDedupKey(i.dedupKey());
        if (i.suggestedAction() != null) {
            b.setSuggestedAction(i.suggestedAction());
        }
        if (i.actionTaken() != null) {
            b.setActionTaken(i.actionTaken());
        }
        if (i.expiresAt() != null) {
            b.setExpiresAt(timestamp(i.expiresAt()));
        }
        if (i.createdAt() != null) {
            b.setCreatedAt(timestamp(i.createdAt()));
        }
        if (i.updatedAt() != null) {
            b.setUpdatedAt(timestamp(i.updatedAt()));
        }
        return b.build();
    }

    public static InsightType toProto(InsightKind kind) {
        return WireNames.valueOf(InsightType.class, kind.name());
    }

    public static InsightPriority toProto(Priority priority) {
        return WireNames.valueOf(InsightPriority.class, priority.name());
    }

    public static InsightStatus toProto(InsightState state) {
        return WireNames.valueOf(InsightStatus.class, state.name());
    }

    /** null for UNSPECIFIED / unknown values. */
    public static InsightKind kind(InsightType type) {
        return type == InsightType.INSIGHT_TYPE_UNSPECIFIED || type == InsightType.UNRECOGNIZED ? null
                : InsightKind.valueOf(WireNames.constant(type));
    }

    public static Priority priority(InsightPriority priority) {
        return priority == InsightPriority.INSIGHT_PRIORITY_UNSPECIFIED || priority == InsightPriority.UNRECOGNIZED ? null
                : Priority.valueOf(WireNames.constant(priority));
    }

    public static InsightState state(InsightStatus status) {
        return status == InsightStatus.INSIGHT_STATUS_UNSPECIFIED || status == InsightStatus.UNRECOGNIZED ? null
                : InsightState.valueOf(WireNames.constant(status));
    }

    /** The kinds of a request's types; an UNSPECIFIED or unknown entry is an error naming {@code types}. */
    public static List<InsightKind> kinds(List<InsightType> types) {
        return types.stream().map(t -> {
            InsightKind k = kind(t);
            if (k == null) {
                throw io.grpc.Status.INVALID_ARGUMENT.withDescription("types: " + t + " is not an insight type")
                        .asRuntimeException();
            }
            return k;
        }).toList();
    }

    public static TrendsResponse toProto(Trends.Result r) {
        Map<Long, String> names = r.names();
        TrendsResponse.Builder b = TrendsResponse.newBuilder().setWindowStart(timestamp(r.windowStart()))
                .setWindowEnd(timestamp(r.windowEnd())).setRecentSuccessRate(r.recentRates().getOverall().getRate())
                .setOverallSuccessRate(r.overallRates().getOverall().getRate()).setSuccessRateDeclining(r.declining());
        for (ProjectChange c : r.projects()) {
            ProjectTrend.Builder t = ProjectTrend.newBuilder().setProjectId(c.projectId())
                    .setProject(names.getOrDefault(c.projectId(), "")).setCurrent(c.current()).setPrevious(c.previous())
                    .setDirection(c.direction()).setNewErrors(c.newErrors());
            if (c.change() != null) {
                t.setChange(c.change());
            }
            b.addProjects(t);
        }
        return b.build();
    }
}
