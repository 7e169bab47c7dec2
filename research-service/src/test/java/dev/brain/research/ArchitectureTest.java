package dev.brain.research;

import dev.brain.testing.ArchitectureContract;

/**
 * The layering of research-service (issues #20, #43): gRPC classes parse, call a service and map — no SQL, no
 * transactions —, statements run in repositories, repositories call
 * no service, and the feature packages ({@code insight}, {@code cycle}, {@code knowledge}, …) depend on each other
 * without a cycle.
 */
class ArchitectureTest extends ArchitectureContract {

    ArchitectureTest() {
        super("dev.brain.research");
    }
}
