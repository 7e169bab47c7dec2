package dev.brain.memory.admin.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;

import org.junit.jupiter.api.Test;

class CosineStatsTest {

    @Test
    void quantilesInterpolateLinearlyBetweenClosestRanks() {
        // 0.000, 0.001, …, 1.000: position (n − 1)·p = 1000·p, so every quantile is p itself
        double[] values = new double[1001];
        for (int i = 0; i < values.length; i++) {
            values[values.length - 1 - i] = i / 1000.0; // reversed: of() sorts
        }
        CosineStats s = CosineStats.of(values);
        assertThat(s.n()).isEqualTo(1001);
        assertThat(s.min()).isEqualTo(0.0);
        assertThat(s.max()).isEqualTo(1.0);
        assertThat(s.mean()).isCloseTo(0.5, within(1e-12));
        assertThat(s.p50()).isCloseTo(0.5, within(1e-12));
        assertThat(s.p90()).isCloseTo(0.9, within(1e-12));
        assertThat(s.p99()).isCloseTo(0.99, within(1e-12));
        assertThat(s.p999()).isCloseTo(0.999, within(1e-12));
        assertThat(s.p9999()).isCloseTo(0.9999, within(1e-12)); // between the ranks 999 and 1000
    }

    @Test
    void quantileBetweenTwoValuesIsTheirLinearInterpolation() {
        double[] sorted = { 0.1, 0.2, 0.4, 0.8 };
        // h = 3 × 0.5 = 1.5 → 0.2 + 0.5 × (0.4 − 0.2) = 0.3; h = 3 × 0.9 = 2.7 → 0.4 + 0.7 × 0.4 = 0.68
        assertThat(CosineStats.quantile(sorted, 0.5)).isCloseTo(0.3, within(1e-12));
        assertThat(CosineStats.quantile(sorted, 0.9)).isCloseTo(0.68, within(1e-12));
        assertThat(CosineStats.quantile(sorted, 1.0)).isEqualTo(0.8);
        assertThat(CosineStats.quantile(new double[] { 0.42 }, 0.9999)).isEqualTo(0.42);
    }

    @Test
    void emptySampleIsAllZero() {
        assertThat(CosineStats.of(new double[0])).isEqualTo(CosineStats.EMPTY);
    }

    @Test
    void suggestionsRoundUpAsTheSpecsWorkedNumbers() {
        // the seed's answer–node numbers (§12): P90 0.3874 → 0.40, P99.9 0.5412 → 0.55
        CosineStats answerNode = new CosineStats(5000, -0.1, 0.2, 0.7, 0.25, 0.3874, 0.47, 0.5412, 0.6);
        CosineStats nodeNode = new CosineStats(100_000, -0.2, 0.1, 0.99, 0.1, 0.3, 0.5101, 0.7, 0.8123);
        Map<String, Double> s = Calibration.suggestions(nodeNode, answerNode);
        assertThat(s).containsEntry(Calibration.ANCHOR_MIN_COSINE, 0.40)
                .containsEntry(Calibration.USAGE_THRESHOLD, 0.55)
                .containsEntry(Calibration.EDGE_EMBEDDING_THRESHOLD, 0.55) // P99 0.5101 up to 0.05
                .containsEntry(Calibration.MATCH_THRESHOLD, 0.82); // P99.99 0.8123 up to 0.01
    }

    @Test
    void roundingUpKeepsExactMultiplesAndLiftsEverythingAbove() {
        assertThat(CosineStats.roundUp(0.40, 0.05)).isEqualTo(0.40);
        assertThat(CosineStats.roundUp(0.35 + 0.05, 0.05)).isEqualTo(0.40); // 0.39999999999999997
        assertThat(CosineStats.roundUp(0.4000001, 0.05)).isEqualTo(0.45);
        assertThat(CosineStats.roundUp(0.81, 0.01)).isEqualTo(0.81);
        assertThat(CosineStats.roundUp(0.8101, 0.01)).isEqualTo(0.82);
        assertThat(CosineStats.roundUp(-0.12, 0.05)).isEqualTo(-0.10);
    }
}
