package dev.brain.error.code.service;

import java.util.Comparator;

import dev.brain.error.code.analysis.Fingerprint;
import dev.brain.error.code.repository.ModuleRepository.Candidate;
import dev.brain.grpc.v1.SimilarityKind;

/**
 * The kind of similarity between a probe and a stored module (error-code.md §9.7), strongest first: {@code exact}
 * (equal raw hashes, 1.0), {@code structural} (equal structural fingerprints, 1.0, or a shape overlap ≥
 * {@code code.similarityThreshold}, scored by the overlap), {@code semantic} (embedding cosine ≥
 * {@code code.semanticThreshold}, scored by the cosine); else none.
 */
public final class Similarities {

    /** A stored module similar to a probe. */
    public record Found(long moduleId, SimilarityKind kind, double score) {
    }

    /** Strongest kind first, then the higher score, then the older module. */
    public static final Comparator<Found> STRONGEST = Comparator.comparingInt((Found f) -> f.kind().getNumber())
            .thenComparing(Comparator.comparingDouble(Found::score).reversed()).thenComparingLong(Found::moduleId);

    private Similarities() {
    }

    /** The similarity of {@code candidate} to {@code probe}; null when it is none of the three kinds. */
    public static Found classify(Fingerprint probe, Candidate candidate, double shapeThreshold,
            double semanticThreshold) {
        if (probe.rawHash().equals(candidate.rawHash())) {
            return new Found(candidate.id(), SimilarityKind.SIMILARITY_KIND_EXACT, 1.0);
        }
        if (probe.structuralFp().equals(candidate.structuralFp())) {
            return new Found(candidate.id(), SimilarityKind.SIMILARITY_KIND_STRUCTURAL, 1.0);
        }
        double shape = Fingerprint.shape(probe.shapeSketch(), candidate.sketch());
        if (shape >= shapeThreshold) {
            return new Found(candidate.id(), SimilarityKind.SIMILARITY_KIND_STRUCTURAL, shape);
        }
        if (candidate.cosine() != null && candidate.cosine() >= semanticThreshold) {
            return new Found(candidate.id(), SimilarityKind.SIMILARITY_KIND_SEMANTIC, candidate.cosine());
        }
        return null;
    }
}
