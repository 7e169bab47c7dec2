package dev.brain.memory.migration;

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
        List<String> tables = List.of("synapse", "long_term_node", "long_term_node_embedding", "long_term_edge",
                "short_term_entry");
        var result = MigrationCheck.migrateTwice(dataSource, "memory_migration_test", tables);
        assertThat(result.firstRun()).isPositive();
        assertThat(result.tablesPresent()).containsExactlyInAnyOrderElementsOf(tables);
        assertThat(result.secondRun()).isZero();
    }
}
