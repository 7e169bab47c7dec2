package dev.brain.error.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.testing.MigrationCheck;
import io.quarkus.test.junit.QuarkusTest;

/** The service's migrations build the schema from nothing, and a second run changes nothing. */
@QuarkusTest
class MigrationTest {

    @Inject
    DataSource dataSource;

    @Test
    void migratesAnEmptySchemaAndIsANoOpTheSecondTime() throws Exception {
        List<String> tables = List.of("project", "error", "solution", "outbox");
        var result = MigrationCheck.migrateTwice(dataSource, "error_migration_test", tables);
        assertThat(result.firstRun()).isPositive();
        assertThat(result.tablesPresent()).containsExactlyInAnyOrderElementsOf(tables);
        assertThat(result.secondRun()).isZero();
    }
}
