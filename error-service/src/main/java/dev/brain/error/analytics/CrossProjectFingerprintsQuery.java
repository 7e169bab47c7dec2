package dev.brain.error.analytics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Page;
import dev.brain.error.analytics.repository.ErrorAnalyticsRepository;
import dev.brain.error.analytics.repository.ErrorAnalyticsRepository.FingerprintRow;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.CrossProjectFingerprintsRequest;
import dev.brain.grpc.v1.CrossProjectFingerprintsResponse;
import dev.brain.grpc.v1.Scope;

/**
 * {@code CrossProjectFingerprints} (error-code.md §14): fingerprints with an error in at least
 * {@code min_projects} projects of the tenant, most projects first (ties: more occurrences, then fingerprint),
 * each with its per-project error (one per project: errors are unique per project and fingerprint), whether it
 * is resolved, and its best solution by link confidence (ties: lower solution id). Type and template are the
 * fingerprint's first reported error's. One statement: the page of fingerprints, then their errors.
 */
@ApplicationScoped
public class CrossProjectFingerprintsQuery {

    public record Args(int minProjects, Page page) {

        public static Args of(CrossProjectFingerprintsRequest r) {
            return new Args(Arguments.atLeast(r.getMinProjects(), 2, 2, "min_projects"),
                    Arguments.page(r.getLimit(), r.getPageToken(), "limit"));
        }
    }

    private final ErrorAnalyticsRepository analytics;
    private final Scopes scopes;

    public CrossProjectFingerprintsQuery(ErrorAnalyticsRepository analytics, Scopes scopes) {
        this.analytics = analytics;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public CrossProjectFingerprintsResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<FingerprintRow> rows = analytics.crossProjectFingerprints(tenant, a.minProjects(), a.page());
        Map<String, CrossProjectFingerprint.Builder> byFingerprint = new LinkedHashMap<>();
        for (FingerprintRow row : rows) {
            byFingerprint.computeIfAbsent(row.fingerprint(), fp -> CrossProjectFingerprint.newBuilder()
                    .setFingerprint(fp).setErrorType(row.type()).setMessageTemplate(row.template()))
                    .addProjects(row.project());
        }
        List<CrossProjectFingerprint> fetched = new ArrayList<>();
        byFingerprint.values().forEach(b -> fetched.add(b.build()));
        return CrossProjectFingerprintsResponse.newBuilder().addAllFingerprints(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
