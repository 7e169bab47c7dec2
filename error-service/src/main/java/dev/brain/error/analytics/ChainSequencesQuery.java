package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.db.Page;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ChainSequence;
import dev.brain.grpc.v1.ChainSequencesRequest;
import dev.brain.grpc.v1.ChainSequencesResponse;
import dev.brain.grpc.v1.Scope;

/**
 * {@code ChainSequences} (error-code.md §5.10, §14): ordered fingerprint sequences of length 2..max_length that
 * occur as consecutive entries of error chains in at least {@code min_sessions} distinct sessions.
 * <ul>
 * <li>Every run of consecutive positions of a chain is a candidate (a chain A→B→C holds A→B, B→C, A→B→C);
 * a gap left by an entry whose error retention deleted breaks the run.</li>
 * <li>A session is the chain's session; a chain whose session was deleted (session cleanup) counts as a session
 * of its own.</li>
 * <li>A sequence contained in a longer reported sequence with the same session count is left out: it occurred in
 * exactly the same sessions and adds nothing. (Fingerprints are 64 hex characters, so containment of the
 * comma-joined strings is containment of the sequences.)</li>
 * <li>Representative error ids (and the error types) are the ones of the sequence's latest chain; project ids
 * are all projects of the chains it occurred in.</li>
 * </ul>
 * Order: session count desc, length desc, fingerprints. One statement.
 */
@ApplicationScoped
public class ChainSequencesQuery {

    static final int MAX_LENGTH = 10;

    public record Args(int minSessions, int maxLength, Page page) {

        public static Args of(ChainSequencesRequest r) {
            return new Args(Arguments.atLeast(r.getMinSessions(), 3, 2, "min_sessions"),
                    Arguments.between(r.getMaxLength(), 4, 2, MAX_LENGTH, "max_length"),
                    Arguments.page(r.getPageSize(), r.getPageToken(), "page_size"));
        }
    }

    private final Jdbc jdbc;
    private final Scopes scopes;

    public ChainSequencesQuery(Jdbc jdbc, Scopes scopes) {
        this.jdbc = jdbc;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public ChainSequencesResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<ChainSequence> fetched = jdbc.list("""
                with chains as (
                    select c.id, coalesce(c.session_id, -c.id) as chain_session, c.project_id,
                           array_agg(ce.position order by ce.position) as positions,
                           array_agg(cast(e.fingerprint as text) order by ce.position) as fingerprints,
                           array_agg(e.error_type order by ce.position) as types,
                           array_agg(e.id order by ce.position) as error_ids
                    from error_chain c
                    join error_chain_entry ce on ce.chain_id = c.id
                    join error e on e.id = ce.error_id and e.tenant = c.tenant
                    where c.tenant = ?
                    group by c.id),
                runs as (
                    select ch.id as chain_id, ch.chain_session, ch.project_id,
                           ch.fingerprints[i:i + n - 1] as fingerprints, ch.types[i:i + n - 1] as types,
                           ch.error_ids[i:i + n - 1] as error_ids
                    from chains ch
                    cross join generate_series(2, ?) as n
                    cross join lateral generate_series(1, cardinality(ch.positions) - n + 1) as i
                    where ch.positions[i + n - 1] - ch.positions[i] = n - 1),
                recurring as (
                    select fingerprints, count(distinct chain_session) as sessions,
                           array_agg(distinct project_id order by project_id) as project_ids,
                           max(chain_id) as latest_chain
                    from runs group by fingerprints having count(distinct chain_session) >= ?),
                sequences as (
                    select distinct on (r.fingerprints) r.fingerprints, r.sessions, r.project_ids, x.types, x.error_ids,
                           array_to_string(r.fingerprints, ',') as joined
                    from recurring r join runs x on x.chain_id = r.latest_chain and x.fingerprints = r.fingerprints
                    order by r.fingerprints, x.error_ids)
                select s.fingerprints, s.types, s.sessions, s.error_ids, s.project_ids
                from sequences s
                where not exists (select 1 from sequences l
                                  where cardinality(l.fingerprints) > cardinality(s.fingerprints)
                                    and l.sessions = s.sessions and strpos(l.joined, s.joined) > 0)
                order by s.sessions desc, cardinality(s.fingerprints) desc, s.fingerprints
                limit ? offset ?""",
                rs -> ChainSequence.newBuilder()
                        .addAllFingerprints(Jdbc.strings(rs, "fingerprints"))
                        .addAllErrorTypes(Jdbc.strings(rs, "types"))
                        .setSessionCount(rs.getLong("sessions"))
                        .addAllErrorIds(Jdbc.longs(rs, "error_ids"))
                        .addAllProjectIds(Jdbc.longs(rs, "project_ids")).build(),
                tenant, a.maxLength(), a.minSessions(), a.page().fetch(), a.page().offset());
        return ChainSequencesResponse.newBuilder().addAllSequences(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
