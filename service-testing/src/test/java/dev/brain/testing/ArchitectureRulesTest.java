package dev.brain.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

/** Each rule of {@link ArchitectureRules} fails on a small code base that breaks it (fixture packages). */
class ArchitectureRulesTest {

    private static final String SHOP = "dev.brain.testing.fixture.shop";
    private static final JavaClasses SHOP_CLASSES = new ClassFileImporter().importPackages(SHOP);

    @Test
    void aGrpcClassRunningAStatementFails() {
        assertThatThrownBy(() -> ArchitectureRules.grpcClassesHoldNoSqlAndNoTransactions().check(SHOP_CLASSES))
                .isInstanceOf(AssertionError.class).hasMessageContaining("LeakyGrpc")
                .hasMessageNotContaining("OrderService");
    }

    @Test
    void aStatementOutsideARepositoryFails() {
        assertThatThrownBy(() -> ArchitectureRules.statementsOnlyInRepositories().check(SHOP_CLASSES))
                .isInstanceOf(AssertionError.class).hasMessageContaining("OrderService").hasMessageContaining("LeakyGrpc")
                .hasMessageNotContaining("OrderRepository");
    }

    @Test
    void aRepositoryCallingAServiceFails() {
        assertThatThrownBy(() -> ArchitectureRules.repositoriesHoldNoServices().check(SHOP_CLASSES))
                .isInstanceOf(AssertionError.class).hasMessageContaining("BusyRepository")
                .hasMessageNotContaining("OrderRepository.count");
    }

    @Test
    void featurePackagesThatNeedEachOtherFail() {
        String root = "dev.brain.testing.fixture.cycle";
        JavaClasses classes = new ClassFileImporter().importPackages(root);
        assertThatThrownBy(() -> ArchitectureRules.featurePackagesAreFreeOfCycles(root).check(classes))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Alpha").hasMessageContaining("Beta");
    }

    @Test
    void gRpcToServiceToRepositoryKeepsEveryRule() {
        String root = "dev.brain.testing.fixture.clean";
        JavaClasses classes = new ClassFileImporter().importPackages(root);
        assertThatCode(() -> {
            ArchitectureRules.grpcClassesHoldNoSqlAndNoTransactions().check(classes);
            ArchitectureRules.statementsOnlyInRepositories().check(classes);
            ArchitectureRules.repositoriesHoldNoServices().check(classes);
            ArchitectureRules.featurePackagesAreFreeOfCycles(root).check(classes);
        }).doesNotThrowAnyException();
    }
}
