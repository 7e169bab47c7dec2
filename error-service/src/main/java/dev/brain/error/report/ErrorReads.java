package dev.brain.error.report;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.error.report.repository.ChainRepository;
import dev.brain.error.report.repository.ErrorRows;
import dev.brain.error.report.repository.MatchRows;
import dev.brain.error.report.repository.SolutionRows;
import dev.brain.error.session.CallScope;
import dev.brain.error.session.Scopes;
import dev.brain.grpc.v1.ErrorChain;
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

    private final Scopes scopes;
    private final ErrorRows errors;
    private final SolutionRows solutions;
    private final MatchRows matches;
    private final ChainRepository chains;
    private final ObjectMapper json;

    public ErrorReads(Scopes scopes, ErrorRows errors, SolutionRows solutions, MatchRows matches,
            ChainRepository chains, ObjectMapper json) {
        this.scopes = scopes;
        this.errors = errors;
        this.solutions = solutions;
        this.matches = matches;
        this.chains = chains;
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
        List<MatchRows.Stored> stored = matches.stored(scope.tenant(), errorId);
        Long[] ids = stored.stream().map(MatchRows.Stored::matched).toArray(Long[]::new);
        Map<Long, ErrorRecord> records = new HashMap<>();
        errors.byIds(scope.tenant(), ids).forEach(e -> records.put(e.getId(), e));
        var solutionsById = solutions.forErrors(scope.tenant(), ids, 3);
        for (MatchRows.Stored s : stored) {
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
        return chains.chains(tenant, chains.chainIdsOfError(tenant, errorId));
    }

    private List<ErrorChain> chain(String tenant, long chainId) {
        List<ErrorChain> found = chains.chains(tenant, List.of(chainId));
        if (found.isEmpty()) {
            throw Status.NOT_FOUND.withDescription("chain_id " + chainId + ": no such chain").asRuntimeException();
        }
        return found;
    }
}
