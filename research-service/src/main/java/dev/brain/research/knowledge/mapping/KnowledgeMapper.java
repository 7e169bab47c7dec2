package dev.brain.research.knowledge.mapping;

import java.time.Instant;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.JobStep;
import dev.brain.grpc.v1.KnowledgeBlockInfo;
import dev.brain.grpc.v1.KnowledgeEntry;
import dev.brain.grpc.v1.KnowledgeHit;
import dev.brain.grpc.v1.KnowledgeType;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ResearchMode;
import dev.brain.grpc.v1.ResearchStatus;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.research.knowledge.files.KnowledgeDocument;
import dev.brain.research.knowledge.files.Markdown;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.research.knowledge.service.KnowledgeJobs;
import dev.brain.research.knowledge.service.KnowledgeSearch;

/** Library rows and results ↔ proto messages; the enum ↔ column-value tables of §2.2. */
public final class KnowledgeMapper {

    private KnowledgeMapper() {
    }

    public static KnowledgeEntry toProto(KnowledgeRow row) {
        KnowledgeEntry.Builder b = KnowledgeEntry.newBuilder().setId(row.id())
                .setPair(Pair.newBuilder().setUserId(row.userId()).setAgentId(row.agentId()))
                .setObserver(observer(row.observer())).setPath(row.path()).setTopic(row.topic())
                .setSummary(row.summary()).setType(type(row.type())).setMode(mode(row.mode()))
                .setStatus(status(row.status())).addAllKeywords(row.keywords()).addAllEntityIds(row.entityIds())
                .setInitialSalience(row.initialSalience()).setWeightRaw(row.weightRaw())
                .setWeightAbsolute(row.weightAbsolute()).setWeightDecay(row.weightDecay())
                .setFrequency(row.frequency()).setActive(row.active())
                .setVersion(row.version() == null ? "" : row.version());
        time(row.reinforcedAt(), b::setReinforcedAt);
        time(row.decayedAt(), b::setDecayedAt);
        time(row.createdAt(), b::setCreatedAt);
        time(row.updatedAt(), b::setUpdatedAt);
        return b.build();
    }

    public static KnowledgeHit toProto(KnowledgeSearch.Hit hit) {
        KnowledgeHit.Builder b = KnowledgeHit.newBuilder().setEntry(toProto(hit.entry())).setScore(hit.score())
                .setStage2Recommended(hit.stage2Recommended());
        if (hit.cosine() != null) {
            b.setCosine(hit.cosine());
        }
        return b.build();
    }

    public static SearchFootprint footprint(KnowledgeSearch.Result r) {
        SearchFootprint.Builder b = SearchFootprint.newBuilder().setStoreSize(r.storeSize())
                .setCandidatesConsidered(r.candidatesConsidered()).setThreshold(r.threshold()).setScope(r.scope());
        if (r.nearestScore() != null) {
            b.setNearestScore(r.nearestScore());
        }
        return b.build();
    }

    public static KnowledgeBlockInfo toProto(KnowledgeDocument.Section s) {
        return KnowledgeBlockInfo.newBuilder().setHeading(s.heading()).setLevel(s.level()).setChars(Markdown.chars(s.text()))
                .build();
    }

    public static JobRunResult toProto(KnowledgeJobs.Outcome o) {
        JobStatus status = jobStatus(o.status());
        JobRunResult.Builder b = JobRunResult.newBuilder().setJob(o.job()).setStatus(status).putAllCounts(o.counts())
                .setDurationMs(o.durationMs()).setRunId(o.runId()).setMessage(o.message());
        time(o.startedAt(), b::setStartedAt);
        time(o.finishedAt(), b::setFinishedAt);
        o.steps().forEach(s -> b.addSteps(JobStep.newBuilder().setName(s.name()).setStatus(JobStatus.JOB_STATUS_DONE)
                .putAllCounts(s.counts()).setDurationMs(s.durationMs())));
        return b.build();
    }

    static JobStatus jobStatus(String status) {
        return switch (status) {
            case KnowledgeJobs.DONE -> JobStatus.JOB_STATUS_DONE;
            case KnowledgeJobs.SKIPPED -> JobStatus.JOB_STATUS_SKIPPED_LOCKED;
            default -> JobStatus.JOB_STATUS_FAILED;
        };
    }

    public static Observer observer(String observer) {
        return "assistant".equals(observer) ? Observer.OBSERVER_ASSISTANT : Observer.OBSERVER_USER;
    }

    public static KnowledgeType type(String type) {
        return KnowledgeRow.REPORT.equals(type) ? KnowledgeType.KNOWLEDGE_TYPE_REPORT : KnowledgeType.KNOWLEDGE_TYPE_KNOWLEDGE;
    }

    public static ResearchMode mode(String mode) {
        return switch (mode) {
            case "deepening" -> ResearchMode.RESEARCH_MODE_DEEPENING;
            case "dream" -> ResearchMode.RESEARCH_MODE_DREAM;
            case "clarifying" -> ResearchMode.RESEARCH_MODE_CLARIFYING;
            default -> ResearchMode.RESEARCH_MODE_RESEARCH;
        };
    }

    public static ResearchStatus status(String status) {
        return switch (status) {
            case "deep" -> ResearchStatus.RESEARCH_STATUS_DEEP;
            case "supplement" -> ResearchStatus.RESEARCH_STATUS_SUPPLEMENT;
            case "repetition" -> ResearchStatus.RESEARCH_STATUS_REPETITION;
            case "failure" -> ResearchStatus.RESEARCH_STATUS_FAILURE;
            default -> ResearchStatus.RESEARCH_STATUS_UNSPECIFIED;
        };
    }

    private static void time(Instant t, java.util.function.Consumer<Timestamp> setter) {
        if (t != null) {
            setter.accept(Timestamp.newBuilder().setSeconds(t.getEpochSecond()).setNanos(t.getNano()).build());
        }
    }
}
