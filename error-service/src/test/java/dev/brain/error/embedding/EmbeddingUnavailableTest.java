package dev.brain.error.embedding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.GetStatusRequest;
import dev.brain.grpc.v1.JobRunResult;
import dev.brain.grpc.v1.JobStatus;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.QueryErrorsResponse;
import dev.brain.grpc.v1.RunEmbeddingBackfillRequest;
import io.quarkus.test.junit.QuarkusTest;

/**
 * memory-service not running at all (the test configuration points its client at a closed port): the embedding
 * worker leaves errors unembedded and is not paused, reports and queries answer without the semantic parts.
 */
@QuarkusTest
class EmbeddingUnavailableTest extends ErrorServiceTestBase {

    @Test
    void withoutMemoryServiceErrorsStayUnembeddedAndEverythingElseWorks() {
        long id = report("shop", "ConnectionError: connection to database server refused").getError().getId();

        JobRunResult run = learning().runEmbeddingBackfill(RunEmbeddingBackfillRequest.getDefaultInstance()).getResult();

        assertThat(run.getStatus()).isEqualTo(JobStatus.JOB_STATUS_FAILED);
        assertThat(run.getMessage()).contains("memory-service did not embed");
        assertThat(run.getCountsMap()).containsEntry("errors_embedded", 0L);
        assertThat(jdbc.count("select count(*) from error where id = ? and embedded_at is null", id)).isEqualTo(1);
        var status = sessions().getStatus(GetStatusRequest.getDefaultInstance());
        assertThat(status.getEmbeddingPaused()).isFalse();
        assertThat(status.getUnembeddedErrors()).isEqualTo(1);
        assertThat(report("shop", "ConnectionError: connection to database server refused").getError()
                .getOccurrenceCount()).isEqualTo(2);
        QueryErrorsResponse query = errors().queryErrors(QueryErrorsRequest.newBuilder()
                .setQuery("database server connection refused by the firewall").build());
        assertThat(query.getSemanticSkipped()).isTrue();
        assertThat(query.getHits(0).getError().getId()).isEqualTo(id);
    }
}
