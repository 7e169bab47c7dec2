package dev.brain.error.report;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.error.config.ErrorConfig;
import dev.brain.error.report.repository.ChainRepository;
import dev.brain.error.report.repository.ChainRepository.Previous;
import dev.brain.grpc.v1.ChainLink;

/**
 * Error chains (error-code.md §5.10): a different error reported in the same session within
 * {@code chain.window} of the previous occurrence follows it — appended when the previous occurrence ends a
 * chain, else a new chain of the two. Repeats of one error and occurrences without a session never chain.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Chains {

    private final ChainRepository chains;
    private final ErrorConfig config;

    public Chains(ChainRepository chains, ErrorConfig config) {
        this.chains = chains;
        this.config = config;
    }

    /** The link this occurrence created, or empty. */
    public Optional<ChainLink> link(String tenant, long projectId, Long sessionId, long errorId, long occurrenceId,
            OffsetDateTime now) {
        return link(tenant, projectId, sessionId, errorId, occurrenceId, now, null);
    }

    /**
     * The link this occurrence created, or empty; {@code sameCommandBefore}, when not null, is the occurrence of the
     * session's previous failure of the same command (the session trail): when it is another error, this one follows
     * it, whatever happened in between and however long ago (docs/errors.md "Session trail").
     */
    public Optional<ChainLink> link(String tenant, long projectId, Long sessionId, long errorId, long occurrenceId,
            OffsetDateTime now, Long sameCommandBefore) {
        if (sessionId == null) {
            return Optional.empty();
        }
        Optional<Previous> previous = Optional.empty();
        if (sameCommandBefore != null) {
            previous = chains.occurrenceOfAnotherError(sameCommandBefore, tenant, sessionId, errorId);
        }
        if (previous.isEmpty()) {
            previous = chains.latestOccurrence(sessionId, tenant, occurrenceId, now, now.minus(config.chain().window()));
        }
        if (previous.isEmpty() || previous.get().errorId() == errorId) {
            return Optional.empty();
        }
        Previous p = previous.get();
        long delta = Duration.between(p.occurredAt(), now.toInstant()).toMillis();
        Optional<long[]> chainEnd = chains.chainEndingAt(p.occurrenceId(), tenant);
        long chainId;
        int position;
        boolean newChain = chainEnd.isEmpty();
        if (newChain) {
            chainId = chains.startChain(tenant, projectId, sessionId, p, now);
            position = 1;
        } else {
            chainId = chainEnd.get()[0];
            position = (int) chainEnd.get()[1];
            chains.extendChain(chainId, now);
        }
        chains.insertEntry(chainId, position, errorId, occurrenceId, delta);
        return Optional.of(ChainLink.newBuilder().setChainId(chainId).setPosition(position)
                .setPreviousErrorId(p.errorId()).setTimeDeltaMs(delta).setNewChain(newChain).build());
    }
}
