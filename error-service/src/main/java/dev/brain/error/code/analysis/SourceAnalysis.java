package dev.brain.error.code.analysis;

import java.util.List;

/** The result of analyzing one source file: its language, the granularity chosen, and the modules cut from it. */
public record SourceAnalysis(String language, Granularity granularity, List<ModuleDraft> modules) {
}
