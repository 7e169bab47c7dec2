package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.db.Jdbc;
import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ErrorMatch;
import dev.brain.grpc.v1.MatchSource;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.Scope;
import dev.brain.grpc.v1.SolutionOutcome;
import io.quarkus.test.junit.QuarkusTest;

/** The recurrence fast path (docs/errors.md "A recurrence") through real gRPC. */
@QuarkusTest
class RecurrenceTest extends ErrorServiceTestBase {

    static final String TYPE_ERROR = ReportErrorTest.TYPE_ERROR;
    static final String KEY_ERROR = """
            Traceback (most recent call last):
              File "/srv/app/orders.py", line 12, in total
                return order["amount"] * rate
            KeyError: 'amount'
            """;

    @Inject
    Rematching rematching;

    @Test
    void aRecurrenceIsOneRoundTripThatCountsReopensAndEmitsExactlyOneEvent() {
        long errorId = report("shop", TYPE_ERROR).getError().getId();
        long solution = solve("shop", errorId, "Initialise users to an empty array").getSolution().getId();
        rate(errorId, solution, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        assertThat(jdbc.one("select resolved from error where id = ?", rs -> rs.getBoolean(1), errorId)).contains(true);
        long eventsBefore = events().size();
        long matchesBefore = jdbc.count("select count(*) from error_match where tenant = ?", tenant);

        ReportErrorResponse again;
        try (Jdbc.RoundTrips trips = Jdbc.RoundTrips.count()) {
            again = report("shop", TYPE_ERROR.replace("alice", "bob"));
            assertThat(trips.sent()).as("statements sent for a recurrence").isEqualTo(1);
        }

        assertThat(again.getIsNew()).isFalse();
        assertThat(again.getError().getId()).isEqualTo(errorId);
        assertThat(again.getError().getOccurrenceCount()).isEqualTo(2);
        assertThat(again.getReopened()).isTrue();
        assertThat(again.getError().getResolved()).isFalse();
        assertThat(again.getSolutionsList()).extracting(s -> s.getSolution().getId()).containsExactly(solution);
        assertThat(again.getFramesList()).hasSize(2);
        assertThat(again.getOccurrenceId()).isPositive();
        assertThat(jdbc.count("select count(*) from error_occurrence where error_id = ?", errorId)).isEqualTo(2);
        assertThat(jdbc.count("select count(*) from notification where tenant = ? and type = 'error_reopened'"
                + " and reference_id = ?", tenant, errorId)).isEqualTo(1);
        assertThat(events().subList((int) eventsBefore, events().size()))
                .containsExactly("strengthen co_occurs error:" + errorId + "->project:" + again.getError().getProjectId());
        assertThat(jdbc.one("select event->'source'->>'label' || '|' || (event->>'idempotency_key' = idempotency_key)"
                + " from outbox where tenant = ? order by id desc limit 1", rs -> rs.getString(1), tenant))
                .contains("TypeError: " + again.getError().getMessageTemplate() + "|true");
        assertThat(jdbc.count("select count(*) from error_match where tenant = ?", tenant)).isEqualTo(matchesBefore);
    }

    @Test
    void aRecurrenceAnswersWithItsStoredMatchesInEitherDirectionAndLinksItsChain() {
        long typeError = report("shop", "s1", TYPE_ERROR, "npm test").getError().getId();
        // the same output in another project: a strong match, stored on the newer error only
        ReportErrorResponse elsewhere = report("admin", "s2", TYPE_ERROR, "npm test");
        long copy = elsewhere.getError().getId();
        assertThat(elsewhere.getMatchesList()).extracting(m -> m.getError().getId()).containsExactly(typeError);
        long fix = solve("admin", copy, "Default the list").getSolution().getId();
        rate(copy, fix, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        long keyError = report("shop", "s1", KEY_ERROR, "pytest").getError().getId();

        ReportErrorResponse again = report("shop", "s1", TYPE_ERROR, "npm test");

        assertThat(again.getMatchesList()).hasSize(1);
        ErrorMatch match = again.getMatches(0);
        assertThat(match.getError().getId()).isEqualTo(copy);
        assertThat(match.getScore()).isEqualTo(elsewhere.getMatches(0).getScore());
        assertThat(match.getSignalsMap()).isEqualTo(elsewhere.getMatches(0).getSignalsMap());
        assertThat(match.getSource()).isEqualTo(MatchSource.MATCH_SOURCE_REPORT);
        assertThat(match.getSolutionsList()).extracting(s -> s.getSolution().getId()).containsExactly(fix);
        assertThat(again.getFootprint().getNearestScore()).isEqualTo(match.getScore());
        // the chain: the session's previous error (the KeyError, which followed the TypeError) came before it
        assertThat(again.getChainLink().getPreviousErrorId()).isEqualTo(keyError);
        assertThat(again.getChainLink().getNewChain()).isFalse();
        assertThat(again.getChainLink().getPosition()).isEqualTo(2);
        assertThat(events()).contains("strengthen similar_to error:" + typeError + "->error:" + copy,
                "strengthen causes error:" + keyError + "->error:" + typeError);
        // a known solution of the match is offered to the session, once
        assertThat(jdbc.list("select summary from notification where tenant = ? and type = 'solution_available'"
                + " and reference_id = ?", rs -> rs.getString(1), tenant, copy))
                .containsExactly("A known solution exists for error #" + typeError + ": Default the list");
        // a match outside the project is not returned when the report asks for its project only
        ReportErrorResponse projectOnly = errors().reportError(ReportErrorRequest.newBuilder()
                .setScope(scope("shop")).setRawOutput(TYPE_ERROR).setProjectOnly(true).build());
        assertThat(projectOnly.getMatchesList()).isEmpty();
    }

    @Test
    void aStaleRecurrenceIsRematchedInTheBackgroundAndItsNewMatchAppears() {
        long original = report("shop", TYPE_ERROR).getError().getId();
        // the same error in another project, matched within that project only: no pair is stored
        ReportErrorResponse isolated = errors().reportError(ReportErrorRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("admin")).setRawOutput(TYPE_ERROR).setProjectOnly(true).build());
        long copy = isolated.getError().getId();
        assertThat(isolated.getMatchesList()).isEmpty();

        ReportErrorResponse stale = report("shop", TYPE_ERROR);
        assertThat(stale.getMatchesList()).isEmpty();
        assertThat(due(original)).isTrue();

        // the scheduled job's ticks (other tests' tenants may have errors due before this one)
        int pairs = 0;
        for (int tick = 0; tick < 1_000 && due(original); tick++) {
            pairs += rematching.runDue().newPairs();
        }
        assertThat(pairs).isGreaterThanOrEqualTo(1);

        assertThat(due(original)).isFalse();
        ReportErrorResponse fresh = report("shop", TYPE_ERROR);
        assertThat(fresh.getMatchesList()).extracting(m -> m.getError().getId()).containsExactly(copy);
        assertThat(jdbc.count("select count(*) from outbox where tenant = ? and event->>'synapse_type' = 'similar_to'"
                + " and event->'context'->>'source' = 'rematch'", tenant)).isEqualTo(1);
        // nothing newer in the tenant: the next recurrence is not due again
        assertThat(due(original)).isFalse();
    }

    private boolean due(long errorId) {
        return jdbc.one("select rematch_due from error where id = ?", rs -> rs.getBoolean(1), errorId).orElseThrow();
    }
}
