package dev.brain.memory.longterm.vectors;

/** Small vector arithmetic of the read path and usage reinforcement (double accumulation). */
public final class Vectors {

    private Vectors() {
    }

    /** Why a vector is unusable (wrong length, non-finite or zero), or null when it is fine. */
    public static String problem(float[] vector, int dimension) {
        if (vector == null || vector.length == 0) {
            return "empty vector";
        }
        if (vector.length != dimension) {
            return "dimension " + vector.length + ", expected " + dimension;
        }
        double norm = 0;
        for (float v : vector) {
            if (!Float.isFinite(v)) {
                return "non-finite component";
            }
            norm += (double) v * v;
        }
        return norm == 0 ? "zero vector" : null;
    }

    public static double norm(float[] vector) {
        double sum = 0;
        for (float v : vector) {
            sum += (double) v * v;
        }
        return Math.sqrt(sum);
    }

    /**
     * The shift of §9.1: normalise((1 − f)·q + f·Σ sᵢ·vᵢ), with q and every vᵢ taken as unit vectors (the shift
     * mixes directions). Returns null when the result has no direction.
     */
    public static float[] shift(float[] q, double factor, float[][] components, double[] strengths) {
        double[] mix = new double[q.length];
        double qn = norm(q);
        for (int i = 0; i < q.length; i++) {
            mix[i] = (1 - factor) * q[i] / qn;
        }
        for (int c = 0; c < components.length; c++) {
            double vn = norm(components[c]);
            for (int i = 0; i < q.length; i++) {
                mix[i] += factor * strengths[c] * components[c][i] / vn;
            }
        }
        double n = 0;
        for (double v : mix) {
            n += v * v;
        }
        n = Math.sqrt(n);
        if (n == 0 || !Double.isFinite(n)) {
            return null;
        }
        float[] out = new float[q.length];
        for (int i = 0; i < q.length; i++) {
            out[i] = (float) (mix[i] / n);
        }
        return out;
    }
}
