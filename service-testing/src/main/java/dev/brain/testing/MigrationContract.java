package dev.brain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

/** The service's migrations build its schema from nothing, and a second run changes nothing. */
public abstract class MigrationContract {

    @Inject
    protected DataSource dataSource;

    private final String schema;
    private final List<String> tables;

    /** {@code schema}: a throwaway schema for the check; {@code tables}: the tables the migrations must create. */
    protected MigrationContract(String schema, String... tables) {
        this.schema = schema;
        this.tables = List.of(tables);
    }

    @Test
    public void migratesAnEmptySchemaAndIsANoOpTheSecondTime() throws Exception {
        var result = MigrationCheck.migrateTwice(dataSource, schema, tables);
        assertThat(result.firstRun()).isPositive();
        assertThat(result.tablesPresent()).containsExactlyInAnyOrderElementsOf(tables);
        assertThat(result.secondRun()).isZero();
    }
}
