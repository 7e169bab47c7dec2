package dev.brain.error.intake;

/** TEMPORARY stand-in until the intake branch lands. */
public final class Confidence {
    private Confidence() {
    }

    public static double wilson(double s, double n) {
        if (n == 0) {
            return 0;
        }
        double z = 1.96;
        double p = s / n;
        return (p + z * z / (2 * n) - z * Math.sqrt((p * (1 - p) + z * z / (4 * n)) / n)) / (1 + z * z / n);
    }

    public static double decay(double ageDays, double halfLifeDays) {
        return Math.pow(0.5, ageDays / halfLifeDays);
    }
}
