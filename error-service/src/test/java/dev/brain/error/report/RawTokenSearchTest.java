package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.brain.error.intake.ParserRegistry;
import dev.brain.error.support.Corpus;
import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ErrorHit;
import dev.brain.grpc.v1.ErrorQueryList;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Short raw tokens (issue 40) — a port, a short identifier, a path segment, a build's package line — are found in
 * the stored raw output of the dev corpus (src/test/resources/corpus), which the full-text words do not hold.
 */
@QuarkusTest
class RawTokenSearchTest extends ErrorServiceTestBase {

    static final String IDX = """
            thread 'main' panicked at src/cache.rs:41:19:
            index out of bounds: the len is 3 but the index is 7
            let idx = key % buckets.len();""";

    @Test
    void aPortAShortIdentifierAPathSegmentAndAPackageLineFindTheErrorsThatHoldThem() {
        for (JsonNode row : Corpus.rows()) {
            errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop")).setRawOutput(
                    row.get("raw_output").asText()).setCommand(row.path("command").asText("")).build());
        }
        report("shop", IDX);
        for (String token : List.of("idx", "3000", "profile", "client", "# app/store")) {
            List<ErrorHit> hits = errors().queryErrors(QueryErrorsRequest.newBuilder().setScope(scope("shop"))
                    .setQuery(token).setLimit(10).build()).getHitsList();
            assertThat(hits).as(token).isNotEmpty();
            // the best hit holds the token in its raw output, and the raw-text list brought it
            ErrorHit best = hits.get(0);
            String raw = errors().getError(dev.brain.grpc.v1.GetErrorRequest.newBuilder()
                    .setErrorId(best.getError().getId()).build()).getError().getRawOutput();
            assertThat(raw).as(token).containsIgnoringCase(token);
            assertThat(best.getListsList()).as(token).contains(ErrorQueryList.ERROR_QUERY_LIST_RAW_TEXT);
        }
        // a long pasted line is no raw-text query; a two-letter one neither
        assertThat(ErrorQueries.rawPattern("TypeError: Cannot read properties of undefined (reading 'id') at x")).isNull();
        assertThat(ErrorQueries.rawPattern("io")).isNull();
        assertThat(ErrorQueries.rawPattern("50%_off\\x")).isEqualTo("%50\\%\\_off\\\\x%");
    }

    @Test
    void aTraceHeaderAloneFindsTheNewestErrorsOfItsLanguage() {
        String trace = "Traceback (most recent call last):\n  File \"/srv/app/%s.py\", line 3, in <module>\n%s\n";
        long older = report("shop", trace.formatted("load", "KeyError: 'user'")).getError().getId();
        long newer = report("shop", trace.formatted("save", "ValueError: bad literal")).getError().getId();
        long node = report("shop", "TypeError: x is not a function\n    at run (/srv/app/src/run.js:1:1)").getError()
                .getId();
        long elsewhere = errors(tenant + "-other").reportError(ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput(trace.formatted("other", "KeyError: 'other'")).build()).getError().getId();
        // the header names no error and its words no row holds: the language's errors, newest first
        List<ErrorHit> hits = errors().queryErrors(QueryErrorsRequest.newBuilder().setScope(scope("shop"))
                .setQuery(" Traceback (most recent call last):\n").setLimit(10).build()).getHitsList();
        assertThat(hits).extracting(h -> h.getError().getId()).containsExactly(newer, older)
                .doesNotContain(node, elsewhere);
        assertThat(hits.get(0).getListsList()).containsExactly(ErrorQueryList.ERROR_QUERY_LIST_RAW_TEXT);
        // a line with more than the header is searched as the error it names
        assertThat(ParserRegistry.headerOf("Traceback (most recent call last): KeyError")).isNull();
        assertThat(ParserRegistry.headerOf("Traceback (most recent call last):")).isEqualTo("python");
    }

    @Test
    void aSubstringAsCommonAsItsWordsIsNotSearchedButOneWithAValueIs() {
        long refused = report("api", "Error: connect ECONNREFUSED 10.0.3.7:6379\n    at TCPConnectWrap.afterConnect")
                .getError().getId();
        QueryErrorsRequest words = QueryErrorsRequest.newBuilder().setScope(scope("api")).setQuery("connect ECONNREFUSED")
                .setLimit(10).build();
        QueryErrorsRequest value = words.toBuilder().setQuery("ECONNREFUSED 10.0.3.7:6379").build();
        assertThat(rawTextHits(words)).containsExactly(refused);

        // 100 rows hold every word of "connect ECONNREFUSED": its substring is as common, and is not searched
        storeCopies(refused, 99);
        assertThat(rawTextHits(words)).isEmpty();
        assertThat(errors().queryErrors(words).getHitsCount()).isEqualTo(10);
        // an address is no word: the raw output is still searched for it
        assertThat(rawTextHits(value)).isNotEmpty();
    }

    @Inject
    CommonWords commonWords;
    @Inject
    Matcher matcher;

    @Test
    void aSubstringOfCommonWordsAloneIsNotSearchedInALargeTenant() throws InterruptedException {
        String output = "# app/zork\napp/zork/main.go:12:2: undefined: Foo";
        long build = report("api", output).getError().getId();
        // a large tenant: 2,000 more errors of other words
        storeCopies(report("api", "RangeError: qwerty uiop\n    at run (/srv/x/src/run.js:1:1)").getError().getId(),
                ErrorQueries.RAW_COMMON_GATE_ROWS);
        // the store size is recounted in the background a minute after its last count
        clock.advance(Duration.ofSeconds(61));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (matcher.storeSize(tenant) < ErrorQueries.RAW_COMMON_GATE_ROWS && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(matcher.storeSize(tenant)).isEqualTo(ErrorQueries.RAW_COMMON_GATE_ROWS + 2);
        long small = errors(otherTenant).reportError(ReportErrorRequest.newBuilder().setScope(scope("api"))
                .setRawOutput(output).build()).getError().getId();
        QueryErrorsRequest query = QueryErrorsRequest.newBuilder().setScope(scope("api")).setQuery("# app/zork")
                .setLimit(10).build();
        assertThat(rawTextHits(query)).containsExactly(build);

        // errors of another tenant hold "app" and "zork": by the statistics, they are common
        withCommonWords("ZorkError: app zork failed\n    at run (/srv/app/src/run.js:1:1)",
                () -> commonWords.refresh(Instant.now()), () -> {
                    assertThat(commonWords.current(Instant.now())).contains("app", "zork");
                    assertThat(rawTextHits(query)).isEmpty();
                    // a small tenant's raw outputs are searched for them still
                    assertThat(hitsFrom(otherTenant, ErrorQueryList.ERROR_QUERY_LIST_RAW_TEXT, query))
                            .containsExactly(small);
                    // with a value (a path and line), the same words are still searched for
                    assertThat(rawTextHits(query.toBuilder().setQuery("app/zork/main.go:12").build()))
                            .containsExactly(build);
                });
    }

    /**
     * The test's errors, copies included, deleted whether it passed or not: rows left in the shared test database
     * would make their words common for every later test.
     */
    @AfterEach
    void deleteTheTenantsErrors() {
        jdbc.update("delete from error where tenant = ?", tenant);
    }

    private List<Long> rawTextHits(QueryErrorsRequest query) {
        return hitsFrom(tenant, ErrorQueryList.ERROR_QUERY_LIST_RAW_TEXT, query);
    }
}
