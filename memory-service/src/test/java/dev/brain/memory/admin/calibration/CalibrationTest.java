package dev.brain.memory.admin.calibration;

import static dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.CalibrateRequest;
import dev.brain.grpc.v1.CalibrateResponse;
import dev.brain.grpc.v1.CosineDistribution;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.memory.longterm.LongTermFixtures;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.quarkus.test.junit.QuarkusTest;

/** Calibrate over gRPC on a constructed pair (memory.md §12). */
@QuarkusTest
class CalibrationTest {

    @Inject
    DataSource dataSource;

    @Inject
    TextVectors textVectors;

    ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    static double cosine(float[] x, float[] y) {
        double dot = 0, nx = 0, ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += (double) x[i] * y[i];
            nx += (double) x[i] * x[i];
            ny += (double) y[i] * y[i];
        }
        return dot / Math.sqrt(nx * ny);
    }

    static void assertDistribution(CosineDistribution actual, CosineStats expected) {
        assertThat(actual.getN()).isEqualTo(expected.n());
        double[] a = { actual.getMin(), actual.getMean(), actual.getMax(), actual.getP50(), actual.getP90(),
                actual.getP99(), actual.getP999(), actual.getP9999() };
        double[] e = { expected.min(), expected.mean(), expected.max(), expected.p50(), expected.p90(), expected.p99(),
                expected.p999(), expected.p9999() };
        for (int i = 0; i < a.length; i++) {
            assertThat(a[i]).as("figure " + i).isCloseTo(e[i], within(1e-5));
        }
    }

    CalibrateResponse calibrate(TestPair pair, CalibrateRequest.Builder request) {
        return GrpcTestChannel.as(pair.tenant(), MemoryAdminServiceGrpc.newBlockingStub(channel))
                .calibrate(request.setPair(pair.proto()).build());
    }

    @Test
    void reportsBothDistributionsSuggestionsAndStoresTheReport() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        TestPair sibling = LongTermFixtures.sibling(pair);
        List<float[]> vectors = List.of(LongTermFixtures.unit(1), LongTermFixtures.unit(2), LongTermFixtures.at(0.5, 2),
                LongTermFixtures.at(0.8, 3), LongTermFixtures.at(0.9, 4));
        List<float[]> active = new ArrayList<>();
        for (int i = 0; i < vectors.size(); i++) {
            NodeSpec spec = NodeSpec.of("n" + i, vectors.get(i));
            LongTermFixtures.node(dataSource, pair, i == 1 ? spec.inactive() : spec);
            if (i != 1) {
                active.add(vectors.get(i));
            }
        }
        LongTermFixtures.node(dataSource, sibling, NodeSpec.of("other pair", LongTermFixtures.at(0.99, 5)));
        double[] nodeNode = new double[10];
        int k = 0;
        for (int i = 0; i < vectors.size(); i++) {
            for (int j = i + 1; j < vectors.size(); j++) {
                nodeNode[k++] = cosine(vectors.get(i), vectors.get(j));
            }
        }
        List<String> answers = List.of("Anna drinks green tea at noon", "The billing service failed again");
        List<float[]> answerVectors = textVectors.embed(answers);
        double[] answerNode = new double[answers.size() * active.size()];
        k = 0;
        for (float[] a : answerVectors) {
            for (float[] n : active) {
                answerNode[k++] = cosine(a, n);
            }
        }
        CosineStats nn = CosineStats.of(nodeNode);
        CosineStats an = CosineStats.of(answerNode);

        CalibrateResponse report = calibrate(pair, CalibrateRequest.newBuilder().addAllAnswers(answers));

        assertDistribution(report.getNodeNode(), nn); // all 10 pairs: fewer than the sample
        assertDistribution(report.getAnswerNode(), an); // 2 answers × 4 active nodes
        assertThat(report.getLowSample()).isTrue();
        assertThat(report.getDimension()).isEqualTo(384);
        assertThat(report.getModel()).isNotBlank();
        assertThat(report.getCurrentMap()).containsEntry("edge.embedding-threshold", 0.55)
                .containsEntry("usage.threshold", 0.55).containsEntry("read.anchor-min-cosine", 0.40)
                .containsEntry("promotion.match-threshold", 0.82);
        assertThat(report.getSuggestionsMap())
                .containsEntry("edge.embedding-threshold", CosineStats.roundUp(report.getNodeNode().getP99(), 0.05))
                .containsEntry("promotion.match-threshold", CosineStats.roundUp(report.getNodeNode().getP9999(), 0.01))
                .containsEntry("usage.threshold", CosineStats.roundUp(report.getAnswerNode().getP999(), 0.05))
                .containsEntry("read.anchor-min-cosine", CosineStats.roundUp(report.getAnswerNode().getP90(), 0.05));
        // the two highest node–node cosines are 0.72 (0.8 × 0.9) and √0.75 = 0.8660 (e₂ with 0.5·e₀ + √0.75·e₂);
        // P99.99 sits at h = 9 × 0.9999 = 8.9991 between them: 0.72 + 0.9991 × 0.1460 = 0.8659 → 0.87 (to 0.01)
        assertThat(report.getNodeNode().getP9999()).isCloseTo(0.72 + 0.9991 * (Math.sqrt(0.75) - 0.72), within(1e-5));
        assertThat(report.getSuggestionsMap().get("promotion.match-threshold")).isEqualTo(0.87);
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "select model, dimension, report->'node_node'->>'n', report->'suggestions'->>'usage.threshold'"
                                + " from calibration where id = ? and user_id = ? and agent_id = ?")) {
            s.setLong(1, report.getId());
            s.setString(2, pair.userId());
            s.setString(3, pair.agentId());
            try (ResultSet rs = s.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo(report.getModel());
                assertThat(rs.getInt(2)).isEqualTo(384);
                assertThat(rs.getString(3)).isEqualTo("10");
                assertThat(Double.parseDouble(rs.getString(4)))
                        .isEqualTo(report.getSuggestionsMap().get("usage.threshold"));
            }
        }
    }

    @Test
    void aSeededSampleIsReproducibleAndDrawsOnlyDistinctNodesOfThePair() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        for (int i = 1; i <= 6; i++) {
            LongTermFixtures.node(dataSource, pair, NodeSpec.of("n" + i, LongTermFixtures.unit(i)));
        }
        // orthonormal nodes: every distinct pair has cosine 0, a node with itself would give 1
        CalibrateResponse first = calibrate(pair, CalibrateRequest.newBuilder().setSamplePairs(7).setSeed(42)
                .addAnswers("x"));
        CalibrateResponse second = calibrate(pair, CalibrateRequest.newBuilder().setSamplePairs(7).setSeed(42)
                .addAnswers("x"));
        assertThat(first.getNodeNode().getN()).isEqualTo(7);
        assertThat(first.getNodeNode().getMax()).isCloseTo(0.0, within(1e-6));
        assertThat(second.getNodeNode()).isEqualTo(first.getNodeNode());
        assertThat(second.getId()).isNotEqualTo(first.getId());
    }

    @Test
    void anEmptyPairGivesAnEmptyLowSampleReport() {
        TestPair pair = LongTermFixtures.newPair();
        CalibrateResponse report = calibrate(pair, CalibrateRequest.newBuilder());
        assertThat(report.getNodeNode().getN()).isZero();
        assertThat(report.getAnswerNode().getN()).isZero();
        assertThat(report.getLowSample()).isTrue();
    }
}
