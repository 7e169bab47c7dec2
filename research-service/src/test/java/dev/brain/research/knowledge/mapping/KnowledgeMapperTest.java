package dev.brain.research.knowledge.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.KnowledgeEntry;
import dev.brain.grpc.v1.KnowledgeType;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.ResearchMode;
import dev.brain.grpc.v1.ResearchStatus;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.research.knowledge.service.KnowledgeJobs;

class KnowledgeMapperTest {

    static final Instant NOW = Instant.parse("2026-12-02T06:00:00.123Z");

    static KnowledgeRow createDefaultRow(String version, Instant decayedAt) {
        return new KnowledgeRow(7, "acme:alice", "claude", "assistant", "claude/acme%3Aalice/f.md", "Kafka", "kafka",
                "sum", "report", "dream", "supplement", List.of("k"), List.of(3L), 0.5, 0.6, 2.9, 2.8, 2, NOW, decayedAt,
                true, NOW, NOW, version);
    }

    @Test
    void aRowMapsEveryFieldAndNullsBecomeAbsentOrEmpty() {
        KnowledgeEntry e = KnowledgeMapper.toProto(createDefaultRow(null, null));
        assertThat(e.getId()).isEqualTo(7);
        assertThat(e.getPair().getUserId()).isEqualTo("acme:alice");
        assertThat(e.getObserver()).isEqualTo(Observer.OBSERVER_ASSISTANT);
        assertThat(e.getType()).isEqualTo(KnowledgeType.KNOWLEDGE_TYPE_REPORT);
        assertThat(e.getMode()).isEqualTo(ResearchMode.RESEARCH_MODE_DREAM);
        assertThat(e.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_SUPPLEMENT);
        assertThat(e.getKeywordsList()).containsExactly("k");
        assertThat(e.getEntityIdsList()).containsExactly(3L);
        assertThat(e.getWeightDecay()).isEqualTo(2.8);
        assertThat(e.getVersion()).isEmpty();
        assertThat(e.hasDecayedAt()).isFalse();
        assertThat(e.getReinforcedAt().getNanos()).isEqualTo(123_000_000);
        KnowledgeEntry v = KnowledgeMapper.toProto(createDefaultRow("1.2", NOW));
        assertThat(v.getVersion()).isEqualTo("1.2");
        assertThat(v.hasDecayedAt()).isTrue();
    }

    @Test
    void jobOutcomesMapToJobRunResults() {
        var outcome = new KnowledgeJobs.Outcome("knowledge_decay", KnowledgeJobs.SKIPPED, Map.of(), List.of(
                new KnowledgeJobs.Step("decay", Map.of("deactivated", 2L), 5)), 9, NOW, NOW, 5, "held");
        var result = KnowledgeMapper.toProto(outcome);
        assertThat(result.getStatus()).isEqualTo(JobStatus.JOB_STATUS_SKIPPED_LOCKED);
        assertThat(result.getRunId()).isEqualTo(9);
        assertThat(result.getSteps(0).getCountsMap()).containsEntry("deactivated", 2L);
        assertThat(KnowledgeMapper.jobStatus(KnowledgeJobs.FAILED)).isEqualTo(JobStatus.JOB_STATUS_FAILED);
    }
}
