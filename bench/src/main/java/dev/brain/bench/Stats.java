package dev.brain.bench;

import java.util.Arrays;

/** Latency percentiles of one benchmark case (nanoseconds in, milliseconds out). */
record Stats(double p50, double p95, double p99) {

    static Stats of(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return new Stats(ms(sorted, 0.50), ms(sorted, 0.95), ms(sorted, 0.99));
    }

    /** Nearest-rank percentile. */
    private static double ms(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e6;
    }
}
