package dev.brain.error.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.db.Jdbc;
import dev.brain.error.db.Protos;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorChain;
import dev.brain.grpc.v1.ErrorChainEntry;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.ErrorRecord;
import dev.brain.grpc.v1.GetErrorResponse;
import dev.brain.grpc.v1.MatchSource;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionForError;
import dev.brain.wire.WireNames;
import io.grpc.Status;

/**
 * {@code GetError}, {@code ListSolutions}, {@code GetChain}: reads of one error and what hangs on it, each in one
 * transaction with the scope's check (a named session is heartbeated).
 */
@ApplicationScoped
@Transactional
public class ErrorReads {

    private final Jdbc jdbc;
    private final Scopes scopes;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final ObjectMapper json;

    public ErrorReads(Jdbc jdbc, Scopes scopes, ErrorRows errors, SolutionRows solutions, ObjectMapper json) {
        this.jdbc = jdbc;
        this.scopes = scopes;
        this.errors = errors;
        this.solutions = solutions;
        this.json = json;
    }

    /** {@code GetError}: the error with its raw output, frames, solutions, attempts, chains and stored matches. */
    public GetErrorResponse get(Scope requestScope, long errorId) {
        CallScope scope = scopes.forRead(requestScope);
        ErrorRecord error = errors.withRawOutput(scope.tenant(), errors.require(scope.tenant(), errorId, "error_id"));
        GetErrorResponse.Builder response = GetErrorResponse.newBuilder().setError(error)
                .addAllFrames(errors.frames(errorId)).addAllSolutions(solutions.forError(scope.tenant(), errorId))
                .addAllAttempts(solutions.attempts(scope.tenant(), errorId))
                .addAllChains(chainsOfError(scope.tenant(), errorId));
        record Stored(long matched, double score, boolean strong, String signals, String source) {
        }
        List<Stored> stored = jdbc.list("""
                select matched_error_id, score, strong, signals::text, source from error_match
                where tenant = ? and error_id = ? order by score desc, matched_error_id desc""",
                rs -> new Stored(rs.getLong(1), rs.getDouble(2), rs.getBoolean(3), rs.getString(4), rs.getString(5)),
                scope.tenant(), errorId);
        Long[] ids = stored.stream().map(Stored::matched).toArray(Long[]::new);
        Map<Long, ErrorRecord> records = new HashMap<>();
        errors.byIds(scope.tenant(), ids).forEach(e -> records.put(e.getId(), e));
        var solutionsById = solutions.forErrors(scope.tenant(), ids, 3);
        for (Stored s : stored) {
            ErrorMatch.Builder m = ErrorMatch.newBuilder().setError(records.get(s.matched())).setScore(s.score())
                    .setStrong(s.strong()).setSource(WireNames.valueOf(MatchSource.class, s.source()))
                    .addAllSolutions(solutionsById.getOrDefault(s.matched(), List.of()));
            try {
                JsonNode signals = json.readTree(s.signals());
                signals.fields().forEachRemaining(f -> m.putSignals(f.getKey(), f.getValue().asDouble()));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
            response.addMatches(m);
        }
        return response.build();
    }

    /** {@code ListSolutions}: every solution of the error, best first. */
    public List<SolutionForError> solutions(Scope requestScope, long errorId) {
        CallScope scope = scopes.forRead(requestScope);
        errors.require(scope.tenant(), errorId, "error_id");
        return solutions.forError(scope.tenant(), errorId);
    }

    /**
     * {@code GetChain}: the chain {@code chainId}, or the chains of the error {@code errorId}; the request names
     * one of them (the other is null).
     */
    public List<ErrorChain> chains(Scope requestScope, Long chainId, Long errorId) {
        CallScope scope = scopes.forRead(requestScope);
        if (chainId != null) {
            return chain(scope.tenant(), chainId);
        }
        if (errorId != null) {
            errors.require(scope.tenant(), errorId, "error_id");
            return chainsOfError(scope.tenant(), errorId);
        }
        throw Status.INVALID_ARGUMENT.withDescription("chain_id or error_id is required").asRuntimeException();
    }

    private List<ErrorChain> chainsOfError(String tenant, long errorId) {
        return chains(tenant, jdbc.list("select distinct chain_id from error_chain_entry ce join error_chain c"
                + " on c.id = ce.chain_id where c.tenant = ? and ce.error_id = ? order by chain_id",
                rs -> rs.getLong(1), tenant, errorId));
    }

    private List<ErrorChain> chain(String tenant, long chainId) {
        List<ErrorChain> chains = chains(tenant, List.of(chainId));
        if (chains.isEmpty()) {
            throw Status.NOT_FOUND.withDescription("chain_id " + chainId + ": no such chain").asRuntimeException();
        }
        return chains;
    }

    private List<ErrorChain> chains(String tenant, List<Long> ids) {
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
                            .setSessionKey(Protos.text(rs, "session_key"))
                            .setStartedAt(Protos.timestamp(rs, "started_at")).setLastAt(Protos.timestamp(rs, "last_at"))
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
