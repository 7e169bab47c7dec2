package dev.brain.memory;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;

import dev.brain.testing.ArchitectureRules;

/**
 * The layering of memory-service (issue #20): gRPC classes parse, call a service and map — no SQL, no
 * transactions — and the feature packages ({@code longterm}, {@code shortterm}, {@code log}, {@code synapse},
 * {@code admin}, …) depend on each other without a cycle.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = ArchitectureRules.mainClasses("dev.brain.memory");

    @Test
    void grpcClassesHoldNoSqlAndNoTransactions() {
        ArchitectureRules.grpcClassesHoldNoSqlAndNoTransactions().check(MAIN);
    }

    @Test
    void featurePackagesAreFreeOfCycles() {
        ArchitectureRules.featurePackagesAreFreeOfCycles("dev.brain.memory").check(MAIN);
    }

    @Test
    void statementsRunOnlyInRepositoriesBeyondTheRecordedClasses() {
        // the classes that still run statements outside a repository are listed in archunit_store (issue #43)
        ArchitectureRules.statementsOnlyInRepositoriesBeyondTheRecordedOnes().check(MAIN);
    }

    @Test
    void repositoriesHoldNoServices() {
        ArchitectureRules.repositoriesHoldNoServices().check(MAIN);
    }
}
