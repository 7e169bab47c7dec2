package dev.brain.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;

/**
 * Runs a service's own migrations into a throwaway schema twice: from nothing, then again. The schema is
 * dropped before and after.
 */
public final class MigrationCheck {

    /** Migrations executed by the first and the second run, and which of the expected tables exist. */
    public record Result(int firstRun, int secondRun, List<String> tablesPresent) {
    }

    private MigrationCheck() {
    }

    public static Result migrateTwice(DataSource dataSource, String schema, List<String> expectedTables) throws Exception {
        drop(dataSource, schema);
        try {
            Flyway flyway = Flyway.configure().dataSource(dataSource).schemas(schema).defaultSchema(schema)
                    .locations("classpath:db/migration").placeholders(Map.of("dim", "384")).load();
            int first = flyway.migrate().migrationsExecuted;
            List<String> present = new ArrayList<>();
            try (Connection c = dataSource.getConnection();
                    PreparedStatement s = c.prepareStatement(
                            "select table_name from information_schema.tables where table_schema = ? and table_name = any(?)")) {
                s.setString(1, schema);
                s.setArray(2, c.createArrayOf("text", expectedTables.toArray()));
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        present.add(rs.getString(1));
                    }
                }
            }
            int second = flyway.migrate().migrationsExecuted;
            return new Result(first, second, present);
        } finally {
            drop(dataSource, schema);
        }
    }

    /**
     * A throwaway schema for an upgrade test, migrated by {@link #scratchAt} up to a version (vectors of 3
     * dimensions); {@link #migrate} runs later migrations, {@link #close} drops the schema. Statements on it
     * qualify their names: a pooled connection must keep its search path.
     */
    public record Scratch(DataSource dataSource, String schema) implements AutoCloseable {

        /** Runs the migrations up to {@code target} ("latest" for all); returns how many ran. */
        public int migrate(String target) {
            return Flyway.configure().dataSource(dataSource).schemas(schema).defaultSchema(schema)
                    .locations("classpath:db/migration").placeholders(Map.of("dim", "3")).target(target).load()
                    .migrate().migrationsExecuted;
        }

        @Override
        public void close() throws Exception {
            drop(dataSource, schema);
        }
    }

    /** {@code schema} dropped, then migrated up to {@code version}. */
    public static Scratch scratchAt(DataSource dataSource, String schema, String version) throws Exception {
        drop(dataSource, schema);
        Scratch scratch = new Scratch(dataSource, schema);
        scratch.migrate(version);
        return scratch;
    }

    private static void drop(DataSource dataSource, String schema) throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("drop schema if exists " + schema + " cascade");
        }
    }
}
