package dev.brain.research.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/** The service's migrations build the schema from nothing, and a second run changes nothing. */
@QuarkusTest
class MigrationTest {

    static final String SCHEMA = "research_migration_test";

    @Inject
    DataSource dataSource;

    private Flyway flyway() {
        return Flyway.configure().dataSource(dataSource).schemas(SCHEMA).defaultSchema(SCHEMA)
                .locations("classpath:db/migration").placeholders(Map.of("dim", "384")).load();
    }

    @AfterEach
    void dropSchema() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("drop schema if exists " + SCHEMA + " cascade");
        }
    }

    @Test
    void migratesAnEmptySchemaAndIsANoOpTheSecondTime() throws Exception {
        dropSchema();
        assertThat(flyway().migrate().migrationsExecuted).isPositive();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from information_schema.tables where table_schema = '"
                        + SCHEMA + "' and table_name in ('insight', 'knowledge_entry', 'job_run', 'none')")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(3);
        }
        assertThat(flyway().migrate().migrationsExecuted).isZero();
    }
}
