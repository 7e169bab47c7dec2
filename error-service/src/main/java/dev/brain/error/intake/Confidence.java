package dev.brain.error.intake;

/** Spec §6: Wilson lower bound and exponential decay. */
public final class Confidence {
    private static final double Z = 1.96;

    private Confidence() {
    }

    public static double wilson(double successes, double total) {
        if (total <= 0) {
            return 0;
        }
        double p = successes / total;
        double z2 = Z * Z;
        double v = (p + z2 / (2 * total) - Z * Math.sqrt((p * (1 - p) + z2 / (4 * total)) / total)) / (1 + z2 / total);
        return Math.max(0, Math.min(1, v));
    }

    /** {@code 0.5^(age/halfLife)}; ages below 0 count as 0. */
    public static double decay(double ageDays, double halfLifeDays) {
        return Math.pow(0.5, Math.max(0, ageDays) / halfLifeDays);
    }
}
