package dev.brain.research.insight.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.InsightPriority;
import dev.brain.grpc.v1.InsightStatus;
import dev.brain.grpc.v1.InsightType;
import dev.brain.research.insight.Insight;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.InsightState;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.Structs;
import io.grpc.StatusRuntimeException;

class InsightMapperTest {

    static final Instant T = Instant.parse("2026-12-02T06:00:00.123Z");

    static Insight insight(Boolean actionTaken, String outcome) {
        return new Insight(5, "t", InsightKind.TEMPLATE_CANDIDATE, "Title", "Desc", Structs.obj().put("n", 1).build(), 0.7,
                true, null, actionTaken, outcome, List.of(3L), Priority.CRITICAL, Priority.CRITICAL,
                InsightState.ACTED_UPON, "template:modules:1,2", T.plusSeconds(60), T, T);
    }

    @Test
    void everyFieldIsMappedAndNullsBecomeAbsentOrEmpty() {
        var p = InsightMapper.toProto(insight(null, null));
        assertThat(p.getId()).isEqualTo(5);
        assertThat(p.getType()).isEqualTo(InsightType.INSIGHT_TYPE_TEMPLATE_CANDIDATE);
        assertThat(p.getPriority()).isEqualTo(InsightPriority.INSIGHT_PRIORITY_CRITICAL);
        assertThat(p.getStatus()).isEqualTo(InsightStatus.INSIGHT_STATUS_ACTED_UPON);
        assertThat(p.getEvidence().getFieldsOrThrow("n").getNumberValue()).isEqualTo(1);
        assertThat(p.hasSuggestedAction()).isFalse();
        assertThat(p.hasActionTaken()).isFalse();
        assertThat(p.getActionOutcome()).isEmpty();
        assertThat(p.getAffectedProjectsList()).containsExactly(3L);
        assertThat(p.getCreatedAt().getNanos()).isEqualTo(123_000_000);
        assertThat(p.getExpiresAt().getSeconds()).isEqualTo(T.getEpochSecond() + 60);

        var taken = InsightMapper.toProto(insight(true, "done"));
        assertThat(taken.getActionTaken()).isTrue();
        assertThat(taken.getActionOutcome()).isEqualTo("done");
    }

    @Test
    void enumsMapBothWaysAndUnspecifiedIsNull() {
        for (InsightKind k : InsightKind.values()) {
            assertThat(InsightMapper.kind(InsightMapper.toProto(k))).isEqualTo(k);
        }
        for (Priority p : Priority.values()) {
            assertThat(InsightMapper.priority(InsightMapper.toProto(p))).isEqualTo(p);
        }
        for (InsightState s : InsightState.values()) {
            assertThat(InsightMapper.state(InsightMapper.toProto(s))).isEqualTo(s);
        }
        assertThat(InsightMapper.priority(InsightPriority.INSIGHT_PRIORITY_UNSPECIFIED)).isNull();
        assertThat(InsightMapper.state(InsightStatus.INSIGHT_STATUS_UNSPECIFIED)).isNull();
        assertThatThrownBy(() -> InsightMapper.kinds(List.of(InsightType.INSIGHT_TYPE_UNSPECIFIED)))
                .isInstanceOf(StatusRuntimeException.class).hasMessageContaining("types");
    }

    @Test
    void wholeNumbersAreStoredWithoutAFraction() {
        assertThat(Structs.json(Structs.obj().put("id", 42).put("rate", 0.25).put("name", "a\"b").build()))
                .isEqualTo("{\"id\":42,\"rate\":0.25,\"name\":\"a\\\"b\"}");
    }
}
