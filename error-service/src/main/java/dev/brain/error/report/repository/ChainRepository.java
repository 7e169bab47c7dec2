package dev.brain.error.report.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.db.repository.Columns;
import dev.brain.grpc.v1.ErrorChain;
import dev.brain.grpc.v1.ErrorChainEntry;

/**
 * Error chains (error-code.md §5.10): tables {@code error_chain} and {@code error_chain_entry}, always tenant-scoped,
 * and the occurrences ({@code error_occurrence}) a new link follows.
 */
@ApplicationScoped
public class ChainRepository {

    private final Jdbc jdbc;

    public ChainRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** An occurrence a new one may follow. */
    public record Previous(long occurrenceId, long errorId, Instant occurredAt) {
    }

    /** The occurrence {@code occurrenceId} of the session when it is of another error than {@code errorId}. */
    public Optional<Previous> occurrenceOfAnotherError(long occurrenceId, String tenant, long sessionId, long errorId) {
        return jdbc.one("select id, error_id, occurred_at from error_occurrence where id = ? and tenant = ?"
                + " and session_id = ? and error_id <> ?",
                rs -> new Previous(rs.getLong(1), rs.getLong(2),
                        Jdbc.instant(rs, "occurred_at")),
                occurrenceId, tenant, sessionId, errorId);
    }

    /** The session's latest occurrence within [{@code from}, {@code now}] other than {@code occurrenceId}. */
    public Optional<Previous> latestOccurrence(long sessionId, String tenant, long occurrenceId, OffsetDateTime now,
            OffsetDateTime from) {
        return jdbc.one("""
                select id, error_id, occurred_at from error_occurrence
                where session_id = ? and tenant = ? and id <> ? and occurred_at <= ? and occurred_at >= ?
                order by occurred_at desc, id desc limit 1""",
                rs -> new Previous(rs.getLong(1), rs.getLong(2), Jdbc.instant(rs, "occurred_at")), sessionId, tenant,
                occurrenceId, now, from);
    }

    /** The chain (id and length) whose last entry is the occurrence, the newest when several are. */
    public Optional<long[]> chainEndingAt(long occurrenceId, String tenant) {
        return jdbc.one("""
                select c.id, c.length from error_chain_entry ce join error_chain c on c.id = ce.chain_id
                where ce.occurrence_id = ? and c.tenant = ? and ce.position = c.length - 1
                order by c.id desc limit 1""", rs -> new long[] { rs.getLong(1), rs.getLong(2) }, occurrenceId,
                tenant);
    }

    /** A new chain of two that starts with {@code first} (its entry 0 inserted); its id. */
    public long startChain(String tenant, long projectId, long sessionId, Previous first, OffsetDateTime now) {
        long chainId = jdbc.one("""
                insert into error_chain (tenant, project_id, session_id, started_at, last_at, length)
                values (?, ?, ?, ?, ?, 2) returning id""", rs -> rs.getLong(1), tenant, projectId, sessionId,
                first.occurredAt(), now).orElseThrow();
        jdbc.update("insert into error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)"
                + " values (?, 0, ?, ?, null)", chainId, first.errorId(), first.occurrenceId());
        return chainId;
    }

    /** The chain one entry longer, last at {@code now}. */
    public void extendChain(long chainId, OffsetDateTime now) {
        jdbc.update("update error_chain set length = length + 1, last_at = ? where id = ?", now, chainId);
    }

    public void insertEntry(long chainId, int position, long errorId, long occurrenceId, long deltaMs) {
        jdbc.update("insert into error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)"
                + " values (?, ?, ?, ?, ?)", chainId, position, errorId, occurrenceId, deltaMs);
    }

    /** The ids of the chains that hold the error, in id order. */
    public List<Long> chainIdsOfError(String tenant, long errorId) {
        return jdbc.list("select distinct chain_id from error_chain_entry ce join error_chain c"
                + " on c.id = ce.chain_id where c.tenant = ? and ce.error_id = ? order by chain_id",
                rs -> rs.getLong(1), tenant, errorId);
    }

    /** The tenant's chains of {@code ids} with their entries, in id order (ids of another tenant are left out). */
    public List<ErrorChain> chains(String tenant, List<Long> ids) {
        Map<Long, ErrorChain.Builder> chains = new LinkedHashMap<>();
        jdbc.list("""
                select c.id, p.name, s.session_key, c.started_at, c.last_at, c.length, ce.position, ce.error_id,
                       ce.occurrence_id, ce.time_delta_ms, e.error_type, e.message_template, e.fingerprint
                from error_chain c join project p on p.id = c.project_id
                left join session s on s.id = c.session_id
                join error_chain_entry ce on ce.chain_id = c.id join error e on e.id = ce.error_id
                where c.tenant = ? and c.id = any(?) order by c.id, ce.position""", rs -> {
            ErrorChain.Builder chain = chains.computeIfAbsent(rs.getLong(1), id -> {
                try {
                    return ErrorChain.newBuilder().setId(id).setProject(rs.getString(2))
                            .setSessionKey(Columns.text(rs, "session_key"))
                            .setStartedAt(Columns.timestamp(rs, "started_at")).setLastAt(Columns.timestamp(rs, "last_at"))
                            .setLength(rs.getInt(6));
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            ErrorChainEntry.Builder entry = ErrorChainEntry.newBuilder().setPosition(rs.getInt(7))
                    .setErrorId(rs.getLong(8)).setOccurrenceId(rs.getLong(9)).setErrorType(rs.getString(11))
                    .setMessageTemplate(rs.getString(12)).setFingerprint(rs.getString(13));
            Long delta = Jdbc.longOrNull(rs, "time_delta_ms");
            if (delta != null) {
                entry.setTimeDeltaMs(delta);
            }
            chain.addEntries(entry);
            return chain;
        }, tenant, ids.toArray(Long[]::new));
        List<ErrorChain> result = new ArrayList<>();
        chains.values().forEach(b -> result.add(b.build()));
        return result;
    }
}
