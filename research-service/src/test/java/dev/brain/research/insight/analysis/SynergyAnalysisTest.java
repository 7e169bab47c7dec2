package dev.brain.research.insight.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ChainSequence;
import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.FingerprintProject;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.Synapse;
import dev.brain.grpc.v1.SynapseType;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;

/** Phase 3: co_occurs 0.5 fires, 0.49 not; 2 solutions of A for B fire, 1 not; 3 sessions fire, 2 not. */
class SynergyAnalysisTest {

    static final AnalysisSettings S = AnalysisSettings.defaults();

    static Synapse coOccurs(long a, long b, double weight) {
        return Synapse.newBuilder().setId(a * 100 + b).setType(SynapseType.SYNAPSE_TYPE_CO_OCCURS).setWeight(weight)
                .setSource(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_CODE_MODULE).setId(a))
                .setTarget(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_CODE_MODULE).setId(b))
                .setSourceLabel("m" + a).setTargetLabel("m" + b).build();
    }

    @Test
    void aCoOccursSynapseOfPointFiveIsAModuleSynergy() {
        List<InsightDraft> drafts = SynergyAnalysis.modulePairs(List.of(coOccurs(9, 4, 0.5)), S);
        assertThat(drafts).hasSize(1);
        assertThat(drafts.get(0).kind()).isEqualTo(InsightKind.SYNERGY);
        assertThat(drafts.get(0).dedupKey()).isEqualTo("synergy:modules:4:9");
        assertThat(drafts.get(0).confidence()).isEqualTo(0.5);
        assertThat(drafts.get(0).evidenceNodes()).extracting(NodeRef::getId).containsExactly(4L, 9L);
        assertThat(drafts.get(0).title()).contains("m4").contains("m9");
    }

    @Test
    void aCoOccursSynapseOfPointFortyNineIsNothing() {
        assertThat(SynergyAnalysis.modulePairs(List.of(coOccurs(9, 4, 0.49)), S)).isEmpty();
    }

    @Test
    void bothDirectionsOfAPairAreOneSynergy() {
        assertThat(SynergyAnalysis.modulePairs(List.of(coOccurs(9, 4, 0.6), coOccurs(4, 9, 0.7)), S))
                .singleElement().satisfies(d -> assertThat(d.confidence()).isEqualTo(0.7));
    }

    static CrossProjectFingerprint fp(String fp, long solution) {
        return CrossProjectFingerprint.newBuilder().setFingerprint(fp)
                .addProjects(FingerprintProject.newBuilder().setProjectId(1).setErrorId(10).setResolved(true)
                        .setBestSolutionId(solution))
                .addProjects(FingerprintProject.newBuilder().setProjectId(2).setErrorId(20 + solution)).build();
    }

    @Test
    void twoSolutionsOfAForFingerprintsOpenInBAreAProjectSynergy() {
        List<InsightDraft> drafts = SynergyAnalysis.projectPairs(List.of(fp("a", 7), fp("b", 8)), Map.of(1L, "api", 2L, "web"),
                S);
        assertThat(drafts).hasSize(1);
        InsightDraft d = drafts.get(0);
        assertThat(d.dedupKey()).isEqualTo("synergy:projects:1:2");
        assertThat(d.affectedProjects()).containsExactly(1L, 2L);
        assertThat(d.actionable()).isTrue();
        assertThat(d.confidence()).isEqualTo(Math.min(0.9, 0.5 + 0.1 * 2));
        assertThat(d.evidenceNodes()).contains(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_SOLUTION).setId(7).build(),
                NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(27).build());
        assertThat(d.title()).contains("api").contains("web");
    }

    @Test
    void oneSolutionIsNothingAndTheSameSolutionTwiceCountsOnce() {
        assertThat(SynergyAnalysis.projectPairs(List.of(fp("a", 7)), Map.of(), S)).isEmpty();
        assertThat(SynergyAnalysis.projectPairs(List.of(fp("a", 7), fp("b", 7)), Map.of(), S)).isEmpty();
    }

    static ChainSequence sequence(long sessions) {
        return ChainSequence.newBuilder().addFingerprints("f1").addFingerprints("f2").addErrorTypes("ImportError")
                .addErrorTypes("NameError").setSessionCount(sessions).addErrorIds(1).addErrorIds(2).addProjectIds(5).build();
    }

    @Test
    void aSequenceInThreeSessionsIsAWorkflowSynergy() {
        List<InsightDraft> drafts = SynergyAnalysis.workflows(List.of(sequence(3)), S);
        assertThat(drafts).hasSize(1);
        assertThat(drafts.get(0).dedupKey()).isEqualTo("synergy:workflow:f1>f2");
        assertThat(drafts.get(0).title()).contains("ImportError → NameError");
        assertThat(drafts.get(0).confidence()).isEqualTo(Math.min(0.9, 0.5 + 0.1 * 3));
    }

    @Test
    void aSequenceInTwoSessionsIsNothing() {
        assertThat(SynergyAnalysis.workflows(List.of(sequence(2)), S)).isEmpty();
    }
}
