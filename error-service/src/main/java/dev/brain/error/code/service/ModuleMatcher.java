package dev.brain.error.code.service;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.error.code.analysis.Fingerprint;
import dev.brain.error.code.repository.ModuleRepository;
import dev.brain.error.code.service.Similarities.Found;
import dev.brain.error.config.ErrorConfig;

/** The tenant's modules similar to one probe (error-code.md §9.7): candidates from the repository, classified. */
@ApplicationScoped
public class ModuleMatcher {

    private final ModuleRepository modules;
    private final ErrorConfig config;

    public ModuleMatcher(ModuleRepository modules, ErrorConfig config) {
        this.modules = modules;
        this.config = config;
    }

    /**
     * Similar modules of the tenant other than {@code excluded}, strongest first; {@code vector} null = no
     * semantic part.
     */
    public List<Found> similar(String tenant, Fingerprint probe, String vector, Long[] excluded) {
        List<Found> found = new ArrayList<>();
        for (ModuleRepository.Candidate c : modules.candidates(tenant, excluded, probe.rawHash(), probe.structuralFp(),
                probe.shapeSketch(), vector)) {
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
