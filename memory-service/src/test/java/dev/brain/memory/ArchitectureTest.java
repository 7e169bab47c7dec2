package dev.brain.memory;

import dev.brain.testing.ArchitectureContract;

/**
 * The layering of memory-service (issues #20, #43): gRPC classes parse, call a service and map — no SQL, no
 * transactions —, statements run in repositories, repositories call
 * no service, and the feature packages ({@code longterm}, {@code shortterm}, {@code log}, {@code synapse},
 * {@code admin}, …) depend on each other without a cycle.
 */
class ArchitectureTest extends ArchitectureContract {

    ArchitectureTest() {
        super("dev.brain.memory");
    }
}
