package dev.brain.error.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import org.flywaydb.core.Flyway;

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

    /** V5 moves every stored vector into {@code error_embedding}; an unembedded error stays for the worker. */
    @Test
    void v5KeepsTheStoredVectorsInTheirOwnTable() throws Exception {
        String schema = "error_v5_migration_test";
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("drop schema if exists " + schema + " cascade");
            var flyway = Flyway.configure().dataSource(dataSource).schemas(schema).defaultSchema(schema)
                    .locations("classpath:db/migration").placeholders(Map.of("dim", "3"));
            flyway.target("4").load().migrate();
            // names qualified: the pooled connection must keep its search path
            s.execute("insert into " + schema + ".project (tenant, name, created_at, updated_at)"
                    + " values ('t', 'p', now(), now())");
            String error = """
                    insert into %1$s.error (tenant, project_id, fingerprint, error_type, message, message_template, parser,
                                       raw_output, first_seen_at, last_seen_at, embedding, embedded_at)
                    select 't', id, '%2$s', 'E', 'm', 'm', 'generic', 'm', now(), now(), %3$s, %4$s from %1$s.project""";
            s.execute(error.formatted(schema, "a".repeat(64), "'[1,0,0]'", "'2026-01-02T00:00:00Z'"));
            s.execute(error.formatted(schema, "b".repeat(64), "null", "null"));

            assertThat(flyway.target("latest").load().migrate().migrationsExecuted).isPositive();

            try (ResultSet rs = s.executeQuery("""
                    select e.fingerprint, e.embedded_at is not null, x.tenant, x.embedding::text
                    from %1$s.error e left join %1$s.error_embedding x on x.error_id = e.id
                    order by e.fingerprint""".formatted(schema))) {
                assertThat(rs.next()).isTrue();
                assertThat(List.of(rs.getBoolean(2), rs.getString(3), rs.getString(4))).containsExactly(true, "t", "[1,0,0]");
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBoolean(2)).isFalse();
                assertThat(rs.getString(4)).isNull();
            }
            try (ResultSet rs = s.executeQuery("""
                    select count(*) from information_schema.columns
                    where table_schema = '%s' and table_name = 'error' and column_name = 'embedding'""".formatted(schema))) {
                rs.next();
                assertThat(rs.getInt(1)).isZero();
            }
        } finally {
            try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
                s.execute("drop schema if exists " + schema + " cascade");
            }
        }
    }
}
