package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

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
}
