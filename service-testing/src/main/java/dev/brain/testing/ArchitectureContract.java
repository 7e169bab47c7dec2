package dev.brain.testing;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;

/**
 * The layering every service keeps, as the tests a service's {@code ArchitectureTest} inherits: its main classes
 * below {@code basePackage} checked against each of {@link ArchitectureRules}.
 */
public abstract class ArchitectureContract {

    private final String basePackage;
    private final JavaClasses main;

    protected ArchitectureContract(String basePackage) {
        this.basePackage = basePackage;
        this.main = ArchitectureRules.mainClasses(basePackage);
    }

    @Test
    void grpcClassesHoldNoSqlAndNoTransactions() {
        ArchitectureRules.grpcClassesHoldNoSqlAndNoTransactions().check(main);
    }

    @Test
    void featurePackagesAreFreeOfCycles() {
        ArchitectureRules.featurePackagesAreFreeOfCycles(basePackage).check(main);
    }

    @Test
    void statementsRunOnlyInRepositories() {
        ArchitectureRules.statementsOnlyInRepositories().check(main);
    }

    @Test
    void repositoriesHoldNoServices() {
        ArchitectureRules.repositoriesHoldNoServices().check(main);
    }
}
