package dev.brain.error.code.analysis;

import java.util.Arrays;
import java.util.Objects;

/**
 * The fingerprints of a module (error-code.md §9.6).
 *
 * @param rawHash SHA-256 (hex) of the source with LF line ends, trailing whitespace and leading/trailing blank
 *        lines removed: equal for byte copies and for copies differing only in those
 * @param structuralFp SHA-256 (hex) of the normalized token stream: equal for copies that differ in formatting,
 *        comments, literals and local names
 * @param shapeSketch the 64 smallest distinct FNV-1a-32 values of the token 4-grams, ascending (for {@link #shape})
 */
public record Fingerprint(String rawHash, String structuralFp, long[] shapeSketch) {

    /** shape(A, B) = |S ∩ A ∩ B| / |S| with S the 64 smallest values of A ∪ B; 0 when both are empty. */
    public static double shape(long[] a, long[] b) {
        return Fingerprints.shape(a, b);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint f && rawHash.equals(f.rawHash) && structuralFp.equals(f.structuralFp)
                && Arrays.equals(shapeSketch, f.shapeSketch);
    }

    @Override
    public int hashCode() {
        return Objects.hash(rawHash, structuralFp, Arrays.hashCode(shapeSketch));
    }

    @Override
    public String toString() {
        return "Fingerprint[rawHash=" + rawHash + ", structuralFp=" + structuralFp + ", shapeSketch="
                + Arrays.toString(shapeSketch) + "]";
    }
}
