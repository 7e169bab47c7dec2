package dev.brain.error.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ErrorHit;
import dev.brain.grpc.v1.ErrorQueryList;
import dev.brain.grpc.v1.GetLearningStatusRequest;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.GetStatusResponse;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.QueryErrorsResponse;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.RunEmbeddingBackfillRequest;
import dev.brain.grpc.v1.SolutionOutcome;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * The embedding worker, the late match and the vector lists (error-code.md §12.3, §5.7 list 5, §5.9) through
 * real gRPC and PostgreSQL. memory-service is not started by error-service's tests: its {@code Embed} is
 * {@link FakeEmbedder}, a deterministic fake embedder of the tests only (a real gRPC server in the test JVM,
 * reached by the service's real client), which the tests switch to wrong dimensions, late answers or
 * {@code UNAVAILABLE}. The worker is global, so every test first drains what other tests left unembedded.
 */
@QuarkusTest
@TestProfile(FakeEmbedder.Profile.class)
class EmbeddingWorkerTest extends ErrorServiceTestBase {

    static final String TYPE_ERROR = """
            TypeError: Cannot read properties of undefined (reading 'map')
                at UserList.render (/home/alice/app/src/users.ts:42:17)
                at loadUsers (/home/alice/app/src/api/users.ts:10:3)
            """;

    FakeEmbedder fake;

    @BeforeEach
    void drain() {
        fake = FakeEmbedder.get();
        fake.reset();
        assertThat(backfill().getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        fake.reset();
    }

    @AfterEach
    void resume() {
        fake.reset();
        backfill();
    }

    JobRunResult backfill() {
        return learning().runEmbeddingBackfill(RunEmbeddingBackfillRequest.getDefaultInstance()).getResult();
    }

    GetStatusResponse status() {
        return sessions().getStatus(GetStatusRequest.getDefaultInstance());
    }

    long unembedded() {
        return jdbc.count("select count(*) from error where tenant = ? and embedded_at is null", tenant);
    }

    /** Distinct words (no hex digits, so templating keeps them). */
    static String word(int i) {
        StringBuilder sb = new StringBuilder();
        do {
            sb.append((char) ('g' + i % 20));
            i /= 20;
        } while (i > 0);
        return "w" + sb;
    }

    @Test
    void fillsEmbeddingsInBatchesOf64PerTenant() {
        for (int i = 0; i < 70; i++) {
            report("shop", "ConfigError: setting " + word(i) + " is missing");
        }
        errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput("ConfigError: setting database is missing").setTaskContext("deploying the billing job")
                .build());
        assertThat(unembedded()).isEqualTo(71);
        assertThat(status().getUnembeddedErrors()).isEqualTo(71);

        JobRunResult run = backfill();

        assertThat(run.getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(run.getJob()).isEqualTo("embedding_worker");
        assertThat(run.getCountsMap()).containsEntry("errors_embedded", 71L).containsEntry("modules_embedded", 0L)
                .containsEntry("remaining", 0L);
        assertThat(fake.callsOf(tenant)).extracting(c -> c.texts().size()).containsExactly(64, 7);
        assertThat(fake.callsOf(tenant).get(0).texts().get(0))
                .isEqualTo("GenericError: ConfigError: setting " + word(0) + " is missing");
        assertThat(fake.callsOf(tenant).get(1).texts())
                .contains("GenericError: ConfigError: setting database is missing\ndeploying the billing job");
        assertThat(unembedded()).isZero();
        assertThat(jdbc.count("select count(*) from error e join error_embedding x on x.error_id = e.id"
                + " where e.tenant = ? and x.tenant = e.tenant and e.embedded_at is not null"
                + " and vector_dims(x.embedding) = 384", tenant)).isEqualTo(71);
        GetStatusResponse status = status();
        assertThat(status.getUnembeddedErrors()).isZero();
        assertThat(status.getEmbeddingPaused()).isFalse();
        assertThat(learning().getLearningStatus(GetLearningStatusRequest.getDefaultInstance()).getOtherJobsList())
                .anySatisfy(j -> assertThat(j.getJob()).isEqualTo("embedding_worker"));
        assertThat(errors().getError(dev.brain.grpc.v1.GetErrorRequest.newBuilder()
                .setErrorId(jdbc.count("select min(id) from error where tenant = ?", tenant)).build())
                .getError().getEmbedded()).isTrue();
    }

    static final String SUM_LOOP = """
            /** Sums the prices of the items in a shopping cart. */
            export function sumPrices(items: Item[]): number {
              let total = 0;
              for (const item of items) { total += item.price; }
              return total;
            }
            """;
    /** The same words, another structure: a semantic neighbour of SUM_LOOP, not a structural copy. */
    static final String SUM_REDUCE = """
            /** Sums the prices of the items in a shopping cart. */
            export function sumPrices(items: Item[]): number {
              return items.map(item => item.price).reduce((total, price) => total + price, 0);
            }
            """;

    dev.brain.grpc.v1.AnalyzeCodeResponse register(String project, String source) {
        return dev.brain.testing.GrpcTestChannel.as(tenant, dev.brain.grpc.v1.CodeServiceGrpc.newBlockingStub(channel))
                .analyzeCode(dev.brain.grpc.v1.AnalyzeCodeRequest.newBuilder().setScope(scope(project))
                        .setSource(source).setFilePath("src/cart.ts").build());
    }

    @Test
    void modulesAreEmbeddedAtRegistrationOrByTheWorkerWithTheirSemanticNeighbours() {
        // embedded while registering: the vector is stored with the module and the semantic part is computed
        dev.brain.grpc.v1.AnalyzeCodeResponse first = register("shop", SUM_LOOP);
        assertThat(first.getSemanticSkipped()).isFalse();
        long loop = first.getModules(0).getId();
        assertThat(jdbc.count("select count(*) from code_module where id = ? and embedding is not null", loop))
                .isEqualTo(1);
        assertThat(fake.callsOf(tenant).get(0).texts().get(0)).startsWith("sumPrices\n")
                .contains("Sums the prices of the items in a shopping cart").doesNotContain("/**");

        // memory-service late: the registration answers without the semantic part, the worker catches up
        fake.mode = FakeEmbedder.Mode.SLOW;
        dev.brain.grpc.v1.AnalyzeCodeResponse second = register("blog", SUM_REDUCE);
        assertThat(second.getSemanticSkipped()).isTrue();
        assertThat(second.getSimilarList()).isEmpty();
        long reduce = second.getModules(0).getId();
        assertThat(status().getUnembeddedModules()).isEqualTo(1);
        fake.mode = FakeEmbedder.Mode.NORMAL;

        JobRunResult run = backfill();

        assertThat(run.getCountsMap()).containsEntry("modules_embedded", 1L).containsEntry("remaining", 0L);
        assertThat(status().getUnembeddedModules()).isZero();
        assertThat(jdbc.list("select kind, score from module_similarity where module_a = ? and module_b = ?",
                rs -> rs.getString(1) + " " + (rs.getDouble(2) >= 0.80), Math.min(loop, reduce), Math.max(loop, reduce)))
                .containsExactly("semantic true");
    }

    @Test
    void aVectorOfAnotherDimensionPausesTheWorkerAndStatusSaysSo() {
        long id = report("shop", TYPE_ERROR).getError().getId();
        fake.mode = FakeEmbedder.Mode.WRONG_DIMENSION;

        JobRunResult run = backfill();

        assertThat(run.getStatus()).isEqualTo(JobStatus.JOB_STATUS_FAILED);
        assertThat(run.getMessage()).contains("paused").contains("dimension 8").contains("384");
        assertThat(run.getCountsMap()).containsEntry("errors_embedded", 0L);
        assertThat(unembedded()).isEqualTo(1);
        GetStatusResponse status = status();
        assertThat(status.getEmbeddingPaused()).isTrue();
        assertThat(status.getEmbeddingPauseReason()).contains("dimension 8");
        // the store keeps working without embeddings
        assertThat(report("shop", TYPE_ERROR).getError().getId()).isEqualTo(id);
        assertThat(query("Cannot read properties of undefined in the renderer").getSemanticSkipped()).isTrue();

        fake.mode = FakeEmbedder.Mode.NORMAL;
        run = backfill();
        assertThat(run.getStatus()).isEqualTo(JobStatus.JOB_STATUS_DONE);
        assertThat(run.getCountsMap()).containsEntry("errors_embedded", 1L);
        assertThat(status().getEmbeddingPaused()).isFalse();
        assertThat(status().getEmbeddingPauseReason()).isEmpty();
    }

    @Test
    void memoryServiceDownLeavesEmbeddingsNullAndReportsUnaffected() {
        fake.mode = FakeEmbedder.Mode.UNAVAILABLE;
        ReportErrorResponse first = report("shop", TYPE_ERROR);

        JobRunResult run = backfill();

        assertThat(run.getStatus()).isEqualTo(JobStatus.JOB_STATUS_FAILED);
        assertThat(run.getMessage()).contains("memory-service did not embed").contains("UNAVAILABLE");
        assertThat(unembedded()).isEqualTo(1);
        assertThat(status().getEmbeddingPaused()).isFalse();
        assertThat(report("shop", TYPE_ERROR).getError().getOccurrenceCount()).isEqualTo(2);
        assertThat(report("shop", "ConfigError: setting database is missing").getIsNew()).isTrue();

        fake.mode = FakeEmbedder.Mode.NORMAL; // the next run retries
        assertThat(backfill().getCountsMap()).containsEntry("errors_embedded", 2L);
        assertThat(unembedded()).isZero();
        assertThat(first.getError().getEmbedded()).isFalse();
    }

    @Test
    void lateMatchStoresNewMatchesOnceWithOneEventAndOneNotification() {
        ReportErrorResponse a = report("shop", "s-a", TYPE_ERROR, "npm test");
        long aId = a.getError().getId();
        long solution = solve("shop", aId, "Initialise users to an empty array").getSolution().getId();
        rate(aId, solution, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        assertThat(backfill().getCountsMap()).containsEntry("errors_embedded", 1L).containsEntry("late_matches", 0L);

        // the same error in another project, matched there only: the report finds no match
        ReportErrorResponse b = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("admin", "s-b"))
                .setRawOutput(TYPE_ERROR.replace("alice", "bob")).setProjectOnly(true).build());
        long bId = b.getError().getId();
        assertThat(b.getMatchesList()).isEmpty();
        long unrelated = report("admin", "ConfigError: setting database is missing").getError().getId();
        assertThat(jdbc.count("select count(*) from error_match where tenant = ?", tenant)).isZero();
        long eventsBefore = events().size();

        JobRunResult run = backfill();

        assertThat(run.getCountsMap()).containsEntry("errors_embedded", 2L).containsEntry("late_matches", 1L)
                .containsEntry("notifications", 1L);
        // same fingerprint, message, type and frames; the files differ in their user directory only (0.7)
        assertThat(jdbc.list("select error_id, matched_error_id, source, round(score::numeric, 4), strong"
                + " from error_match where tenant = ?",
                rs -> rs.getLong(1) + "->" + rs.getLong(2) + " "
                        + rs.getString(3) + " " + rs.getBigDecimal(4) + " " + rs.getBoolean(5),
                tenant))
                .containsExactly(bId + "->" + aId + " late 0.9700 true");
        assertThat(jdbc.count("select count(*) from error_match where ? in (error_id, matched_error_id)", unrelated))
                .isZero();
        List<String> events = events();
        assertThat(events.subList((int) eventsBefore, events.size()))
                .containsExactly("strengthen similar_to error:" + bId + "->error:" + aId);
        assertThat(jdbc.list("""
                select n.type, s.session_key, n.reference_id from notification n join session s on s.id = n.target_session_id
                where n.tenant = ?""", rs -> rs.getString(1) + " " + rs.getString(2) + " " + rs.getLong(3), tenant))
                .containsExactly("solution_available s-b " + aId);

        // a second run adds nothing, nor does embedding both again (the pair is known)
        JobRunResult again = backfill();
        assertThat(again.getCountsMap()).containsEntry("errors_embedded", 0L).containsEntry("late_matches", 0L);
        // both unmarked; b's old vector row stays (the worker replaces it rather than failing the batch)
        jdbc.update("update error set embedded_at = null where id in (?, ?)", aId, bId);
        jdbc.update("delete from error_embedding where error_id = ?", aId);
        JobRunResult reembedded = backfill();
        assertThat(reembedded.getCountsMap()).containsEntry("errors_embedded", 2L).containsEntry("late_matches", 0L)
                .containsEntry("notifications", 0L);
        assertThat(jdbc.count("select count(*) from error_match where tenant = ?", tenant)).isEqualTo(1);
        assertThat(events()).hasSize(events.size());
        assertThat(jdbc.count("select count(*) from notification where tenant = ? and type = 'solution_available'",
                tenant)).isEqualTo(1);
    }

    @Test
    void errorsEmbeddedTogetherNotifyTheSessionOfTheErrorWithoutTheSolution() {
        long aId = report("shop", "s-a", TYPE_ERROR, "npm test").getError().getId();
        long solution = solve("shop", aId, "Initialise users to an empty array").getSolution().getId();
        rate(aId, solution, SolutionOutcome.SOLUTION_OUTCOME_SUCCESS);
        long bId = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("admin", "s-b"))
                .setRawOutput(TYPE_ERROR).setProjectOnly(true).build()).getError().getId();

        JobRunResult run = backfill(); // both in one batch: a's late match finds b

        assertThat(run.getCountsMap()).containsEntry("late_matches", 1L).containsEntry("notifications", 1L);
        assertThat(jdbc.list("select error_id, matched_error_id from error_match where tenant = ? and source = 'late'",
                rs -> rs.getLong(1) + "->" + rs.getLong(2), tenant)).containsExactly(aId + "->" + bId);
        assertThat(jdbc.list("""
                select s.session_key, n.reference_id from notification n join session s on s.id = n.target_session_id
                where n.tenant = ? and n.type = 'solution_available'""", rs -> rs.getString(1) + " " + rs.getLong(2),
                tenant)).containsExactly("s-b " + aId);
    }

    @Test
    void aRecurringErrorIsAnsweredFromItsStoredMatchesNotFromItsVectorNeighbours() {
        report("shop", python("config.py", "ConfigError: database url missing in settings file"));
        String other = python("settings.py", "SettingsFailure: database url missing in settings file");
        ReportErrorResponse first = report("shop", other);
        assertThat(first.getFootprint().getCandidatesConsidered()).isZero();
        backfill();

        ReportErrorResponse recurring = report("shop", other);

        // the late match scored the vector neighbour when the error was embedded (below the threshold: no match);
        // the recurrence does not match again (docs/errors.md "A recurrence")
        assertThat(recurring.getIsNew()).isFalse();
        assertThat(recurring.getFootprint().getCandidatesConsidered()).isZero();
        assertThat(recurring.getFootprint().hasNearestScore()).isFalse();
        assertThat(recurring.getMatchesList()).isEmpty();
    }

    @Test
    void queryErrorsRanksTheVectorListWhenTheLexicalListsAreWeakAndTheQueryIsEmbeddedInTime() {
        long refused = report("shop", "ConnectionError: connection to database server refused").getError().getId();
        long sharesAWord = report("shop", "ConfigError: database setting is missing").getError().getId();
        backfill();
        int callsBefore = fake.callsOf(tenant).size();

        // every word of the query is in a stored error: the lexical lists answer, the model is not asked
        QueryErrorsResponse named = query("database server connection refused");
        assertThat(named.getSemanticSkipped()).isFalse();
        assertThat(named.getHits(0).getError().getId()).isEqualTo(refused);
        assertThat(named.getHits(0).getListsList()).doesNotContain(ErrorQueryList.ERROR_QUERY_LIST_VECTOR);
        assertThat(fake.callsOf(tenant)).hasSize(callsBefore);

        // a word no stored error holds: the vector list joins
        QueryErrorsResponse response = query("database server connection refused by the firewall");

        assertThat(response.getSemanticSkipped()).isFalse();
        ErrorHit top = response.getHits(0);
        assertThat(top.getError().getId()).isEqualTo(refused);
        assertThat(top.getListsList()).contains(ErrorQueryList.ERROR_QUERY_LIST_VECTOR);
        assertThat(fake.callsOf(tenant)).last().satisfies(
                c -> assertThat(c.texts()).containsExactly("database server connection refused by the firewall"));
        // the error sharing words is in the text list only, not near enough for the vector list (cosine < 0.40)
        assertThat(response.getHitsList()).filteredOn(h -> h.getError().getId() == sharesAWord)
                .allSatisfy(h -> assertThat(h.getListsList()).doesNotContain(ErrorQueryList.ERROR_QUERY_LIST_VECTOR));
        // the same text again (its white space aside): the vector is the cached one, the model is not asked again
        int calls = fake.callsOf(tenant).size();
        assertThat(query("database  server connection refused by the firewall ").getHits(0).getListsList())
                .contains(ErrorQueryList.ERROR_QUERY_LIST_VECTOR);
        assertThat(fake.callsOf(tenant)).hasSize(calls);

        QueryErrorsResponse unrelated = query("kernel frobnicate segmentation");
        assertThat(unrelated.getSemanticSkipped()).isFalse();
        assertThat(unrelated.getHitsList()).isEmpty();
    }

    @Test
    void queryErrorsSkipsTheVectorListWhenTheEmbedderIsLateOrDown() {
        long refused = report("shop", "ConnectionError: connection to database server refused").getError().getId();
        backfill();

        fake.mode = FakeEmbedder.Mode.SLOW;
        long start = System.nanoTime();
        // a word no stored error holds: the query needs the model
        QueryErrorsResponse late = query("database server connection refused by the firewall");
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertThat(late.getSemanticSkipped()).isTrue();
        assertThat(elapsedMs).isLessThan(FakeEmbedder.SLOW_MS);
        assertThat(late.getHitsList()).extracting(h -> h.getError().getId()).containsExactly(refused);
        assertThat(late.getHits(0).getListsList()).doesNotContain(ErrorQueryList.ERROR_QUERY_LIST_VECTOR);

        fake.mode = FakeEmbedder.Mode.UNAVAILABLE;
        QueryErrorsResponse down = query("database server connection refused by the proxy");
        assertThat(down.getSemanticSkipped()).isTrue();
        assertThat(down.getHits(0).getError().getId()).isEqualTo(refused);
        assertThat(down.getHits(0).getListsList()).doesNotContain(ErrorQueryList.ERROR_QUERY_LIST_VECTOR);
    }

    static String python(String file, String exception) {
        return "Traceback (most recent call last):\n  File \"/app/" + file + "\", line 3, in <module>\n    load()\n"
                + exception + "\n";
    }

    QueryErrorsResponse query(String text) {
        return errors().queryErrors(QueryErrorsRequest.newBuilder().setQuery(text).build());
    }
}
