package dev.brain.research.insight.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Struct;

import dev.brain.grpc.v1.ModuleAdaptationGroup;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Structs;

/** Phase 4: 3 adaptations in 3 projects with similarity ≥ 0.6 fire (and generalize every module); 2 do not. */
class TemplateAnalysisTest {

    static final AnalysisSettings S = AnalysisSettings.defaults();

    static ModuleAdaptationGroup group(long adaptations, double minScore) {
        return ModuleAdaptationGroup.newBuilder().addModuleIds(30).addModuleIds(10).addModuleIds(20).addProjectIds(1)
                .addProjectIds(2).addProjectIds(3).setAdaptationCount(adaptations).setMinScore(minScore)
                .setMeanScore(0.8).setBestModuleId(20).build();
    }

    @Test
    void threeAdaptedVariantsAreATemplateCandidateGeneralizingEachModule() {
        List<InsightDraft> drafts = TemplateAnalysis.candidates(List.of(group(3, 0.6)), S);
        assertThat(drafts).hasSize(1);
        InsightDraft d = drafts.get(0);
        assertThat(d.kind()).isEqualTo(InsightKind.TEMPLATE_CANDIDATE);
        assertThat(d.dedupKey()).isEqualTo("template:modules:10,20,30");
        assertThat(d.generalizes()).extracting(NodeRef::getId).containsExactly(10L, 20L, 30L);
        assertThat(d.confidence()).isEqualTo(0.8);
        Struct common = d.evidence().getFieldsOrThrow("common").getStructValue();
        assertThat(Structs.number(common, "base_module_id", 0)).isEqualTo(20);
        Struct variable = d.evidence().getFieldsOrThrow("variable").getStructValue();
        assertThat(variable.getFieldsOrThrow("module_ids").getListValue().getValuesList())
                .extracting(v -> v.getNumberValue()).containsExactly(10.0, 30.0);
    }

    @Test
    void twoAdaptationsOrASimilarityBelowPointSixAreNothing() {
        assertThat(TemplateAnalysis.candidates(List.of(group(2, 0.9)), S)).isEmpty();
        assertThat(TemplateAnalysis.candidates(List.of(group(5, 0.59)), S)).isEmpty();
    }

    @Test
    void variantsInTwoProjectsOnlyAreNothing() {
        ModuleAdaptationGroup twoProjects = group(4, 0.7).toBuilder().clearProjectIds().addProjectIds(1).addProjectIds(2)
                .build();
        assertThat(TemplateAnalysis.candidates(List.of(twoProjects), S)).isEmpty();
    }
}
