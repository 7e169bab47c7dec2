package dev.brain.research.insight.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.FingerprintProject;
import dev.brain.grpc.v1.NodeDegree;
import dev.brain.grpc.v1.NodeRef;
import dev.brain.grpc.v1.NodeType;
import dev.brain.grpc.v1.RecurringError;
import dev.brain.research.insight.InsightDraft;
import dev.brain.research.insight.InsightKind;
import dev.brain.research.insight.Priority;

/** Phase 2: 5 occurrences → high gap, 4 → nothing, 10 → critical; shared fingerprints; more than 5 isolated errors. */
class GapAnalysisTest {

    static final AnalysisSettings S = AnalysisSettings.defaults();

    static RecurringError error(long id, int occurrences) {
        return RecurringError.newBuilder().setError(ErrorRecord.newBuilder().setId(id).setProjectId(3).setProject("shop")
                .setFingerprint("fp" + id).setErrorType("TypeError").setMessageTemplate("Cannot read <NAME>")
                .setOccurrenceCount(occurrences)).setFailedAttempts(2).build();
    }

    @Test
    void fiveOccurrencesAreAHighGapWithConfidenceMinPointNineFiveAndHalfPlusNTimesPointOne() {
        List<InsightDraft> drafts = GapAnalysis.recurring(List.of(error(11, 5)), S);
        assertThat(drafts).hasSize(1);
        InsightDraft d = drafts.get(0);
        assertThat(d.kind()).isEqualTo(InsightKind.GAP);
        assertThat(d.priority()).isEqualTo(Priority.HIGH);
        assertThat(d.dedupKey()).isEqualTo("gap:error:11");
        assertThat(d.confidence()).isEqualTo(Math.min(0.95, 0.5 + 5 * 0.1));
        assertThat(d.confidence()).isEqualTo(0.95);
        assertThat(d.actionable()).isTrue();
        assertThat(d.evidenceNodes()).containsExactly(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(11).build());
        assertThat(d.evidence().getFieldsOrThrow("occurrences").getNumberValue()).isEqualTo(5);
    }

    @Test
    void fourOccurrencesAreNothing() {
        assertThat(GapAnalysis.recurring(List.of(error(12, 4)), S)).isEmpty();
    }

    @Test
    void tenOccurrencesAreCriticalAndNineHigh() {
        assertThat(GapAnalysis.recurring(List.of(error(13, 10)), S).get(0).priority()).isEqualTo(Priority.CRITICAL);
        assertThat(GapAnalysis.recurring(List.of(error(14, 9)), S).get(0).priority()).isEqualTo(Priority.HIGH);
    }

    @Test
    void theConfidenceFollowsTheFormulaBelowItsCap() {
        AnalysisSettings lowThreshold = new AnalysisSettings(7, -0.3, 0.5, 14, 0.15, 2, 10, 5, 0.5, 2, 3, 3, 0.6, 0.5, 3,
                S.projectTemplates(), S.recencyHalfLife());
        assertThat(GapAnalysis.recurring(List.of(error(15, 3)), lowThreshold).get(0).confidence()).isEqualTo(0.5 + 3 * 0.1);
    }

    static FingerprintProject project(long id, long errorId, boolean resolved) {
        return FingerprintProject.newBuilder().setProjectId(id).setProject("p" + id).setErrorId(errorId)
                .setResolved(resolved).build();
    }

    @Test
    void aFingerprintUnresolvedInTwoProjectsIsAMediumSharedGap() {
        CrossProjectFingerprint f = CrossProjectFingerprint.newBuilder().setFingerprint("abc").setErrorType("KeyError")
                .addProjects(project(1, 101, false)).addProjects(project(2, 102, false)).build();
        List<InsightDraft> drafts = GapAnalysis.sharedFingerprints(List.of(f), S);
        assertThat(drafts).hasSize(1);
        assertThat(drafts.get(0).priority()).isEqualTo(Priority.MEDIUM);
        assertThat(drafts.get(0).dedupKey()).isEqualTo("gap:shared-fingerprint:abc");
        assertThat(drafts.get(0).affectedProjects()).containsExactly(1L, 2L);
        assertThat(drafts.get(0).evidenceNodes()).extracting(NodeRef::getId).containsExactly(101L, 102L);
        assertThat(drafts.get(0).title()).contains("Shared problem without shared solution");
    }

    @Test
    void aFingerprintUnresolvedInOneProjectOnlyIsNothing() {
        CrossProjectFingerprint f = CrossProjectFingerprint.newBuilder().setFingerprint("abc")
                .addProjects(project(1, 101, false)).addProjects(project(2, 102, true)).build();
        assertThat(GapAnalysis.sharedFingerprints(List.of(f), S)).isEmpty();
    }

    static List<NodeDegree> degrees(int isolated, int linked) {
        List<NodeDegree> d = new ArrayList<>();
        for (int i = 0; i < isolated; i++) {
            d.add(NodeDegree.newBuilder().setNode(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(500 + i))
                    .build());
        }
        for (int i = 0; i < linked; i++) {
            d.add(NodeDegree.newBuilder().setNode(NodeRef.newBuilder().setType(NodeType.NODE_TYPE_ERROR).setId(900 + i))
                    .setInCount(1).build());
        }
        return d;
    }

    @Test
    void sixErrorsWithoutAnySynapseAreALowGap() {
        InsightDraft d = GapAnalysis.isolated(degrees(6, 3), S).orElseThrow();
        assertThat(d.priority()).isEqualTo(Priority.LOW);
        assertThat(d.dedupKey()).isEqualTo("gap:isolated-errors");
        assertThat(d.evidence().getFieldsOrThrow("isolated_errors").getNumberValue()).isEqualTo(6);
        assertThat(d.evidenceNodes()).hasSize(6);
        assertThat(d.confidence()).isEqualTo(Math.min(0.9, 0.5 + 0.02 * 6));
    }

    @Test
    void fiveErrorsWithoutAnySynapseAreNothing() {
        assertThat(GapAnalysis.isolated(degrees(5, 10), S)).isEmpty();
    }
}
