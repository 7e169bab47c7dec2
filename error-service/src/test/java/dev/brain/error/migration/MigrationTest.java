package dev.brain.error.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.MessageTemplate;
import dev.brain.testing.MigrationCheck;
import dev.brain.testing.MigrationContract;
import io.quarkus.test.junit.QuarkusTest;

/** The service's migrations build the schema from nothing, and a second run changes nothing. */
@QuarkusTest
class MigrationTest extends MigrationContract {

    MigrationTest() {
        super("error_migration_test", "project", "error", "solution", "outbox");
    }

    /** V5 moves every stored vector into {@code error_embedding}; an unembedded error stays for the worker. */
    @Test
    void v5KeepsTheStoredVectorsInTheirOwnTable() throws Exception {
        String schema = "error_v5_migration_test";
        try (var scratch = MigrationCheck.scratchAt(dataSource, schema, "4");
                Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute("insert into " + schema + ".project (tenant, name, created_at, updated_at)"
                    + " values ('t', 'p', now(), now())");
            String error = """
                    insert into %1$s.error (tenant, project_id, fingerprint, error_type, message, message_template, parser,
                                       raw_output, first_seen_at, last_seen_at, embedding, embedded_at)
                    select 't', id, '%2$s', 'E', 'm', 'm', 'generic', 'm', now(), now(), %3$s, %4$s from %1$s.project""";
            s.execute(error.formatted(schema, "a".repeat(64), "'[1,0,0]'", "'2026-01-02T00:00:00Z'"));
            s.execute(error.formatted(schema, "b".repeat(64), "null", "null"));

            assertThat(scratch.migrate("latest")).isPositive();

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
        }
    }

    /**
     * V6 copies each error's recency into {@code error_recency}; its trigger keeps the copy equal on insert, on a
     * recurrence, on a changed template (a new shape) and deletes it with the error — writing from a session whose
     * search path is not the migrated schema.
     */
    @Test
    void v6KeepsTheRecencyTableEqualToTheErrors() throws Exception {
        String schema = "error_v6_migration_test";
        try (var scratch = MigrationCheck.scratchAt(dataSource, schema, "5");
                Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute("insert into " + schema + ".project (tenant, name, created_at, updated_at)"
                    + " values ('t', 'p', now(), now())");
            String error = """
                    insert into %1$s.error (tenant, project_id, fingerprint, error_type, message, message_template, parser,
                                       raw_output, first_seen_at, last_seen_at)
                    select 't', id, '%2$s', 'E', 'm', '%3$s', 'generic', 'm', now(), '%4$s' from %1$s.project""";
            s.execute(error.formatted(schema, "a".repeat(64), "no such table \"users\"", "2026-01-01T00:00:00Z"));

            assertThat(scratch.migrate("latest")).isPositive();
            assertThat(differences(s, schema)).isZero();

            s.execute(error.formatted(schema, "b".repeat(64), "disk full", "2026-01-02T00:00:00Z"));
            s.execute("update %s.error set last_seen_at = '2026-01-03T00:00:00Z', occurrence_count = 2 where fingerprint = '%s'"
                    .formatted(schema, "a".repeat(64)));
            s.execute("update %s.error set message_template = 'no space left' where fingerprint = '%s'"
                    .formatted(schema, "b".repeat(64)));
            assertThat(differences(s, schema)).isZero();
            assertThat(count(s, "select count(*) from %s.error_recency where last_seen_at = '2026-01-03T00:00:00Z'"
                    .formatted(schema))).isEqualTo(1);
            // V9: the count and the open / listed flags follow resolutions and corrections too
            s.execute("update %s.error set resolved = true where fingerprint = '%s'".formatted(schema, "b".repeat(64)));
            s.execute("update %s.error set not_an_error = true where fingerprint = '%s'".formatted(schema, "a".repeat(64)));
            assertThat(differences(s, schema)).isZero();
            assertThat(count(s, "select count(*) from %s.error_recency where open or listed".formatted(schema))).isEqualTo(1);

            s.execute("delete from %s.error where fingerprint = '%s'".formatted(schema, "a".repeat(64)));
            assertThat(count(s, "select count(*) from %s.error_recency".formatted(schema))).isEqualTo(1);
            assertThat(differences(s, schema)).isZero();
        }
    }

    /**
     * V7 computes every stored error's search vector with the identifier parts; V7.1 re-keys stored errors with the
     * frame keys of §5.4 as they are now, so that a new report of a stored error finds its row. Two stored errors that
     * the new key makes one (the same diagnostic with another echoed line) are not merged: the more recently seen takes
     * the fingerprint. A fingerprint the old keys do not reproduce is left alone; antipatterns follow their error.
     */
    @Test
    void v7SearchesStoredErrorsByPartsAndV71ReKeysThem() throws Exception {
        String schema = "error_v7_migration_test";
        String type = "E0382";
        String template = "borrow of moved value: `settings`";
        try (var scratch = MigrationCheck.scratchAt(dataSource, schema, "6");
                Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute("insert into " + schema + ".project (tenant, name, created_at, updated_at)"
                    + " values ('t', 'p', now(), now())");
            String line14 = "println!(\"{}\", settings.port);";
            String line31 = "log::info!(\"listening on {}\", settings.address());";
            long older = storedError(c, schema, type, template, "rustc", "2026-01-01T00:00:00Z", "the SettingsLoader",
                    null, line14, "src/bootstrap.rs");
            long newer = storedError(c, schema, type, template, "rustc", "2026-01-02T00:00:00Z", null,
                    null, line31, "/home/bob/api/src/bootstrap.rs");
            long chunk = storedError(c, schema, "TypeError", "fetch failed", "node", "2026-01-01T00:00:00Z", null,
                    "handler", null, "/app/.next/server/chunks/742.js");
            long imported = storedError(c, schema, "E0599", "no method named `go`", "rustc", "2026-01-01T00:00:00Z", null,
                    null, "x.go();", "src/x.rs");
            s.execute("update %s.error set fingerprint = '%s' where id = %d".formatted(schema, "f".repeat(64), imported));
            String chunkBefore = fingerprint(s, schema, chunk);
            String olderBefore = fingerprint(s, schema, older);
            s.execute("""
                    insert into %1$s.antipattern (tenant, source_error_id, description, error_type, fingerprint,
                        message_template, severity, failed_attempts, confidence, created_at, updated_at)
                    select tenant, id, 'd', error_type, fingerprint, message_template, 'warning', 2, 0.6, now(), now()
                    from %1$s.error where id = %2$d""".formatted(schema, chunk));

            assertThat(scratch.migrate("latest")).isPositive();

            String rekeyed = Fingerprints.fingerprint(type, template, List.of("diag@bootstrap.rs"));
            assertThat(AnalyzedError.of("error[E0382]: borrow of moved value: `settings`\n --> src/bootstrap.rs:9:5\n")
                    .fingerprint()).isEqualTo(rekeyed);
            assertThat(fingerprint(s, schema, newer)).isEqualTo(rekeyed);
            assertThat(fingerprint(s, schema, older)).isEqualTo(olderBefore);
            assertThat(fingerprint(s, schema, chunk)).isNotEqualTo(chunkBefore)
                    .isEqualTo(Fingerprints.fingerprint("TypeError", "fetch failed", List.of("handler@<H>.js")));
            assertThat(fingerprint(s, schema, imported)).isEqualTo("f".repeat(64));
            assertThat(count(s, """
                    select count(*) from %s.stack_frame where (error_id, normalized) in
                      ((%d, 'diag@bootstrap.rs'), (%d, 'diag@bootstrap.rs'), (%d, 'handler@<H>.js'), (%d, 'diag@x.rs'))"""
                    .formatted(schema, older, newer, chunk, imported))).isEqualTo(4);
            assertThat(count(s, "select count(*) from %s.antipattern where fingerprint = '%s'".formatted(schema,
                    fingerprint(s, schema, chunk)))).isEqualTo(1);
            assertThat(count(s, """
                    select count(*) from %s.error where id = %d
                      and search_vector @@ 'settings & loader & bootstrap.rs'::tsquery""".formatted(schema, older)))
                    .isEqualTo(1);
        }
    }

    /** An error of one frame stored with §5.4's keys as they were before V7.1 (a key of the echoed line). */
    private static long storedError(Connection c, String schema, String type, String template, String parser,
            String lastSeen, String taskContext, String function, String contextLine, String file) throws Exception {
        String oldKey = (function != null ? function : "ctx:" + MessageTemplate.template(contextLine)) + "@"
                + file.substring(file.lastIndexOf('/') + 1);
        long id;
        try (PreparedStatement s = c.prepareStatement("""
                insert into %s.error (tenant, project_id, fingerprint, error_type, message, message_template, parser,
                                      raw_output, first_seen_at, last_seen_at, task_context, stack_text)
                select 't', id, ?, ?, ?, ?, ?, 'm', ?::timestamptz, ?::timestamptz, ?, ? from %1$s.project returning id"""
                .formatted(schema))) {
            s.setString(1, Fingerprints.fingerprint(type, template, List.of(oldKey)));
            s.setString(2, type);
            s.setString(3, template);
            s.setString(4, template);
            s.setString(5, parser);
            s.setString(6, lastSeen);
            s.setString(7, lastSeen);
            s.setString(8, taskContext);
            s.setString(9, (function == null ? "" : function) + " " + file + "\n");
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                id = rs.getLong(1);
            }
        }
        try (PreparedStatement s = c.prepareStatement("""
                insert into %s.stack_frame (error_id, position, function_name, file_path, context_line, in_app, normalized)
                values (?, 0, ?, ?, ?, true, ?)""".formatted(schema))) {
            s.setLong(1, id);
            s.setString(2, function);
            s.setString(3, file);
            s.setString(4, contextLine);
            s.setString(5, oldKey);
            s.executeUpdate();
        }
        return id;
    }

    private static String fingerprint(Statement s, String schema, long errorId) throws Exception {
        try (ResultSet rs = s.executeQuery("select fingerprint from %s.error where id = %d".formatted(schema, errorId))) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Rows of either table without an equal row in the other. */
    private static int differences(Statement s, String schema) throws Exception {
        return count(s, """
                select count(*) from %1$s.error e full join %1$s.error_recency r on r.error_id = e.id
                where (e.tenant, e.project_id, e.error_type, e.message_shape, e.last_seen_at, e.occurrence_count,
                       not e.resolved and not e.not_an_error, not e.not_an_error)
                      is distinct from (r.tenant, r.project_id, r.error_type, r.message_shape, r.last_seen_at,
                       r.occurrence_count, r.open, r.listed)"""
                .formatted(schema));
    }

    private static int count(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * A recurrence changes {@code occurrence_count} and {@code last_seen_at} (§5.8). No index of {@code error} may
     * hold either, or the update stops being HOT and writes the wide row into every index again (V6).
     */
    @Test
    void noIndexOfErrorHoldsWhatARecurrenceChanges() throws Exception {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select indexdef from pg_indexes where schemaname = 'error'"
                        + " and tablename = 'error'")) {
            List<String> definitions = new java.util.ArrayList<>();
            while (rs.next()) {
                definitions.add(rs.getString(1));
            }
            assertThat(definitions).hasSizeGreaterThanOrEqualTo(5)
                    .noneMatch(d -> d.contains("occurrence_count") || d.contains("last_seen_at"));
        }
    }
}
