package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Page;
import dev.brain.error.analytics.repository.ErrorAnalyticsRepository;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.RecurringError;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.UnresolvedRecurringRequest;
import dev.brain.grpc.v1.UnresolvedRecurringResponse;

/**
 * {@code UnresolvedRecurring} (error-code.md §14): unresolved errors with at least {@code min_occurrences}
 * occurrences, most frequent first (ties: last seen first, then higher id), each with its failed attempts =
 * recorded attempts + {@code failure} outcomes (the count ReportAttempt and the antipattern phase use).
 * One statement: the page of errors first, then the two counts grouped for that page only.
 */
@ApplicationScoped
public class UnresolvedRecurringQuery {

    public record Args(int minOccurrences, Long[] projectIds, Page page) {

        public static Args of(UnresolvedRecurringRequest r) {
            return new Args(Arguments.atLeast(r.getMinOccurrences(), 5, 1, "min_occurrences"),
                    Arguments.projectIds(r.getProjectIdsList()), Arguments.page(r.getLimit(), r.getPageToken(), "limit"));
        }
    }

    private final ErrorAnalyticsRepository analytics;
    private final Scopes scopes;

    public UnresolvedRecurringQuery(ErrorAnalyticsRepository analytics, Scopes scopes) {
        this.analytics = analytics;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public UnresolvedRecurringResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<RecurringError> fetched = analytics.unresolvedRecurring(tenant, a.minOccurrences(), a.projectIds(),
                a.page());
        return UnresolvedRecurringResponse.newBuilder().addAllErrors(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
