package dev.brain.error.code.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.code.analysis.Fingerprint;
import dev.brain.error.code.repository.CommonShapes;
import dev.brain.error.code.repository.ModuleRepository;
import dev.brain.error.code.service.Similarities.Found;
import dev.brain.error.config.ErrorConfig;

/**
 * The tenant's modules similar to one probe (error-code.md §9.7): candidates from the repository, classified. The
 * sketch candidates are read through the probe's rarest values, enough of them that no module reaching the shape
 * threshold is missed: shape(A, B) ≥ t needs B to hold all but ⌊(1 − t)·|A|⌋ of A's values (for 64 values, all but
 * 19), so it holds at least one of any ⌊(1 − t)·|A|⌋ + 1 of them.
 */
@ApplicationScoped
public class ModuleMatcher {

    private final ModuleRepository modules;
    private final CommonShapes common;
    private final ErrorConfig config;
    private final java.time.Clock clock;

    public ModuleMatcher(ModuleRepository modules, CommonShapes common, ErrorConfig config, java.time.Clock clock) {
        this.modules = modules;
        this.common = common;
        this.config = config;
        this.clock = clock;
    }

    /** How many of a sketch's values every module with shape ≥ {@code threshold} holds at least one of. */
    static int probeValues(int sketchSize, double threshold) {
        return Math.min(sketchSize, (int) Math.floor((1 - threshold) * sketchSize + 1e-9) + 1);
    }

    /**
     * Similar modules of the tenant other than {@code excluded}, strongest first; {@code vector} null = no
     * semantic part.
     */
    public List<Found> similar(String tenant, Fingerprint probe, String vector, Long[] excluded) {
        List<Found> found = new ArrayList<>();
        long[] sketch = probe.shapeSketch();
        long[] rare = common.rarest(sketch, probeValues(sketch.length, config.code().similarityThreshold()),
                clock.instant());
        for (ModuleRepository.Candidate c : modules.candidates(tenant, excluded, probe.rawHash(), probe.structuralFp(),
                sketch, rare, vector)) {
            Found f = Similarities.classify(probe, c, config.code().similarityThreshold(),
                    config.code().semanticThreshold());
            if (f != null) {
                found.add(f);
            }
        }
        found.sort(Similarities.STRONGEST);
        return found;
    }
}
