package dev.brain.research.insight.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Struct;

import dev.brain.grpc.v1.CapabilityKind;
import dev.brain.grpc.v1.ModuleCapability;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;
import dev.brain.research.insight.Structs;
import dev.brain.research.insight.analysis.ProjectSuggestionAnalysis.GapWeeks;

/** Phase 5: coverage 0.5 fires, below not; a gap seen in 3 distinct weeks is a tool idea, in 2 not. */
class ProjectSuggestionAnalysisTest {

    static final AnalysisSettings S = new AnalysisSettings(7, -0.3, 0.5, 14, 0.15, 5, 10, 5, 0.5, 2, 3, 3, 0.6, 0.5, 3,
            Map.of("rest-api", List.of("api-client", "validation", "auth", "database")),
            AnalysisSettings.defaults().recencyHalfLife());

    static ModuleCapability capability(String name, long module) {
        return ModuleCapability.newBuilder().setKind(CapabilityKind.CAPABILITY_KIND_CATEGORY).setName(name)
                .addModuleIds(module).addProjectIds(4).build();
    }

    @Test
    void coveringHalfOfATemplatesCapabilitiesIsAProjectSuggestion() {
        List<InsightDraft> drafts = ProjectSuggestionAnalysis.fromCatalogue(
                List.of(capability("validation", 1), capability("database", 2), capability("cli", 3)), S);
        assertThat(drafts).hasSize(1);
        InsightDraft d = drafts.get(0);
        assertThat(d.kind()).isEqualTo(InsightKind.PROJECT_SUGGESTION);
        assertThat(d.dedupKey()).isEqualTo("project:template:rest-api");
        assertThat(Structs.number(d.evidence(), "coverage", 0)).isEqualTo(0.5);
        assertThat(Structs.strings(d.evidence(), "missing")).containsExactly("api-client", "auth");
        assertThat(d.confidence()).isEqualTo(0.5);
        assertThat(d.priority()).isEqualTo(Priority.LOW);
    }

    @Test
    void coveringAQuarterIsNothing() {
        assertThat(ProjectSuggestionAnalysis.fromCatalogue(List.of(capability("validation", 1), capability("cli", 3)), S))
                .isEmpty();
    }

    @Test
    void aGapSeenInThreeDistinctWeeksIsAToolIdeaAndInTwoNot() {
        GapWeeks three = new GapWeeks(77, "gap:error:5", "TypeError unresolved", List.of("2026-W47", "2026-W48", "2026-W49",
                "2026-W49"), List.of(4L));
        GapWeeks two = new GapWeeks(78, "gap:error:6", "KeyError unresolved", List.of("2026-W48", "2026-W49", "2026-W49"),
                List.of());
        List<InsightDraft> drafts = ProjectSuggestionAnalysis.toolIdeas(List.of(three, two), S);
        assertThat(drafts).hasSize(1);
        assertThat(drafts.get(0).dedupKey()).isEqualTo("project:tool-idea:gap:error:5");
        assertThat(drafts.get(0).priority()).isEqualTo(Priority.MEDIUM);
        assertThat(drafts.get(0).confidence()).isEqualTo(Math.min(0.9, 0.5 + 0.1 * 3));
        assertThat(drafts.get(0).evidenceNodes()).singleElement().satisfies(n -> assertThat(n.getId()).isEqualTo(77));
    }

    @Test
    void weeksAccumulateInTheGapsEvidence() {
        Struct first = Weeks.withWeek(Structs.obj().put("error_id", 5).build(), null, "2026-W48");
        Struct second = Weeks.withWeek(Structs.obj().put("error_id", 5).build(), first, "2026-W49");
        Struct again = Weeks.withWeek(Structs.obj().put("error_id", 5).build(), second, "2026-W49");
        assertThat(Structs.strings(again, Weeks.FIELD)).containsExactly("2026-W48", "2026-W49");
        assertThat(Weeks.isoWeek(java.time.Instant.parse("2026-12-02T07:00:00Z"))).isEqualTo("2026-W49");
        assertThat(Weeks.isoWeek(java.time.Instant.parse("2027-01-01T07:00:00Z"))).isEqualTo("2026-W53");
    }
}
