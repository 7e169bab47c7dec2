package dev.brain.error.analytics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.ChainSequence;
import dev.brain.grpc.v1.ChainSequencesRequest;
import dev.brain.grpc.v1.ChainSequencesResponse;
import dev.brain.grpc.v1.ErrorRecord;
import io.quarkus.test.junit.QuarkusTest;

/** {@code ChainSequences}: fingerprint sequences of error chains recurring in several sessions. */
@QuarkusTest
class ChainSequencesTest extends AnalyticsTestBase {

    static final String A = undefinedRead("map", "a.js");
    static final String B = undefinedRead("filter", "b.js");
    static final String C = undefinedRead("reduce", "c.js");
    static final String X = undefinedRead("find", "x.js");
    static final String Y = undefinedRead("some", "y.js");

    long shop;
    long blog;
    String fa;
    String fb;
    String fc;
    /** Errors of the last chain of A→B (s4, shop) and of A→B→C (s3, blog). */
    List<Long> lastAb;
    List<Long> lastAbc;

    /** Reports {@code outputs} one minute apart in one session (one chain), then leaves a 20 minute gap. */
    private List<ErrorRecord> chain(String t, String project, String session, String... outputs) {
        List<ErrorRecord> errors = new ArrayList<>();
        for (String output : outputs) {
            errors.add(reportAs(t, project, session, output).getError());
            clock.advance(Duration.ofMinutes(1));
        }
        clock.advance(Duration.ofMinutes(20));
        return errors;
    }

    /**
     * s1, s2 (shop) and s3 (blog): A→B→C; s4 (shop): A→B; s5 (shop): X→Y. A→B recurs in 4 sessions, A→B→C and
     * B→C in 3. The other tenant chains A→B→C in three sessions of its own.
     */
    @BeforeEach
    void seed() {
        clock.set(Instant.parse("2024-07-01T09:00:00Z"));
        List<ErrorRecord> s1 = chain(tenant, "shop", "s1", A, B, C);
        shop = s1.get(0).getProjectId();
        fa = s1.get(0).getFingerprint();
        fb = s1.get(1).getFingerprint();
        fc = s1.get(2).getFingerprint();
        chain(tenant, "shop", "s2", A, B, C);
        List<ErrorRecord> s3 = chain(tenant, "blog", "s3", A, B, C);
        blog = s3.get(0).getProjectId();
        lastAbc = s3.stream().map(ErrorRecord::getId).toList();
        lastAb = chain(tenant, "shop", "s4", A, B).stream().map(ErrorRecord::getId).toList();
        chain(tenant, "shop", "s5", X, Y);
        for (String s : List.of("f1", "f2", "f3")) {
            chain(otherTenant, "shop", s, A, B, C);
        }
    }

    private ChainSequencesResponse sequences(ChainSequencesRequest.Builder r) {
        return analytics().chainSequences(r.build());
    }

    private static String summary(ChainSequence s) {
        return s.getFingerprintsList() + " in " + s.getSessionCount();
    }

    @Test
    void recurringSequencesWithSessionCountsAndRepresentatives() {
        ChainSequencesResponse response = sequences(ChainSequencesRequest.newBuilder());
        // B→C is left out: it occurs in exactly the sessions of A→B→C
        assertThat(response.getSequencesList()).containsExactly(
                ChainSequence.newBuilder().addAllFingerprints(List.of(fa, fb))
                        .addAllErrorTypes(List.of("TypeError", "TypeError")).setSessionCount(4)
                        .addAllErrorIds(lastAb).addAllProjectIds(List.of(shop, blog)).build(),
                ChainSequence.newBuilder().addAllFingerprints(List.of(fa, fb, fc))
                        .addAllErrorTypes(List.of("TypeError", "TypeError", "TypeError")).setSessionCount(3)
                        .addAllErrorIds(lastAbc).addAllProjectIds(List.of(shop, blog)).build());
        assertThat(response.getNextPageToken()).isEmpty();
    }

    @Test
    void minSessionsAndMaxLengthNarrow() {
        assertThat(sequences(ChainSequencesRequest.newBuilder().setMinSessions(4)).getSequencesList())
                .extracting(ChainSequencesTest::summary).containsExactly(List.of(fa, fb) + " in 4");
        // without A→B→C, B→C is reported on its own
        assertThat(sequences(ChainSequencesRequest.newBuilder().setMaxLength(2)).getSequencesList())
                .extracting(ChainSequencesTest::summary)
                .containsExactly(List.of(fa, fb) + " in 4", List.of(fb, fc) + " in 3");
        assertThat(sequences(ChainSequencesRequest.newBuilder().setMinSessions(5)).getSequencesList()).isEmpty();
        // with 2 sessions enough, X→Y (one session) still does not recur
        assertThat(sequences(ChainSequencesRequest.newBuilder().setMinSessions(2)).getSequencesList())
                .extracting(ChainSequencesTest::summary)
                .containsExactly(List.of(fa, fb) + " in 4", List.of(fa, fb, fc) + " in 3");
    }

    @Test
    void anotherTenantsChainsNeverCount() {
        // the other tenant's three A→B→C sessions are not in the counts above (4 and 3); its own view:
        ChainSequencesResponse foreign = analytics(otherTenant).chainSequences(ChainSequencesRequest.getDefaultInstance());
        assertThat(foreign.getSequencesList()).singleElement().satisfies(s -> {
            assertThat(s.getFingerprintsList()).containsExactly(fa, fb, fc);
            assertThat(s.getSessionCount()).isEqualTo(3);
            assertThat(s.getProjectIdsList()).doesNotContain(shop, blog);
            assertThat(s.getErrorIdsList()).doesNotContainAnyElementsOf(lastAbc).doesNotContainAnyElementsOf(lastAb);
        });
    }

    @Test
    void pagesByPageToken() {
        ChainSequencesRequest.Builder r = ChainSequencesRequest.newBuilder().setPageSize(1);
        ChainSequencesResponse first = sequences(r);
        assertThat(first.getSequencesList()).extracting(ChainSequencesTest::summary)
                .containsExactly(List.of(fa, fb) + " in 4");
        ChainSequencesResponse second = sequences(r.setPageToken(first.getNextPageToken()));
        assertThat(second.getSequencesList()).extracting(ChainSequencesTest::summary)
                .containsExactly(List.of(fa, fb, fc) + " in 3");
        assertThat(second.getNextPageToken()).isEmpty();
    }

    @Test
    void badArgumentsNameTheField() {
        assertInvalid(() -> sequences(ChainSequencesRequest.newBuilder().setMaxLength(1)), "max_length");
        assertInvalid(() -> sequences(ChainSequencesRequest.newBuilder().setMaxLength(11)), "max_length");
        assertInvalid(() -> sequences(ChainSequencesRequest.newBuilder().setMinSessions(1)), "min_sessions");
        assertInvalid(() -> sequences(ChainSequencesRequest.newBuilder().setPageSize(1001)), "page_size");
        assertInvalid(() -> sequences(ChainSequencesRequest.newBuilder().setPageToken("x")), "page_token");
    }
}
