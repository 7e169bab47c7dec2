package dev.brain.error.code.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

import dev.brain.error.code.analysis.Fingerprint;

/** The probe values of the sketch search: enough that no module reaching the shape threshold is missed. */
class ModuleMatcherTest {

    @Test
    void aModuleReachingTheThresholdHoldsOneOfTheProbeValues() {
        assertThat(ModuleMatcher.probeValues(64, 0.70)).isEqualTo(20);
        assertThat(ModuleMatcher.probeValues(30, 0.70)).isEqualTo(10);
        assertThat(ModuleMatcher.probeValues(1, 0.70)).isEqualTo(1);
        assertThat(ModuleMatcher.probeValues(0, 0.70)).isZero();
        // the worst case: B misses exactly the values a probe of one fewer would read, and still reaches 0.70
        long[] a = LongStream.range(0, 64).toArray();
        int probe = ModuleMatcher.probeValues(64, 0.70);
        long[] b = LongStream.concat(LongStream.range(probe - 1, 64), LongStream.range(1000, 1000 + probe - 1)).sorted()
                .toArray();
        assertThat(Fingerprint.shape(a, b)).isGreaterThanOrEqualTo(0.70);
        assertThat(LongStream.of(b).filter(v -> v < probe).count()).isEqualTo(1);
        // random sketches: whenever shape ≥ 0.70, B holds one of any `probe` values of A
        Random random = new Random(3);
        for (int i = 0; i < 2000; i++) {
            int missing = random.nextInt(25);
            long[] other = LongStream.concat(LongStream.range(missing, 64), LongStream.range(64, 64 + missing)).toArray();
            if (Fingerprint.shape(a, other) >= 0.70) {
                assertThat(LongStream.of(other).filter(v -> v < probe).count()).isPositive();
            }
        }
    }
}
