package dev.brain.error.report.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.StackFrame;
import io.grpc.Status;

/**
 * Reads of table {@code error} as {@link ErrorRecord}s, always tenant-scoped, and of its frames (table
 * {@code stack_frame}); the columns and row mappings the other reads of errors share.
 */
@ApplicationScoped
public class ErrorRows {

    public static final String COLUMNS = """
            e.id, e.project_id, p.name as project, e.fingerprint, e.error_type, e.message, e.message_template,
            e.language, e.parser, e.source_file, e.source_line, e.raw_truncated_bytes, e.command,
            e.working_directory, e.task_context, e.labels, e.occurrence_count, e.first_seen_at, e.last_seen_at,
            e.resolved, e.resolved_at, e.embedded_at is not null as embedded, e.not_an_error""";
    public static final String FROM = " from error e join project p on p.id = e.project_id ";

    private final Jdbc jdbc;

    public ErrorRows(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<ErrorRecord> find(String tenant, long id) {
        return jdbc.one("select " + COLUMNS + FROM + "where e.tenant = ? and e.id = ?", ErrorRows::map, tenant, id);
    }

    /** The error of the tenant, or NOT_FOUND naming the field (ids of another tenant are not found either). */
    public ErrorRecord require(String tenant, long id, String field) {
        if (id <= 0) {
            throw Status.INVALID_ARGUMENT.withDescription(field + " is required").asRuntimeException();
        }
        return find(tenant, id).orElseThrow(() -> Status.NOT_FOUND
                .withDescription(field + " " + id + ": no such error").asRuntimeException());
    }

    public ErrorRecord withRawOutput(String tenant, ErrorRecord error) {
        String raw = jdbc.one("select raw_output from error where tenant = ? and id = ?", rs -> rs.getString(1),
                tenant, error.getId()).orElse("");
        return error.toBuilder().setRawOutput(raw).build();
    }

    public List<ErrorRecord> byIds(String tenant, Long[] ids) {
        return jdbc.list("select " + COLUMNS + FROM + "where e.tenant = ? and e.id = any(?)", ErrorRows::map, tenant,
                ids);
    }

    /** The frames of the error the caller's condition on {@code error_id} names, innermost first. */
    public static final String FRAMES = """
            select position, function_name, file_path, line_number, column_number, context_line, in_app, normalized
            from stack_frame where error_id = %s order by position""";

    public List<StackFrame> frames(long errorId) {
        return jdbc.list(FRAMES.formatted("?"), ErrorRows::frame, errorId);
    }

    public static StackFrame frame(ResultSet rs) throws SQLException {
        return StackFrame.newBuilder()
                .setPosition(rs.getInt("position"))
                .setFunctionName(Columns.text(rs, "function_name"))
                .setFilePath(Columns.text(rs, "file_path"))
                .setLineNumber(rs.getInt("line_number"))
                .setColumnNumber(rs.getInt("column_number"))
                .setContextLine(Columns.text(rs, "context_line"))
                .setInApp(rs.getBoolean("in_app"))
                .setNormalized(rs.getString("normalized")).build();
    }

    public static ErrorRecord map(ResultSet rs) throws SQLException {
        ErrorRecord.Builder b = ErrorRecord.newBuilder()
                .setId(rs.getLong("id"))
                .setProjectId(rs.getLong("project_id"))
                .setProject(rs.getString("project"))
                .setFingerprint(rs.getString("fingerprint"))
                .setErrorType(rs.getString("error_type"))
                .setMessage(rs.getString("message"))
                .setMessageTemplate(rs.getString("message_template"))
                .setLanguage(Columns.text(rs, "language"))
                .setParser(rs.getString("parser"))
                .setSourceFile(Columns.text(rs, "source_file"))
                .setSourceLine(rs.getInt("source_line"))
                .setRawTruncatedBytes(rs.getLong("raw_truncated_bytes"))
                .setCommand(Columns.text(rs, "command"))
                .setWorkingDirectory(Columns.text(rs, "working_directory"))
                .setTaskContext(Columns.text(rs, "task_context"))
                .addAllLabels(Jdbc.strings(rs, "labels"))
                .setOccurrenceCount(rs.getInt("occurrence_count"))
                .setFirstSeenAt(Columns.timestamp(rs, "first_seen_at"))
                .setLastSeenAt(Columns.timestamp(rs, "last_seen_at"))
                .setResolved(rs.getBoolean("resolved"))
                .setEmbedded(rs.getBoolean("embedded"))
                .setNotAnError(rs.getBoolean("not_an_error"));
        if (rs.getTimestamp("resolved_at") != null) {
            b.setResolvedAt(Columns.timestamp(rs, "resolved_at"));
        }
        return b.build();
    }
}
