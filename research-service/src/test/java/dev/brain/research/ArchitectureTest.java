package dev.brain.research;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;

import dev.brain.testing.ArchitectureRules;

/**
 * The layering of research-service (issue #20): gRPC classes parse, call a service and map — no SQL, no
 * transactions — and the feature packages depend on each other without a cycle.
 */
class ArchitectureTest {

    private static final JavaClasses MAIN = ArchitectureRules.mainClasses("dev.brain.research");

    @Test
    void grpcClassesHoldNoSqlAndNoTransactions() {
        ArchitectureRules.grpcClassesHoldNoSqlAndNoTransactions().check(MAIN);
    }

    @Test
    void featurePackagesAreFreeOfCycles() {
        ArchitectureRules.featurePackagesAreFreeOfCycles("dev.brain.research").check(MAIN);
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
