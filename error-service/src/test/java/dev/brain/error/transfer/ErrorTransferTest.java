package dev.brain.error.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.CommandSucceeded;
import dev.brain.grpc.v1.ErrorImportConflict;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import dev.brain.grpc.v1.FileEdited;
import dev.brain.grpc.v1.ImportErrorsRequest;
import dev.brain.grpc.v1.ImportErrorsResponse;
import dev.brain.grpc.v1.RecordToolUseRequest;
import dev.brain.grpc.v1.ReportAttemptRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportSolutionRequest;
import dev.brain.grpc.v1.RunLearningCycleRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionOutcome;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * ExportErrors / ImportErrors over real gRPC and PostgreSQL: round trip into another project and tenant, paging,
 * tenant isolation, the conflict modes, bad lines and redaction of imported text.
 */
@QuarkusTest
class ErrorTransferTest extends ErrorServiceTestBase {

    static final String FIRST = "Error: Cannot find module 'zod'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)\n    at load (/srv/app/src/schema.js:3:1)";
    static final String SECOND = "TypeError: schema.parse is not a function\n    at validate (/srv/app/src/validate.js:12:20)";
    static final String PYTHON = """
            Traceback (most recent call last):
              File "/home/dev/shop/app.py", line 12, in <module>
                main()
              File "/home/dev/shop/app.py", line 8, in main
                print(user["name"].upper())
            TypeError: 'NoneType' object is not subscriptable
            """;
    static final String FP = "a".repeat(64);

    final ObjectMapper json = new ObjectMapper();

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    /**
     * Errors A (3 occurrences, 2 failed attempts → antipattern), B (chained after A, solved, failed once), C (solved, partial),
     * and a rule.
     */
    private void sourceData(String project) {
        long a = report(project, "s1", FIRST, "npm test").getError().getId();
        report(project, FIRST);
        report(project, FIRST);
        clock.advance(Duration.ofMinutes(1));
        long b = report(project, "s1", SECOND, "npm test").getError().getId();
        long c = report(project, PYTHON).getError().getId();
        long solB = errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope(project)).setErrorId(b)
                .setTitle("Use schema.safeParse").setDescription("zod 3 renamed the call").addSteps("npm i zod@3")
                .addSteps("replace parse").setCodeBefore("const result = schema.parse(input);\n")
                .setCodeAfter("const result = schema.safeParse(input);\n").build()).getSolution().getId();
        rate(b, solB, SolutionOutcome.SOLUTION_OUTCOME_FAILURE);
        long solC = solve(project, c, "Check for None first").getSolution().getId();
        rate(c, solC, SolutionOutcome.SOLUTION_OUTCOME_PARTIAL);
        for (String tried : List.of("npm install", "rm -rf node_modules")) {
            errors().reportAttempt(ReportAttemptRequest.newBuilder().setScope(scope(project)).setErrorId(a)
                    .setDescription(tried).setReason("still missing").build());
        }
        clock.advance(Duration.ofMinutes(1));
        learning().runLearningCycle(RunLearningCycleRequest.getDefaultInstance());
        jdbc.update("""
                insert into rule (tenant, project_id, dedup_key, name, description, error_type, required_tokens,
                                  commands, action, rule_type, base_successes, base_total, confidence,
                                  source_error_ids, last_evidence_at, created_at, updated_at)
                values (?, (select id from project where tenant = ? and name = ?), ?, 'Auto: schema parse',
                        'learned', 'TypeError', '{schema,parse}', '{npm test}',
                        jsonb_build_object('type', 'apply_solution', 'solution_ids', jsonb_build_array(?::bigint),
                                           'message', 'Use schema.safeParse'),
                        'suggestion', 2.5, 3, 0.61, ?, now(), now(), now())""", tenant, tenant, project,
                "b".repeat(64), solB, new Long[] { b, c });
    }

    private List<ExportErrorsResponse> pages(String t, Scope scope, int pageSize) {
        List<ExportErrorsResponse> pages = new ArrayList<>();
        String token = "";
        do {
            ExportErrorsResponse page = errors(t).exportErrors(ExportErrorsRequest.newBuilder().setScope(scope)
                    .setPageSize(pageSize).setPageToken(token).build());
            pages.add(page);
            token = page.getNextPageToken();
            assertThat(pages).as("pages").hasSizeLessThan(1000);
        } while (!token.isEmpty());
        return pages;
    }

    private String export(String t, Scope scope, int pageSize) {
        StringBuilder all = new StringBuilder();
        pages(t, scope, pageSize).forEach(p -> all.append(p.getJsonl().toStringUtf8()));
        return all.toString();
    }

    private ImportErrorsResponse importInto(String t, String project, String jsonl, ErrorImportConflict onConflict) {
        return errors(t).importErrors(ImportErrorsRequest.newBuilder().setScope(scope(project))
                .setJsonl(ByteString.copyFrom(jsonl, StandardCharsets.UTF_8)).setOnConflict(onConflict).build());
    }

    /** The project's data without ids: what a round trip must reproduce. */
    private List<String> snapshot(String t, String project) {
        List<String> rows = new ArrayList<>();
        String p = " join project p on p.id = e.project_id where e.tenant = ? and p.name = ?";
        rows.addAll(jdbc.list("""
                select 'error ' || e.fingerprint || '|' || e.error_type || '|' || e.message || '|' || e.message_template
                       || '|' || coalesce(e.language, '') || '|' || e.parser || '|' || coalesce(e.source_file, '')
                       || '|' || coalesce(e.source_line::text, '') || '|' || coalesce(e.stack_text, '') || '|'
                       || e.raw_output || '|' || coalesce(e.command, '') || '|' || array_to_string(e.labels, ',')
                       || '|' || e.occurrence_count || '|' || e.first_seen_at || '|' || e.last_seen_at || '|'
                       || e.resolved || '|' || coalesce(e.resolved_at::text, '') || '|'
                       || (select coalesce(string_agg(f.position || ':' || coalesce(f.function_name, '') || '@'
                               || coalesce(f.file_path, '') || ':' || coalesce(f.line_number::text, '') || ':'
                               || coalesce(f.column_number::text, '') || ':' || f.in_app || ':' || f.normalized, ','
                               order by f.position), '') from stack_frame f where f.error_id = e.id)
                from error e""" + p + " order by 1", rs -> rs.getString(1), t, project));
        rows.addAll(jdbc.list("""
                select 'link ' || e.fingerprint || '|' || s.title || '|' || coalesce(s.description, '') || '|'
                       || array_to_string(s.steps, ';') || '|' || coalesce(s.code_before, '') || '|' || s.confidence
                       || '|' || s.success_count || '/' || s.failure_count || '/' || s.partial_count || '|'
                       || array_to_string(s.removed_line_hashes, ',') || '|' || s.last_used_at || '|' || es.confidence
                       || '|' || es.success_count || '/' || es.failure_count || '/' || es.partial_count || '|'
                       || coalesce(es.last_outcome, '') || '|' || es.last_applied_at || '|' || s.source || '|'
                       || s.observed_success_count || '/' || es.observed_success_count || '|' || coalesce(s.change_key, '')
                from error_solution es join solution s on s.id = es.solution_id join error e on e.id = es.error_id"""
                + p + " order by 1", rs -> rs.getString(1), t, project));
        rows.addAll(jdbc.list("""
                select 'outcome ' || e.fingerprint || '|' || s.title || '|' || o.outcome || '|' || coalesce(o.notes, '')
                       || '|' || o.applied_at
                from solution_outcome o join solution s on s.id = o.solution_id join error e on e.id = o.error_id"""
                + p + " order by 1", rs -> rs.getString(1), t, project));
        rows.addAll(jdbc.list("""
                select 'attempt ' || e.fingerprint || '|' || a.description || '|' || a.outcome || '|'
                       || coalesce(a.reason, '') || '|' || a.attempted_at || '|' || a.source
                from solution_attempt a join error e on e.id = a.error_id""" + p + " order by 1",
                rs -> rs.getString(1), t, project));
        rows.addAll(jdbc.list(
                """
                        select 'chain ' || string_agg(e.fingerprint || '+' || coalesce(ce.time_delta_ms::text, '-'), '>'
                                                      order by ce.position) || '|' || c.started_at || '|' || c.last_at || '|' || c.length
                        from error_chain c join error_chain_entry ce on ce.chain_id = c.id join error e on e.id = ce.error_id
                        join project p on p.id = c.project_id where c.tenant = ? and p.name = ? group by c.id order by 1""",
                rs -> rs.getString(1), t, project));
        rows.addAll(jdbc.list("""
                select 'rule ' || r.dedup_key || '|' || r.name || '|' || r.confidence || '|' || r.rule_type || '|'
                       || (r.action->>'type') || '|' || (r.action->>'message') || '|'
                       || (select coalesce(string_agg(s.title, ',' order by s.title), '') from solution s
                           where s.id in (select jsonb_array_elements_text(r.action->'solution_ids')::bigint)) || '|'
                       || (select coalesce(string_agg(e.fingerprint, ',' order by e.fingerprint), '') from error e
                           where e.id = any(r.source_error_ids)) || '|' || array_to_string(r.commands, ',') || '|'
                       || r.base_successes || '/' || r.base_total || '|' || r.active
                from rule r join project p on p.id = r.project_id where r.tenant = ? and p.name = ? order by 1""",
                rs -> rs.getString(1), t, project));
        rows.addAll(jdbc.list("""
                select 'antipattern ' || e.fingerprint || '|' || a.fingerprint || '|' || a.severity || '|'
                       || a.confidence || '|' || a.failed_attempts || '|' || a.description || '|'
                       || array_to_string(a.commands, ',') || '|' || a.active
                from antipattern a join error e on e.id = a.source_error_id""" + p + " order by 1",
                rs -> rs.getString(1), t, project));
        return rows;
    }

    private long rows(String table, String t) {
        return jdbc.count("select count(*) from " + table + " where tenant = ?", t);
    }

    private String header() {
        return "{\"kind\":\"header\",\"format\":\"brain-errors\",\"version\":1,\"exported_at\":\"2026-01-01T00:00:00Z\"}\n";
    }

    /** A minimal valid error line, changed by {@code edit}. */
    private String errorLine(long id, Consumer<ObjectNode> edit) {
        ObjectNode e = json.createObjectNode().put("kind", "error").put("id", id).put("project_id", 1)
                .put("fingerprint", FP).put("error_type", "TypeError").put("message", "x is not a function")
                .put("message_template", "x is not a function").put("parser", "node")
                .put("raw_output", "TypeError: x is not a function").put("occurrence_count", 1)
                .put("first_seen_at", "2026-01-01T10:00:00+00:00").put("last_seen_at", "2026-01-02T10:00:00.123456+00:00");
        e.putArray("frames").addObject().put("position", 0).put("function_name", "run").put("file_path", "/srv/a.js")
                .put("line_number", 3).put("in_app", true).put("normalized", "run|a.js");
        edit.accept(e);
        return e.toString() + "\n";
    }

    private static void assertStatus(Runnable call, Status.Code code, Consumer<String> description) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).as(e.getStatus().toString()).isEqualTo(code);
            description.accept(e.getStatus().getDescription());
        });
    }

    // ---------------------------------------------------------------------------------------------------------

    @Test
    void exportThenImportIntoAnotherTenantReproducesTheProject() {
        sourceData("shop");
        List<String> source = snapshot(tenant, "shop");
        assertThat(source).anyMatch(r -> r.startsWith("antipattern ")).anyMatch(r -> r.startsWith("chain "))
                .anyMatch(r -> r.startsWith("rule ")).anyMatch(r -> r.startsWith("attempt "))
                .anyMatch(r -> r.startsWith("outcome "));

        String exported = export(tenant, scope("shop"), 3);
        List<String> lines = exported.lines().toList();
        assertThat(lines.get(0)).contains("\"kind\":\"header\"").contains("\"format\":\"brain-errors\"")
                .contains("\"version\":1").contains("\"project\":\"shop\"");
        assertThat(lines.subList(1, lines.size())).extracting(l -> l.replaceAll("^\\{\"kind\" ?: ?\"([a-z_]+)\".*", "$1"))
                .containsSubsequence("project", "error", "solution", "error_solution", "outcome", "attempt", "chain",
                        "rule", "antipattern");

        ImportErrorsResponse imported = importInto(otherTenant, "copy", exported,
                ErrorImportConflict.ERROR_IMPORT_CONFLICT_FAIL);
        assertThat(imported.getErrorsList()).isEmpty();
        assertThat(imported.getCountsMap()).containsExactlyInAnyOrderEntriesOf(Map.of("project", 1L, "error", 3L,
                "solution", 2L, "error_solution", 2L, "outcome", 4L, "attempt", 2L, "chain", 1L, "rule", 1L,
                "antipattern", 1L));
        assertThat(snapshot(otherTenant, "copy")).containsExactlyElementsOf(source);
        // an import is not a cause of synapse events (error-code.md §12.1)
        assertThat(rows("outbox", otherTenant)).isZero();
        // and the imported tenant's export is the same file, up to ids
        String again = export(otherTenant, scope("copy"), 0);
        assertThat(withoutIds(again)).containsExactlyElementsOf(withoutIds(exported.replace("\"project\":\"shop\"",
                "\"project\":\"copy\"").replace("\"name\":\"shop\"", "\"name\":\"copy\"")));
    }

    @Test
    void whatASessionTaughtKeepsItsSourceAndObservedSuccessesThroughARoundTrip() {
        String session = "s-trail";
        ReportErrorRequest failed = ReportErrorRequest.newBuilder().setScope(scope("shop", session)).setRawOutput(PYTHON)
                .setCommand("python3 app.py").setObserved(true).build();
        errors().reportError(failed);
        edit(session, "@@ -8,1 +8,1 @@\n-    print(user[\"name\"].upper())\n+    print(user[\"name\"])\n");
        errors().reportError(failed);
        edit(session, "@@ -8,1 +8,1 @@\n-    print(user[\"name\"])\n+    print((user or {}).get(\"name\", \"\"))\n");
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope("shop", session))
                .setCommandSucceeded(CommandSucceeded.newBuilder().setCommand("python3 app.py")).build());
        List<String> source = snapshot(tenant, "shop");
        assertThat(source).anyMatch(r -> r.startsWith("link ") && r.contains("|observed|1/1|"))
                .anyMatch(r -> r.startsWith("attempt ") && r.endsWith("|observed"));

        importInto(otherTenant, "copy", export(tenant, scope("shop"), 0), ErrorImportConflict.ERROR_IMPORT_CONFLICT_FAIL);
        assertThat(snapshot(otherTenant, "copy")).containsExactlyElementsOf(source);
    }

    private void edit(String session, String diff) {
        sessions().recordToolUse(RecordToolUseRequest.newBuilder().setScope(scope("shop", session))
                .setFileEdited(FileEdited.newBuilder().setFilePath("app.py").setDiff(diff)).build());
    }

    /** Lines with every id and the project's timestamps blanked (ids differ after an import; the order may not). */
    private List<String> withoutIds(String jsonl) {
        return jsonl.lines()
                .map(l -> l.replaceAll("\"(id|project_id|error_id|solution_id|source_error_id)\" ?: ?\\d+", "\"$1\":_")
                        .replaceAll("\"(solution_ids|source_error_ids)\" ?: ?\\[[0-9, ]*\\]", "\"$1\":_")
                        .replaceAll("\"(created_at|updated_at)\" ?: ?\"[^\"]+\"\\}$", "\"$1\":_}")
                        .replaceAll("^(\\{\"kind\" ?: ?\"project\").*", "$1"))
                .sorted().toList();
    }

    @Test
    void exportPagesAreKeysetPagedAndNeverShowAnotherTenant() {
        report("shop", "Error: tenant-one-marker missing\n    at run (/srv/one.js:1:1)");
        report("blog", "Error: blog-marker missing\n    at run (/srv/blog.js:1:1)");
        solve("shop", report("shop", SECOND).getError().getId(), "one-solution");
        errors(otherTenant).reportError(dev.brain.grpc.v1.ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput("Error: tenant-two-marker missing\n    at run (/srv/two.js:1:1)").build());

        String whole = export(tenant, Scope.getDefaultInstance(), 0);
        assertThat(whole).contains("tenant-one-marker").contains("blog-marker").doesNotContain("tenant-two-marker");
        String other = export(otherTenant, Scope.getDefaultInstance(), 0);
        assertThat(other).contains("tenant-two-marker").doesNotContain("tenant-one-marker").doesNotContain("one-solution");
        String blog = export(tenant, scope("blog"), 0);
        assertThat(blog).contains("blog-marker").doesNotContain("tenant-one-marker").doesNotContain("one-solution");
        assertThat(blog.lines().filter(l -> l.matches("\\{\"kind\" ?: ?\"project\".*"))).hasSize(1);

        // one record per page, the header on the first; the same lines as one big page; the last token is empty
        List<ExportErrorsResponse> pages = pages(tenant, Scope.getDefaultInstance(), 1);
        assertThat(pages.get(0).getJsonl().toStringUtf8().lines()).hasSize(2);
        assertThat(pages.subList(1, pages.size())).allSatisfy(p -> assertThat(p.getJsonl().toStringUtf8().lines()).hasSize(1));
        assertThat(pages.get(pages.size() - 1).getNextPageToken()).isEmpty();
        assertThat(String.join("", pages.stream().map(p -> p.getJsonl().toStringUtf8()).toList())).isEqualTo(whole);
        assertThat(whole.lines()).hasSize(pages.size() + 1);

        assertStatus(() -> errors().exportErrors(ExportErrorsRequest.newBuilder().setScope(scope("nope")).build()),
                Status.Code.NOT_FOUND, d -> assertThat(d).contains("nope"));
        assertStatus(() -> errors().exportErrors(ExportErrorsRequest.newBuilder().setPageToken("garbage").build()),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).contains("page_token"));
        assertStatus(() -> errors().exportErrors(ExportErrorsRequest.newBuilder().setPageSize(1001).build()),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).contains("page_size"));
        assertStatus(() -> errors().exportErrors(ExportErrorsRequest.newBuilder()
                .setScope(Scope.newBuilder().setTenant(otherTenant)).build()),
                Status.Code.PERMISSION_DENIED, d -> assertThat(d).contains("scope.tenant"));
    }

    @Test
    void conflictModesFailSkipAndReplace() {
        sourceData("shop");
        String exported = export(tenant, scope("shop"), 0);
        importInto(otherTenant, "copy", exported, ErrorImportConflict.ERROR_IMPORT_CONFLICT_UNSPECIFIED);
        List<String> copy = snapshot(otherTenant, "copy");
        long solutions = rows("solution", otherTenant);
        long errorRows = rows("error", otherTenant);

        // FAIL (the default): every conflict named, nothing written
        assertStatus(() -> importInto(otherTenant, "copy", exported, ErrorImportConflict.ERROR_IMPORT_CONFLICT_FAIL),
                Status.Code.ALREADY_EXISTS, d -> assertThat(d).startsWith("line ").contains("already exists")
                        .contains("rule bbbbbbbbbbbb").contains("nothing was imported"));
        assertThat(snapshot(otherTenant, "copy")).isEqualTo(copy);
        assertThat(rows("solution", otherTenant)).isEqualTo(solutions);

        // SKIP: the existing records stand, nothing is duplicated (no orphan solutions either)
        ImportErrorsResponse skipped = importInto(otherTenant, "copy", exported,
                ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP);
        assertThat(skipped.getErrorsList()).isEmpty();
        assertThat(skipped.getCountsMap()).doesNotContainKeys("error", "solution", "error_solution", "attempt", "rule",
                "antipattern").containsEntry("project", 1L).containsKey("skipped");
        assertThat(snapshot(otherTenant, "copy")).isEqualTo(copy);
        assertThat(rows("solution", otherTenant)).isEqualTo(solutions);

        // REPLACE: rows keep their ids, their content and what hangs on them become the imported ones
        List<Long> ids = jdbc.list("select id from error where tenant = ? order by id", rs -> rs.getLong(1), otherTenant);
        String changed = exported.replace("schema.parse is not a function", "schema.parse is not a function (changed)")
                .replace("Use schema.safeParse", "Pin zod");
        ImportErrorsResponse replaced = importInto(otherTenant, "copy", changed,
                ErrorImportConflict.ERROR_IMPORT_CONFLICT_REPLACE);
        assertThat(replaced.getErrorsList()).isEmpty();
        assertThat(replaced.getCountsMap()).containsEntry("error", 3L).containsEntry("replaced", 5L)
                .containsEntry("error_solution", 2L).containsEntry("attempt", 2L);
        assertThat(jdbc.list("select id from error where tenant = ? order by id", rs -> rs.getLong(1), otherTenant))
                .isEqualTo(ids);
        assertThat(jdbc.list(
                """
                        select s.title from error_solution es join solution s on s.id = es.solution_id join error e on e.id = es.error_id
                        where e.tenant = ? and e.message like '%(changed)' order by 1""",
                rs -> rs.getString(1), otherTenant))
                .containsExactly("Pin zod");
        assertThat(jdbc.count("select count(*) from solution_attempt where tenant = ?", otherTenant)).isEqualTo(2);
        assertThat(rows("error", otherTenant)).isEqualTo(errorRows);
        // replacing with the original export restores the copy exactly
        importInto(otherTenant, "copy", exported, ErrorImportConflict.ERROR_IMPORT_CONFLICT_REPLACE);
        assertThat(snapshot(otherTenant, "copy")).isEqualTo(copy);

        // into another project of the same tenant: errors are new there, the tenant-wide rule key is not
        assertStatus(() -> importInto(tenant, "shop-copy", exported, ErrorImportConflict.ERROR_IMPORT_CONFLICT_FAIL),
                Status.Code.ALREADY_EXISTS, d -> assertThat(d).contains("rule bbbbbbbbbbbb"));
        assertThat(jdbc.count("select count(*) from project where tenant = ? and name = 'shop-copy'", tenant))
                .as("the project created by the failed call is rolled back too").isZero();
        ImportErrorsResponse sameTenant = importInto(tenant, "shop-copy", exported,
                ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP);
        assertThat(sameTenant.getCountsMap()).containsEntry("error", 3L).containsEntry("skipped", 1L)
                .doesNotContainKey("rule");
    }

    @Test
    void badLinesAreNamedAndFailTheCallUnderFail() {
        String jsonl = header()
                + "{not json\n"
                + "{\"kind\":\"bogus\"}\n"
                + errorLine(7, e -> e.remove("fingerprint"))
                + "{\"kind\":\"attempt\",\"id\":1,\"error_id\":99,\"description\":\"x\",\"outcome\":\"failure\","
                + "\"attempted_at\":\"2026-01-01T00:00:00Z\"}\n"
                + "\n"
                + errorLine(8, e -> {
                })
                + "{\"kind\":\"attempt\",\"id\":2,\"error_id\":7,\"description\":\"x\",\"outcome\":\"failure\","
                + "\"attempted_at\":\"2026-01-01T00:00:00Z\"}\n"
                + "{\"kind\":\"attempt\",\"id\":3,\"error_id\":8,\"outcome\":\"success\",\"description\":\"y\","
                + "\"attempted_at\":\"2026-01-01T00:00:00Z\"}\n"
                + errorLine(9, e -> e.put("fingerprint", "c".repeat(64)).put("first_seen_at", "yesterday"));

        assertStatus(() -> importInto(tenant, "shop", jsonl, ErrorImportConflict.ERROR_IMPORT_CONFLICT_FAIL),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).startsWith("line 2: malformed JSON")
                        .contains("line 3: kind: must be one of").contains("'bogus'")
                        .contains("line 4: fingerprint: 64 lowercase hex")
                        .contains("line 5: error_id: no error line with id 99 above")
                        .contains("line 8: error_id: error 7 (line 4) was not imported")
                        .contains("line 9: outcome: 'success' is not one of failure, partial")
                        .contains("line 10: first_seen_at: 'yesterday' is not an ISO-8601 timestamp")
                        .contains("nothing was imported"));
        assertThat(rows("error", tenant)).isZero();
        assertThat(rows("project", tenant)).isZero();

        ImportErrorsResponse skip = importInto(tenant, "shop", jsonl, ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP);
        assertThat(skip.getErrorsList()).hasSize(7).allSatisfy(e -> assertThat(e).matches("line \\d+: .*"));
        assertThat(skip.getCountsMap()).containsExactlyInAnyOrderEntriesOf(Map.of("error", 1L));
        assertThat(jdbc.list("select fingerprint from error where tenant = ?", rs -> rs.getString(1), tenant))
                .containsExactly(FP);

        // whole-call problems: no header, wrong format, no project, too much
        assertStatus(() -> importInto(tenant, "shop", errorLine(1, e -> {
        }), ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).startsWith("line 1: the first line must be the header"));
        assertStatus(() -> importInto(tenant, "shop", header().replace("\"version\":1", "\"version\":2"),
                ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).startsWith("line 1: version"));
        assertStatus(() -> importInto(tenant, "", header(), ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).isEqualTo("scope.project is required"));
        assertStatus(() -> importInto(tenant, "shop", "", ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).startsWith("jsonl"));
        String big = header() + " ".repeat(ErrorImport.MAX_BYTES);
        assertStatus(() -> importInto(tenant, "shop", big, ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP),
                Status.Code.INVALID_ARGUMENT, d -> assertThat(d).contains("16 MiB"));
    }

    @Test
    void importedTextIsCleanedRedactedAndHeldToTheReportLimits() {
        String secretOutput = "TypeError: boom\u0000 with token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"
                + "DATABASE_PASSWORD=hunter2hunter2\n\u001b[31mred\u001b[0m";
        String jsonl = header()
                + errorLine(1,
                        e -> e.put("raw_output", secretOutput)
                                .put("message", "boom\u0000 ghp_abcdefghijklmnopqrstuvwxyz0123456789")
                                .put("command", "curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456' https://x")
                                .put("task_context", "export API_KEY=sk-live-123456"))
                + "{\"kind\":\"solution\",\"id\":5,\"title\":\"Rotate AKIAABCDEFGHIJKLMNOP\",\"description\":"
                + "\"postgres://app:s3cret@db:5432/app\",\"steps\":[\"use github_pat_abcdefghijklmnopqrstuvwxyz\"],"
                + "\"confidence\":0.5,\"last_used_at\":\"2026-01-01T00:00:00Z\",\"created_at\":\"2026-01-01T00:00:00Z\","
                + "\"updated_at\":\"2026-01-01T00:00:00Z\"}\n"
                + "{\"kind\":\"error_solution\",\"error_id\":1,\"solution_id\":5,\"confidence\":0.5,"
                + "\"last_applied_at\":\"2026-01-01T00:00:00Z\",\"created_at\":\"2026-01-01T00:00:00Z\"}\n"
                + errorLine(2, e -> e.put("fingerprint", "d".repeat(64)).put("command", "x".repeat(8 * 1024 + 1)))
                + errorLine(3, e -> e.put("fingerprint", "e".repeat(64)).put("error_type", "T".repeat(201)));
        ImportErrorsResponse response = importInto(tenant, "shop", jsonl, ErrorImportConflict.ERROR_IMPORT_CONFLICT_SKIP);
        assertThat(response.getErrorsList()).containsExactly("line 5: command: at most 8 KiB",
                "line 6: error_type: at most 200 characters");
        assertThat(response.getCountsMap()).containsEntry("error", 1L).containsEntry("solution", 1L);

        var stored = jdbc.one("select raw_output, message, command, task_context from error where tenant = ?",
                rs -> new String[] { rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4) }, tenant)
                .orElseThrow();
        assertThat(stored[0]).contains("<REDACTED:github_token>").contains("DATABASE_PASSWORD=<REDACTED:secret>")
                .doesNotContain("ghp_abc").doesNotContain("hunter2").doesNotContain("\u0000").doesNotContain("\u001b");
        assertThat(stored[1]).isEqualTo("boom <REDACTED:github_token>");
        assertThat(stored[2]).contains("Bearer <REDACTED:bearer_token>").doesNotContain("abcdefghijklmnop");
        assertThat(stored[3]).doesNotContain("sk-live");
        var solution = jdbc.one("select title, description, steps[1] from solution where tenant = ?",
                rs -> new String[] { rs.getString(1), rs.getString(2), rs.getString(3) }, tenant).orElseThrow();
        assertThat(solution[0]).isEqualTo("Rotate <REDACTED:aws_access_key>");
        assertThat(solution[1]).isEqualTo("postgres://app:<REDACTED:password>@db:5432/app");
        assertThat(solution[2]).isEqualTo("use <REDACTED:github_token>");
        assertThat(rows("outbox", tenant)).isZero();
    }
}
