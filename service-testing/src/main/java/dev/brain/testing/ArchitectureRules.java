package dev.brain.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The layering every service keeps, as ArchUnit rules a service's test checks on its own main classes:
 * gRPC classes parse, call a service and map — no SQL, no transactions —, statements live in a feature's
 * {@code repository} package, a repository only runs statements, and feature packages do not depend on each other in
 * a circle.
 */
public final class ArchitectureRules {

    private ArchitectureRules() {
    }

    /** The service's main classes below {@code basePackage} (tests excluded). */
    public static JavaClasses mainClasses(String basePackage) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(basePackage);
    }

    /**
     * No class in a {@code grpc} package touches JDBC, the data-access layer's statements ({@code Jdbc}, the import
     * writer) or a transaction; {@code dev.brain.db.Page}, a page of a list, is no database access.
     */
    public static ArchRule grpcClassesHoldNoSqlAndNoTransactions() {
        return noClasses().that().resideInAPackage("..grpc..")
                .should().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..", "dev.brain.db.transfer..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("dev.brain.db.Jdbc")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("io.quarkus.narayana.jta.QuarkusTransaction")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("jakarta.transaction.Transactional")
                .because("gRPC classes only parse, call a service and map; SQL lives in repositories and"
                        + " transactions on service classes");
    }

    /** The feature packages directly below {@code basePackage} ({@code dev.brain.error.(report)..}) form no cycle. */
    public static ArchRule featurePackagesAreFreeOfCycles(String basePackage) {
        return slices().matching(basePackage + ".(*)..").should().beFreeOfCycles();
    }

    /**
     * Statements ({@code Jdbc}, JDBC itself) are run only by classes in a {@code repository} package: services keep
     * the order of the steps and the transaction. Rows and mappers that read a {@code ResultSet} handed to them are
     * repository classes too.
     */
    public static ArchRule statementsOnlyInRepositories() {
        return noClasses().that().resideOutsideOfPackage("..repository..")
                .should().dependOnClassesThat().haveFullyQualifiedName("dev.brain.db.Jdbc")
                .orShould().dependOnClassesThat().resideInAnyPackage("java.sql..", "javax.sql..")
                .because("SQL lives in a feature's repository package; services orchestrate (issue #43)");
    }

    /**
     * A repository runs statements and maps rows: it calls no service, scheduler or gRPC class of the service and
     * opens no transaction (the service that calls it does). Returning the contract's messages ({@code
     * dev.brain.grpc.v1}) is mapping, not calling.
     */
    public static ArchRule repositoriesHoldNoServices() {
        return noClasses().that().resideInAPackage("..repository..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.brain.*..service..", "dev.brain.*..grpc..",
                        "dev.brain.*..scheduler..")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("io.quarkus.narayana.jta.QuarkusTransaction")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("jakarta.transaction.Transactional")
                .because("a repository runs statements; the order of steps and the transaction belong to services");
    }
}
