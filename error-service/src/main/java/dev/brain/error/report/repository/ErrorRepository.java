package dev.brain.error.report.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.Timestamp;

import dev.brain.db.Jdbc;
import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;
import dev.brain.error.report.Matcher;
import dev.brain.grpc.v1.OccurrenceDay;

/**
 * The writes of a reported error and the reads around it: tables {@code error}, {@code error_occurrence} and
 * {@code stack_frame} (the upsert of a report, its frames, the re-match bookkeeping), an error as a matching probe,
 * store sizes, an error's occurrences per day, and the common words of the full text (PostgreSQL's statistics of
 * {@code error.search_vector} in {@code pg_stats}).
 */
@ApplicationScoped
public class ErrorRepository {

    private final Jdbc jdbc;

    public ErrorRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The rest of the transaction commits without waiting for the WAL flush ({@code synchronous_commit = off} for the
     * current transaction only).
     */
    public void commitWithoutWaitingForTheFlush() {
        jdbc.update("set local synchronous_commit = off");
    }

    /**
     * An occurrence to store: the analyzed output with its type and message cut to the columns' lengths, the
     * request's cleaned fields, the hash of the raw output.
     */
    public record NewOccurrence(String tenant, Long projectId, Long sessionId, OffsetDateTime now, AnalyzedError analyzed,
            String type, String message, String stackText, String command, String workingDirectory, String taskContext,
            String rawOutputSha256) {
    }

    /**
     * The upserted error and its new occurrence: {@code inserted} (a new error), {@code embedded} (a recurring
     * error that has its vector), {@code elsewhereToday} (its fingerprint seen in another project of the tenant
     * within 24 h), {@code reopened} (it was resolved and occurred again).
     */
    public record Upserted(long errorId, boolean inserted, boolean embedded, boolean elsewhereToday, long occurrenceId,
            boolean reopened) {
    }

    /**
     * The error upserted on (project, fingerprint) and its occurrence inserted, in one statement. A resolved error
     * that occurs again is reopened, unless a person said it is not an error; {@code was} reads the row as it was
     * before the statement.
     */
    public Upserted upsert(NewOccurrence o) {
        AnalyzedError analyzed = o.analyzed();
        ParsedError parsed = analyzed.parsed();
        OffsetDateTime now = o.now();
        return jdbc.one("""
                with was as (
                  select resolved and not not_an_error as reopens from error
                  where tenant = ? and project_id = ? and fingerprint = ?),
                e as (
                  insert into error as e (tenant, project_id, fingerprint, error_type, message, message_template,
                                          language, parser, source_file, source_line, stack_text, raw_output,
                                          raw_truncated_bytes, command, working_directory, task_context, labels,
                                          first_session_id, first_seen_at, last_seen_at, matched_through)
                  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                          (select max(id) from error where tenant = ?))
                  on conflict (project_id, fingerprint) do update set
                      occurrence_count = e.occurrence_count + 1,
                      last_seen_at = greatest(e.last_seen_at, excluded.last_seen_at),
                      resolved = e.resolved and e.not_an_error,
                      resolved_at = case when e.not_an_error then e.resolved_at end,
                      matched_through = excluded.matched_through, rematch_due = false
                  returning id, tenant, project_id, (xmax = 0) as inserted, embedded_at is not null as embedded,
                      exists (select 1 from error o where o.tenant = e.tenant and o.fingerprint = e.fingerprint
                                and o.project_id <> e.project_id and o.last_seen_at >= ?) as elsewhere_today),
                occurrence as (
                  insert into error_occurrence (tenant, project_id, error_id, session_id, occurred_at, command,
                                                working_directory, raw_output_sha256)
                  select e.tenant, e.project_id, e.id, ?, ?, ?, ?, ? from e returning id)
                select e.id, e.inserted, e.embedded, e.elsewhere_today, occurrence.id,
                       not e.inserted and coalesce((select reopens from was), false)
                from e, occurrence""",
                rs -> new Upserted(rs.getLong(1), rs.getBoolean(2), rs.getBoolean(3), rs.getBoolean(4), rs.getLong(5),
                        rs.getBoolean(6)),
                o.tenant(), o.projectId(), analyzed.fingerprint(), o.tenant(), o.projectId(),
                analyzed.fingerprint(), o.type(), o.message(),
                analyzed.template(), parsed.language(), parsed.parser(), parsed.sourceFile(), parsed.sourceLine(),
                o.stackText(), analyzed.rawOutput(), (int) analyzed.truncatedBytes(), o.command(),
                o.workingDirectory(), o.taskContext(), analyzed.labels().toArray(String[]::new),
                o.sessionId(), now, now, o.tenant(), now.minusHours(24), o.sessionId(), now, o.command(),
                o.workingDirectory(), o.rawOutputSha256()).orElseThrow();
    }

    /**
     * A missing task context filled in. Not in the upsert's SET: naming the column there recomputes the generated
     * search vector (task_context is one of its parts) on every recurrence.
     */
    public void fillTaskContext(long errorId, String taskContext) {
        jdbc.update("update error set task_context = ? where id = ? and task_context is null", taskContext, errorId);
    }

    /** The frames of a new error, in one statement; {@code parser} normalizes each frame's key. */
    public void insertFrames(long errorId, List<Frame> frames, String parser) {
        int n = frames.size();
        Long[] positions = new Long[n];
        String[] functions = new String[n];
        String[] files = new String[n];
        String[] lines = new String[n];
        String[] columns = new String[n];
        String[] contexts = new String[n];
        String[] inApp = new String[n];
        String[] keys = new String[n];
        for (int i = 0; i < n; i++) {
            Frame f = frames.get(i);
            positions[i] = (long) i;
            functions[i] = f.function();
            files[i] = f.file();
            lines[i] = f.line() == null ? null : f.line().toString();
            columns[i] = f.column() == null ? null : f.column().toString();
            contexts[i] = f.contextLine();
            inApp[i] = Boolean.toString(f.inApp());
            keys[i] = Fingerprints.frameKey(f, parser);
        }
        jdbc.update("""
                insert into stack_frame (error_id, position, function_name, file_path, line_number, column_number,
                                         context_line, in_app, normalized)
                select ?, p, fn, fp, ln::integer, col::integer, ctx, ia::boolean, k
                from unnest(?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
                     as t(p, fn, fp, ln, col, ctx, ia, k)""", errorId, positions, functions, files, lines, columns,
                contexts, inApp, keys);
    }

    /** A stored error as a §5.7 probe, with its project and its first (reporting) session. */
    public record Probed(Matcher.Probe probe, long projectId, String project, Long sessionId) {
    }

    /** A stored error as a §5.7 probe (same frame keys as the candidates': in-app first 10, else the first 10). */
    public Optional<Probed> probe(long errorId) {
        return jdbc.one("""
                select e.tenant, e.project_id, p.name, e.first_session_id, e.fingerprint, e.error_type,
                       e.message_template, e.source_file, e.working_directory,
                       (select array_agg(normalized order by position) from (
                          select f.normalized, f.position from stack_frame f where f.error_id = e.id
                            and (f.in_app or not exists (select 1 from stack_frame g where g.error_id = e.id and g.in_app))
                          order by f.position limit 10) k) as keys
                from error e join project p on p.id = e.project_id where e.id = ?""", rs -> new Probed(
                new Matcher.Probe(rs.getString("tenant"), null, errorId, rs.getString("fingerprint"),
                        rs.getString("error_type"), rs.getString("message_template"), rs.getString("source_file"),
                        rs.getString("working_directory"), Jdbc.strings(rs, "keys")),
                rs.getLong("project_id"), rs.getString("name"), Jdbc.longOrNull(rs, "first_session_id")), errorId);
    }

    /** An error's project and first (reporting) session, null when it had none. */
    public record FirstSession(long projectId, Long sessionId) {
    }

    public Optional<FirstSession> firstSession(long errorId) {
        return jdbc.one("select project_id, first_session_id from error where id = ?",
                rs -> new FirstSession(rs.getLong(1), Jdbc.longOrNull(rs, "first_session_id")), errorId);
    }

    /** The tenant's count of errors (linear in them). */
    public long storeSize(String tenant) {
        return jdbc.count("select count(*) from error where tenant = ?", tenant);
    }

    /** The project's count of errors. */
    public long projectSize(String tenant, long projectId) {
        return jdbc.count("select count(*) from error where tenant = ? and project_id = ?", tenant, projectId);
    }

    /** The errors marked for a re-match, oldest first, at most {@code limit}. */
    public List<Long> rematchDue(int limit) {
        return jdbc.list("select id from error where rematch_due order by id limit ?", rs -> rs.getLong(1), limit);
    }

    /** The tenant's newest error id, 0 without errors. */
    public long lastId(String tenant) {
        return jdbc.count("select coalesce(max(id), 0) from error where tenant = ?", tenant);
    }

    /** The error matched against the tenant's errors up to id {@code through}: no longer due. */
    public void matchedThrough(long errorId, long through) {
        jdbc.update("update error set matched_through = ?, rematch_due = false where id = ?", through, errorId);
    }

    /** The error's occurrences per UTC day from {@code from}, read from the index {@code occ_error_idx}. */
    public List<OccurrenceDay> occurrencesPerDay(long errorId, String tenant, Instant from) {
        return jdbc.list("""
                select date_trunc('day', occurred_at, 'UTC') as day, count(*) from error_occurrence
                where error_id = ? and tenant = ? and occurred_at >= ? group by 1 order by 1""",
                rs -> OccurrenceDay.newBuilder()
                        .setDay(Timestamp.newBuilder().setSeconds(rs.getTimestamp(1).toInstant().getEpochSecond()))
                        .setOccurrences(rs.getLong(2)).build(),
                errorId, tenant, from);
    }

    /**
     * The lexemes of {@code error.search_vector} that the statistics estimate in more than {@code hits} rows, all
     * tenants together; none for a table never analyzed.
     */
    public List<String> commonWords(int hits) {
        // most_common_elem_freqs holds one frequency per element, then the minimum, maximum and null frequency:
        // the zip pads the elements with nulls there
        return jdbc.list("""
                select e.lexeme from pg_stats s
                  cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, freq)
                  cross join pg_class c
                where s.schemaname = current_schema() and s.tablename = 'error' and s.attname = 'search_vector'
                  and c.oid = 'error'::regclass and e.lexeme is not null and e.freq * c.reltuples > ?
                order by e.lexeme""", rs -> rs.getString(1), hits);
    }
}
