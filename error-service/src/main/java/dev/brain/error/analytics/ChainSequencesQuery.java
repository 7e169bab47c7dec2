package dev.brain.error.analytics;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Page;
import dev.brain.error.analytics.repository.ErrorAnalyticsRepository;
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

    private final ErrorAnalyticsRepository analytics;
    private final Scopes scopes;

    public ChainSequencesQuery(ErrorAnalyticsRepository analytics, Scopes scopes) {
        this.analytics = analytics;
        this.scopes = scopes;
    }

    /** The aggregate over the scope's tenant, in one transaction with the scope's check. */
    @Transactional
    public ChainSequencesResponse run(Scope requestScope, Args a) {
        CallScope scope = scopes.forRead(requestScope);
        String tenant = scope.tenant();
        List<ChainSequence> fetched = analytics.chainSequences(tenant, a.maxLength(), a.minSessions(), a.page());
        return ChainSequencesResponse.newBuilder().addAllSequences(a.page().rows(fetched))
                .setNextPageToken(a.page().nextToken(fetched.size())).build();
    }
}
