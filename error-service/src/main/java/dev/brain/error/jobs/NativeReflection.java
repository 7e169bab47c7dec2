package dev.brain.error.jobs;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types Jackson serialises by reflection (a native image sees only registered ones): a job run's steps are written
 * into its counts JSON ({@link JobRuns#finish}). Everything else this service writes as JSON is a map or a tree.
 */
@RegisterForReflection(targets = { JobRuns.Step.class })
final class NativeReflection {

    private NativeReflection() {
    }
}
