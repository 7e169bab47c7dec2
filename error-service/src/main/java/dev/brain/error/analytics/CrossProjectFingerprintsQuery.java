package dev.brain.error.analytics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.CrossProjectFingerprint;
import dev.brain.grpc.v1.CrossProjectFingerprintsRequest;
import dev.brain.grpc.v1.CrossProjectFingerprintsResponse;
import dev.brain.grpc.v1.FingerprintProject;
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

    private record Row(String fingerprint, String type, String template, FingerprintProject project) {
    }

    private final Jdbc jdbc;
    private final Scopes scopes;

    public CrossProjectFingerprintsQuery(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public CrossProjectFingerprintsResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<Row> rows = jdbc.list("""
                with fingerprints as (
                    select fingerprint, count(*) as projects, sum(occurrence_count) as occurrences, min(id) as first_id
                    from error where tenant = ?
                    group by fingerprint having count(*) >= ?
                    order by projects desc, occurrences desc, fingerprint
                    limit ? offset ?)
                select fp.fingerprint, earliest.error_type, earliest.message_template, e.project_id, p.name as project,
                       e.id as error_id, e.resolved, e.occurrence_count, best.solution_id, best.confidence
                from fingerprints fp
                join error earliest on earliest.id = fp.first_id
                join error e on e.tenant = ? and e.fingerprint = fp.fingerprint
                join project p on p.id = e.project_id
                left join lateral (
                    select es.solution_id, es.confidence from error_solution es
                    where es.error_id = e.id and es.tenant = ?
                    order by es.confidence desc, es.solution_id limit 1) best on true
                order by fp.projects desc, fp.occurrences desc, fp.fingerprint, e.project_id""",
                rs -> new Row(rs.getString("fingerprint"), rs.getString("error_type"), rs.getString("message_template"),
                        FingerprintProject.newBuilder()
                                .setProjectId(rs.getLong("project_id"))
                                .setProject(rs.getString("project"))
                                .setErrorId(rs.getLong("error_id"))
                                .setResolved(rs.getBoolean("resolved"))
                                .setBestSolutionId(rs.getLong("solution_id"))
                                .setBestConfidence(rs.getDouble("confidence"))
                                .setOccurrenceCount(rs.getInt("occurrence_count")).build()),
                tenant, a.minProjects(), a.page().fetch(), a.page().offset(), tenant, tenant);
        Map<String, CrossProjectFingerprint.Builder> byFingerprint = new LinkedHashMap<>();
        for (Row row : rows) {
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
