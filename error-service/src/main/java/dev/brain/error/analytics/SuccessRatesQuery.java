package dev.brain.error.analytics;

import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.analytics.repository.ErrorAnalyticsRepository;
import dev.brain.error.analytics.repository.ErrorAnalyticsRepository.OutcomeCounts;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionSuccessRatesRequest;
import dev.brain.grpc.v1.SolutionSuccessRatesResponse;
import dev.brain.grpc.v1.SuccessRate;

/**
 * {@code SolutionSuccessRates} (error-code.md §6, §14): outcome counts of {@code solution_outcome} applied within
 * [from, to), per project of the error (projects without outcomes are absent) and overall, with
 * rate = (S + 0.5·P) / (S + F + P), 0 without outcomes. One statement with grouping sets (project, overall).
 */
@ApplicationScoped
public class SuccessRatesQuery {

    public record Args(Long[] projectIds, Instant from, Instant to) {

        public static Args of(SolutionSuccessRatesRequest r) {
            Instant from = Arguments.instant(r.hasFrom(), r.getFrom(), "from");
            Instant to = Arguments.instant(r.hasTo(), r.getTo(), "to");
            Arguments.window(from, to);
            return new Args(Arguments.projectIds(r.getProjectIdsList()), from, to);
        }
    }

    private final ErrorAnalyticsRepository analytics;
    private final Scopes scopes;

    public SuccessRatesQuery(ErrorAnalyticsRepository analytics, Scopes scopes) {
        this.analytics = analytics;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public SolutionSuccessRatesResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<SuccessRate> rates = analytics.outcomeCounts(tenant, a.projectIds(), a.from(), a.to()).stream()
                .map(SuccessRatesQuery::rateOf).toList();
        // the first row is the overall one: the empty grouping set yields a row even without outcomes
        return SolutionSuccessRatesResponse.newBuilder().setOverall(rates.get(0))
                .addAllProjects(rates.subList(1, rates.size())).build();
    }

    private static SuccessRate rateOf(OutcomeCounts c) {
        return rate(c.projectId(), c.success(), c.failure(), c.partial());
    }

    static SuccessRate rate(long projectId, long success, long failure, long partial) {
        long total = success + failure + partial;
        return SuccessRate.newBuilder().setProjectId(projectId).setSuccess(success).setFailure(failure)
                .setPartial(partial).setRate(total == 0 ? 0 : (success + 0.5 * partial) / total).build();
    }
}
