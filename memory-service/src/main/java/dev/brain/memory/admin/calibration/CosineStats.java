package dev.brain.memory.admin.calibration;

import java.util.Arrays;

/**
 * One cosine distribution of a calibration report (memory.md §12): n, min, mean, max and the quantiles P50,
 * P90, P99, P99.9, P99.99 by linear interpolation between closest ranks (position (n − 1)·p, 0-based).
 */
public record CosineStats(long n, double min, double mean, double max, double p50, double p90, double p99,
        double p999, double p9999) {

    /** The distribution of an empty sample: every figure 0. */
    public static final CosineStats EMPTY = new CosineStats(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Sorts {@code values} in place and summarises them. */
    public static CosineStats of(double[] values) {
        if (values.length == 0) {
            return EMPTY;
        }
        Arrays.sort(values);
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return new CosineStats(values.length, values[0], sum / values.length, values[values.length - 1],
                quantile(values, 0.5), quantile(values, 0.9), quantile(values, 0.99), quantile(values, 0.999),
                quantile(values, 0.9999));
    }

    /** The p-quantile of sorted values: x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]) with h = (n − 1)·p. */
    public static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        if (lo >= sorted.length - 1) {
            return sorted[sorted.length - 1];
        }
        return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
    }

    /**
     * {@code value} rounded up to a multiple of {@code step} (0.05 or 0.01), tolerant of binary noise: a value
     * within 1e-9 of a multiple stays on it. 0.3874 → 0.40, 0.5412 → 0.55 (to 0.05).
     */
    public static double roundUp(double value, double step) {
        double steps = Math.ceil(value / step - 1e-9);
        return Math.round(steps * step * 1e6) / 1e6;
    }
}
