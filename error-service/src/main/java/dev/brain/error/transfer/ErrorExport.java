package dev.brain.error.transfer;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;

import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.error.transfer.repository.ExportRepository;
import dev.brain.error.transfer.repository.ExportRepository.Line;
import dev.brain.grpc.v1.ExportErrorsRequest;
import dev.brain.grpc.v1.ExportErrorsResponse;
import io.grpc.Status;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * {@code ExportErrors} (error-code.md §14): the tenant's error data — or one project's — as JSON lines, one page
 * per call. The first page starts with the header line; then the records kind by kind in dependency order (the
 * kinds of {@link ExportRepository}: what a record references always comes earlier), each kind in key order. A page
 * holds at most {@code page_size} records and ends early once it passes {@value #MAX_PAGE_BYTES} bytes (whole lines
 * only); the page token is the last key returned (keyset paging: stable, never skips or repeats a record that
 * exists for the whole export; rows written during an export may or may not appear). The lines are built by
 * PostgreSQL ({@code json_build_object}, in {@link ExportRepository}), so doubles keep their shortest exact text and
 * timestamps their microseconds. Every statement filters on the caller's tenant.
 */
@ApplicationScoped
public class ErrorExport {

    public static final String FORMAT = "brain-errors";
    public static final int VERSION = 1;
    static final int DEFAULT_PAGE = 500;
    static final int MAX_PAGE = 1000;
    /** A page ends after the line that passes this size (the gateway's gRPC client accepts 16 MiB). */
    static final int MAX_PAGE_BYTES = 1 << 20;
    /** Rows per statement. */
    static final int BATCH = 100;

    /** Where a page starts: the kind and the last key returned (0 before the first). */
    record Position(int kind, long key1, long key2) {
        static final Position START = new Position(0, 0, 0);

        String token() {
            return "v1." + kind + "." + key1 + "." + key2;
        }

        static Position of(String token) {
            if (token.isEmpty()) {
                return START;
            }
            String[] parts = token.split("\\.", -1);
            try {
                if (parts.length != 4 || !parts[0].equals("v1")) {
                    throw new NumberFormatException();
                }
                Position p = new Position(Integer.parseInt(parts[1]), Long.parseLong(parts[2]), Long.parseLong(parts[3]));
                if (p.kind < 0 || p.kind >= ExportRepository.KIND_COUNT || p.key1 < 0 || p.key2 < 0) {
                    throw new NumberFormatException();
                }
                return p;
            } catch (NumberFormatException e) {
                throw Status.INVALID_ARGUMENT.withDescription("page_token is not valid").asRuntimeException();
            }
        }
    }

    private final ExportRepository repository;
    private final Scopes scopes;
    private final ObjectMapper json;
    private final Clock clock;

    public ErrorExport(ExportRepository repository, Scopes scopes, ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.scopes = scopes;
        this.json = json;
        this.clock = clock;
    }

    public ExportErrorsResponse export(ExportErrorsRequest request) {
        if (request.getPageSize() < 0 || request.getPageSize() > MAX_PAGE) {
            throw Status.INVALID_ARGUMENT.withDescription("page_size: 0-" + MAX_PAGE).asRuntimeException();
        }
        int pageSize = request.getPageSize() == 0 ? DEFAULT_PAGE : request.getPageSize();
        Position start = Position.of(request.getPageToken());
        return QuarkusTransaction.requiringNew().call(() -> {
            CallScope scope = scopes.forRead(request.getScope());
            if (scope.project() != null && scope.projectId() == null) {
                throw Status.NOT_FOUND.withDescription("scope.project '" + scope.project() + "': no such project")
                        .asRuntimeException();
            }
            return page(scope, start, pageSize);
        });
    }

    private ExportErrorsResponse page(CallScope scope, Position start, int pageSize) {
        StringBuilder out = new StringBuilder();
        int bytes = 0;
        if (start.equals(Position.START)) {
            String header = header(scope.project());
            out.append(header).append('\n');
            bytes += header.getBytes(StandardCharsets.UTF_8).length + 1;
        }
        int records = 0;
        int kind = start.kind();
        long key1 = start.key1();
        long key2 = start.key2();
        boolean full = false;
        while (kind < ExportRepository.KIND_COUNT && !full) {
            int limit = Math.min(BATCH, pageSize - records);
            List<Line> rows = repository.linesAfter(kind, scope.tenant(), scope.projectId(), key1, key2, limit);
            for (Line row : rows) {
                int size = row.json().getBytes(StandardCharsets.UTF_8).length + 1;
                if (records > 0 && bytes + size > MAX_PAGE_BYTES) {
                    full = true;
                    break;
                }
                out.append(row.json()).append('\n');
                bytes += size;
                records++;
                key1 = row.key1();
                key2 = row.key2();
            }
            if (!full && records >= pageSize) {
                full = true;
            }
            if (!full && rows.size() < limit) {
                kind++;
                key1 = 0;
                key2 = 0;
            }
        }
        String next = "";
        if (full && more(scope, kind, key1, key2)) {
            next = new Position(kind, key1, key2).token();
        }
        return ExportErrorsResponse.newBuilder().setJsonl(ByteString.copyFromUtf8(out.toString()))
                .setNextPageToken(next).build();
    }

    String header(String project) {
        ObjectNode header = json.createObjectNode().put("kind", "header").put("format", FORMAT).put("version", VERSION)
                .put("exported_at", OffsetDateTime.now(clock).toString());
        if (project != null) {
            header.put("project", project);
        }
        return header.toString();
    }

    /** Whether any record follows the position (in its kind or a later one). */
    private boolean more(CallScope scope, int kind, long key1, long key2) {
        for (int k = kind; k < ExportRepository.KIND_COUNT; k++) {
            if (repository.anyAfter(k, scope.tenant(), scope.projectId(), k == kind ? key1 : 0, k == kind ? key2 : 0)) {
                return true;
            }
        }
        return false;
    }
}
