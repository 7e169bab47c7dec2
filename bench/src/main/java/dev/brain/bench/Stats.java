package dev.brain.bench;

import java.util.Arrays;

/** Latency percentiles of one benchmark case (nanoseconds in, milliseconds out). */
record Stats(double p50, double p95, double p99) {

    /** One timed case: its percentiles and calls per second. */
    record Run(Stats stats, double perSecond) {
    }

    /** Runs {@code call} 20 times to warm up, then {@code calls} times, each timed. */
    static Run time(int calls, Runnable call) {
        for (int i = 0; i < 20; i++) {
            call.run();
        }
        long[] nanos = new long[calls];
        long started = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            long t0 = System.nanoTime();
            call.run();
            nanos[i] = System.nanoTime() - t0;
        }
        return new Run(of(nanos), calls / ((System.nanoTime() - started) / 1e9));
    }

    /**
     * As {@link #time(int, Runnable)}, with an untimed {@code prepare} before each call (warm-ups included);
     * calls per second count the timed part only.
     */
    static Run time(int calls, Runnable prepare, Runnable call) {
        for (int i = 0; i < 20; i++) {
            prepare.run();
            call.run();
        }
        long[] nanos = new long[calls];
        for (int i = 0; i < calls; i++) {
            prepare.run();
            long t0 = System.nanoTime();
            call.run();
            nanos[i] = System.nanoTime() - t0;
        }
        return new Run(of(nanos), calls / (Arrays.stream(nanos).sum() / 1e9));
    }

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

    /**
     * CPU seconds the whole machine spent working so far (user, nice, system, irq, softirq of {@code /proc/stat};
     * idle, I/O wait and steal left out), or NaN where there is no {@code /proc/stat}. The difference over a case,
     * divided by its calls, is what one call costs every process together — the bench, the services and
     * PostgreSQL — and does not depend on how much CPU a virtual machine's host lent it meanwhile.
     */
    static double machineCpuSeconds() {
        try {
            String[] f = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long ticks = 0;
            for (int i : new int[] { 1, 2, 3, 6, 7 }) {
                ticks += Long.parseLong(f[i]);
            }
            return ticks / 100.0; // USER_HZ: 100 on Linux
        } catch (java.io.IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
