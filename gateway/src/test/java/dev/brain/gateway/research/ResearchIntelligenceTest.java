package dev.brain.gateway.research;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.Insight;
import dev.brain.grpc.v1.InsightPriority;
import dev.brain.grpc.v1.InsightStatus;
import dev.brain.grpc.v1.InsightType;

/** Argument parsing and proto → view mapping of the research views (no services needed). */
class ResearchIntelligenceTest {

    @Test
    void typesArePassedByTheirLowerCaseNamesSeveralCommaSeparated() {
        assertThat(ResearchIntelligence.types(null)).isEmpty();
        assertThat(ResearchIntelligence.types("gap")).containsExactly(InsightType.INSIGHT_TYPE_GAP);
        assertThat(ResearchIntelligence.types("Template-Candidate, trend")).containsExactly(
                InsightType.INSIGHT_TYPE_TEMPLATE_CANDIDATE, InsightType.INSIGHT_TYPE_TREND);
        assertThatThrownBy(() -> ResearchIntelligence.types("unspecified"))
                .hasMessageStartingWith("type: 'unspecified' is not one of");
    }

    @Test
    void priorityDefaultsToLowAndStatusToActive() {
        assertThat(ResearchIntelligence.priority(" ")).isEqualTo(InsightPriority.INSIGHT_PRIORITY_LOW);
        assertThat(ResearchIntelligence.priority("critical")).isEqualTo(InsightPriority.INSIGHT_PRIORITY_CRITICAL);
        assertThat(ResearchIntelligence.status(null, "status", InsightStatus.INSIGHT_STATUS_ACTIVE))
                .isEqualTo(InsightStatus.INSIGHT_STATUS_ACTIVE);
        assertThat(ResearchIntelligence.status("acted_upon", "status", null))
                .isEqualTo(InsightStatus.INSIGHT_STATUS_ACTED_UPON);
        assertThatThrownBy(() -> ResearchIntelligence.status("", "status", null)).hasMessage("status: is required");
        assertThatThrownBy(() -> ResearchIntelligence.priority("urgent"))
                .hasMessage("min_priority: 'urgent' is not one of low, medium, high, critical");
    }

    @Test
    void anInsightBecomesAViewWithItsEvidenceAsPlainJson() {
        Struct evidence = Struct.newBuilder().putFields("error_id", Value.newBuilder().setNumberValue(42).build())
                .putFields("rate", Value.newBuilder().setNumberValue(0.25).build())
                .putFields("ids", Value.newBuilder().setListValue(ListValue.newBuilder()
                        .addValues(Value.newBuilder().setNumberValue(1)).addValues(Value.newBuilder().setStringValue("x")))
                        .build())
                .build();
        Insight insight = Insight.newBuilder().setId(7).setType(InsightType.INSIGHT_TYPE_PROJECT_SUGGESTION).setTitle("t")
                .setPriority(InsightPriority.INSIGHT_PRIORITY_HIGH).setStatus(InsightStatus.INSIGHT_STATUS_DISMISSED)
                .setConfidence(0.95).setActionable(true).setEvidence(evidence).setDedupKey("k").build();
        ResearchViews.InsightDetail detail = ResearchIntelligence.detail(insight);
        assertThat(detail.type()).isEqualTo("project_suggestion");
        assertThat(detail.priority()).isEqualTo("high");
        assertThat(detail.status()).isEqualTo("dismissed");
        assertThat(detail.evidence()).isEqualTo(Map.of("error_id", 42L, "rate", 0.25, "ids", List.of(1L, "x")));
        assertThat(detail.suggested_action()).isNull();
        assertThat(detail.action_taken()).isNull();
        assertThat(detail.created_at()).isNull();
        assertThat(ResearchRenderer.line(ResearchIntelligence.view(insight)))
                .isEqualTo("- #7 [high] project_suggestion — t (confidence 0.95, actionable, dismissed)");
    }
}
