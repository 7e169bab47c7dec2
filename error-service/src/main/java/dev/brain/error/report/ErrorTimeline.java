package dev.brain.error.report;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.report.repository.ErrorRepository;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorTimelineRequest;
import dev.brain.grpc.v1.ErrorTimelineResponse;
import dev.brain.grpc.v1.OccurrenceDay;
import io.grpc.Status;

/** {@code ErrorTimeline}: one error's occurrences per UTC day, read from the index {@code occ_error_idx}. */
@ApplicationScoped
@Transactional
public class ErrorTimeline {

    static final int DEFAULT_DAYS = 90;
    static final int MAX_DAYS = 365;

    private final ErrorRepository repository;
    private final Scopes scopes;
    private final ErrorRows errors;

    public ErrorTimeline(ErrorRepository repository, Scopes scopes, ErrorRows errors) {
        this.repository = repository;
        this.scopes = scopes;
        this.errors = errors;
    }

    public ErrorTimelineResponse timeline(ErrorTimelineRequest request) {
        int days = request.getDays() == 0 ? DEFAULT_DAYS : request.getDays();
        if (days < 1 || days > MAX_DAYS) {
            throw Status.INVALID_ARGUMENT.withDescription("days: " + days + " is outside 1.." + MAX_DAYS)
                    .asRuntimeException();
        }
        CallScope scope = scopes.forRead(request.getScope());
        errors.require(scope.tenant(), request.getErrorId(), "error_id");
        Instant from = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(days - 1L, ChronoUnit.DAYS);
        List<OccurrenceDay> rows = repository.occurrencesPerDay(request.getErrorId(), scope.tenant(), from);
        return ErrorTimelineResponse.newBuilder().addAllDays(rows).build();
    }
}
