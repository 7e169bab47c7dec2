package dev.brain.error.report;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import dev.brain.db.Jdbc;
import dev.brain.error.config.ErrorConfig;
import dev.brain.grpc.v1.ChainLink;

/**
 * Error chains (error-code.md §5.10): a different error reported in the same session within
 * {@code chain.window} of the previous occurrence follows it — appended when the previous occurrence ends a
 * chain, else a new chain of the two. Repeats of one error and occurrences without a session never chain.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Chains {

    private final Jdbc jdbc;
    private final ErrorConfig config;

    public Chains(Jdbc jdbc, ErrorConfig config) {
        this.jdbc = jdbc;
        this.config = config;
    }

    private record Previous(long occurrenceId, long errorId, Instant occurredAt) {
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
            previous = jdbc.one("select id, error_id, occurred_at from error_occurrence where id = ? and tenant = ?"
                    + " and session_id = ? and error_id <> ?",
                    rs -> new Previous(rs.getLong(1), rs.getLong(2),
                            Jdbc.instant(rs, "occurred_at")),
                    sameCommandBefore, tenant, sessionId, errorId);
        }
        if (previous.isEmpty()) {
            previous = jdbc.one("""
                    select id, error_id, occurred_at from error_occurrence
                    where session_id = ? and tenant = ? and id <> ? and occurred_at <= ? and occurred_at >= ?
                    order by occurred_at desc, id desc limit 1""",
                    rs -> new Previous(rs.getLong(1), rs.getLong(2), Jdbc.instant(rs, "occurred_at")), sessionId, tenant,
                    occurrenceId, now, now.minus(config.chain().window()));
        }
        if (previous.isEmpty() || previous.get().errorId() == errorId) {
            return Optional.empty();
        }
        Previous p = previous.get();
        long delta = Duration.between(p.occurredAt(), now.toInstant()).toMillis();
        Optional<long[]> chainEnd = jdbc.one("""
                select c.id, c.length from error_chain_entry ce join error_chain c on c.id = ce.chain_id
                where ce.occurrence_id = ? and c.tenant = ? and ce.position = c.length - 1
                order by c.id desc limit 1""", rs -> new long[] { rs.getLong(1), rs.getLong(2) }, p.occurrenceId(),
                tenant);
        long chainId;
        int position;
        boolean newChain = chainEnd.isEmpty();
        if (newChain) {
            chainId = jdbc.one("""
                    insert into error_chain (tenant, project_id, session_id, started_at, last_at, length)
                    values (?, ?, ?, ?, ?, 2) returning id""", rs -> rs.getLong(1), tenant, projectId, sessionId,
                    p.occurredAt(), now).orElseThrow();
            jdbc.update("insert into error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)"
                    + " values (?, 0, ?, ?, null)", chainId, p.errorId(), p.occurrenceId());
            position = 1;
        } else {
            chainId = chainEnd.get()[0];
            position = (int) chainEnd.get()[1];
            jdbc.update("update error_chain set length = length + 1, last_at = ? where id = ?", now, chainId);
        }
        jdbc.update("insert into error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)"
                + " values (?, ?, ?, ?, ?)", chainId, position, errorId, occurrenceId, delta);
        return Optional.of(ChainLink.newBuilder().setChainId(chainId).setPosition(position)
                .setPreviousErrorId(p.errorId()).setTimeDeltaMs(delta).setNewChain(newChain).build());
    }
}
