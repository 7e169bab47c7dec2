package dev.brain.tenancy;

import java.sql.SQLException;

import jakarta.enterprise.context.ApplicationScoped;

import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.ExceptionHandler;
import io.quarkus.grpc.ExceptionHandlerProvider;
import io.quarkus.logging.Log;

/**
 * The one place where an exception becomes a gRPC status (overview.md, "Errors"): statuses pass through;
 * a lost database connection, or the connection pool of an instance that is shutting down, is {@code UNAVAILABLE}; anything else is {@code INTERNAL} with a one-line
 * description (the stack trace goes to the log, never to the caller) — never {@code UNKNOWN}.
 */
@ApplicationScoped
public class StatusMapping implements ExceptionHandlerProvider {

    /** The start of the message of Agroal's exception when its pool is closed (it has no SQLState). */
    static final String POOL_CLOSED = "This pool is closed";

    @Override
    public <Q, R> ExceptionHandler<Q, R> createHandler(ServerCall.Listener<Q> listener, ServerCall<Q, R> call,
            Metadata metadata) {
        return new ExceptionHandler<>(listener, call, metadata) {
            @Override
            protected void handleException(Throwable failure, ServerCall<Q, R> serverCall, Metadata trailers) {
                serverCall.close(toStatus(failure), trailers == null ? new Metadata() : trailers);
            }
        };
    }

    @Override
    public Throwable transform(Throwable failure) {
        return toStatus(failure).asRuntimeException();
    }

    /** The status a caller sees for {@code failure}. */
    public static Status toStatus(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof StatusRuntimeException e) {
                return e.getStatus();
            }
            if (t instanceof StatusException e) {
                return e.getStatus();
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
                return Status.UNAVAILABLE.withDescription("database unavailable: " + oneLine(sql.getMessage()));
            }
            // Agroal's pool closes while this instance shuts down (SIGTERM, a rolling restart), with a request still
            // in flight; its exception has no SQLState: UNAVAILABLE lets the caller retry on another instance
            if (t instanceof SQLException sql && sql.getSQLState() == null && sql.getMessage() != null
                    && sql.getMessage().startsWith(POOL_CLOSED)) {
                return Status.UNAVAILABLE.withDescription("shutting down: " + oneLine(sql.getMessage()));
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            // 22021 character_not_in_repertoire (a NUL in text), 22P05 untranslatable_character: RequestText removes
            // NUL from every request, so this is text that came another way (a file, an import)
            if (t instanceof SQLException sql && ("22021".equals(sql.getSQLState()) || "22P05".equals(sql.getSQLState()))) {
                return Status.INVALID_ARGUMENT.withDescription("text: holds a character the database cannot store (NUL,"
                        + " \\u0000): " + oneLine(sql.getMessage()));
            }
        }
        Log.errorf(failure, "unexpected failure in a gRPC call");
        return Status.INTERNAL.withDescription(failure.getClass().getSimpleName() + ": " + oneLine(failure.getMessage()));
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "no detail";
        }
        String line = message.lines().findFirst().orElse("").trim();
        return line.length() > 200 ? line.substring(0, 200) + "…" : line;
    }
}
