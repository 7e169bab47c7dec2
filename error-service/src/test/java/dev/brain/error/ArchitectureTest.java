package dev.brain.error;

import dev.brain.testing.ArchitectureContract;

/**
 * The layering of error-service (issues #20, #43): gRPC classes parse, call a service and map — no SQL, no
 * transactions —, statements run in repositories, repositories call
 * no service, and the feature packages ({@code report}, {@code solution}, {@code prevention}, {@code session},
 * {@code analytics}, …) depend on each other without a cycle.
 */
class ArchitectureTest extends ArchitectureContract {

    ArchitectureTest() {
        super("dev.brain.error");
    }
}
