package dev.brain.memory.admin.calibration;

import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Types Jackson serialises by reflection (a native image sees only registered ones): the cosine statistics of a
 * calibration report ({@link Calibration}). Everything else this service writes as JSON is a map or a tree.
 */
@RegisterForReflection(targets = { CosineStats.class })
final class NativeReflection {

    private NativeReflection() {
    }
}
