package dev.brain.memory.log.service;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.wire.ProtoTime.timestamp;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.DeletePartitionRequest;
import dev.brain.grpc.v1.LogArt;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PipelineLogEntry;
import dev.brain.grpc.v1.PipelineLogServiceGrpc;
import dev.brain.grpc.v1.PipelineLogServiceGrpc.PipelineLogServiceBlockingStub;
import dev.brain.grpc.v1.QueryPipelineLogRequest;
import dev.brain.grpc.v1.QueryPipelineLogResponse;
import dev.brain.grpc.v1.WritePipelineLogRequest;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** PipelineLogService over real gRPC and PostgreSQL (memory.md §10, §14, §17.17). Test profile: flush every 1 s. */
@QuarkusTest
class PipelineLogsTest {

    @Inject
    DataSource dataSource;

    @Inject
    PipelineLogBuffer buffer;

    private ManagedChannel channel;
    private String tenant;
    private Pair pair;
    private PipelineLogServiceBlockingStub log;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("plog");
        pair = LongTermFixtures.pair(tenant);
        log = GrpcTestChannel.as(tenant, PipelineLogServiceGrpc.newBlockingStub(channel));
    }

    @AfterEach
    void close() {
        buffer.capacity(100_000);
        buffer.maxBatch(1000);
        buffer.pauseTicks(false);
        buffer.pause(false);
        buffer.flush();
        channel.shutdownNow();
    }

    static PipelineLogEntry.Builder entry(String turnId, LogArt art, Pair pair) {
        PipelineLogEntry.Builder b = PipelineLogEntry.newBuilder().setTurnId(turnId).setArt(art).setSource("system")
                .setNode("responder").setContent(Value.newBuilder().setStringValue("line of " + turnId));
        if (pair != null) {
            b.setPair(pair);
        }
        return b;
    }

    static WritePipelineLogRequest write(PipelineLogEntry.Builder... entries) {
        WritePipelineLogRequest.Builder r = WritePipelineLogRequest.newBuilder();
        for (PipelineLogEntry.Builder e : entries) {
            r.addEntries(e);
        }
        return r.build();
    }

    private long rows(String turnId) throws Exception {
        return count(dataSource, "select count(*) from pipeline_log where turn_id = ?", turnId);
    }

    private static Status.Code code(Runnable call) {
        try {
            call.run();
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        }
        return Status.Code.OK;
    }

    private static void assertInvalid(Runnable call, String... inDescription) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).contains(inDescription);
        });
    }

    @Test
    void aDeletedPairsBufferedLinesNeverLandAfterTheDelete() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        Pair sibling = LongTermFixtures.pair(tenant);
        buffer.pause(true);
        log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair), entry(turn, LogArt.LOG_ART_OUTPUT, pair),
                entry(turn, LogArt.LOG_ART_NOTE, sibling)));
        assertThat(rows(turn)).as("buffered, not yet written").isZero();

        Map<String, Long> deleted = GrpcTestChannel.as(tenant, LongTermMemoryServiceGrpc.newBlockingStub(channel))
                .deletePartition(DeletePartitionRequest.newBuilder().setPair(pair).build()).getDeletedMap();
        buffer.pause(false);
        buffer.flush();

        assertThat(deleted).containsEntry("pipeline_log_buffered", 2L);
        assertThat(count(dataSource, "select count(*) from pipeline_log where turn_id = ? and user_id = ?", turn,
                pair.getUserId())).as("no line of the deleted pair after the delete").isZero();
        assertThat(count(dataSource, "select count(*) from pipeline_log where turn_id = ? and user_id = ?", turn,
                sibling.getUserId())).as("the other pair's line is kept").isEqualTo(1);
    }

    @Test
    void aBufferedLineIsWrittenByTheFlushIntervalNotByTheCall() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        buffer.pause(true);
        assertThat(log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair))).getAccepted()).isEqualTo(1);
        assertThat(rows(turn)).as("buffered, not yet written").isZero();
        assertThat(buffer.size()).isPositive();

        buffer.pause(false);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos(); // flush-seconds = 1 in %test
        while (rows(turn) == 0 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(rows(turn)).as("visible after the flush interval, without an explicit flush").isEqualTo(1);
    }

    @Test
    void maxBatchWaitingLinesAreWrittenWithoutWaitingForTheInterval() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        buffer.pauseTicks(true);
        buffer.flush();
        buffer.maxBatch(3);
        log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair), entry(turn, LogArt.LOG_ART_NOTE, pair)));
        Thread.sleep(1500); // more than one interval (1 s in %test): ticks are paused, 2 < max-batch
        assertThat(rows(turn)).isZero();
        log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair)));
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (rows(turn) < 3 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(rows(turn)).as("the third line reached max-batch and triggered the writer").isEqualTo(3);
    }

    @Test
    void shutdownWritesWhatIsStillBuffered() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        buffer.pause(true);
        log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair), entry(turn, LogArt.LOG_ART_OUTPUT, pair)));
        assertThat(rows(turn)).isZero();
        buffer.stop(null); // what the ShutdownEvent observer runs
        try {
            assertThat(rows(turn)).isEqualTo(2);
        } finally {
            buffer.start(null);
        }
    }

    @Test
    void turnRawIsCommittedBeforeWriteReturnsEvenWhenTheBufferIsPaused() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        buffer.pause(true);
        Value raw = Value.newBuilder().setStructValue(Struct.newBuilder()
                .putFields("stimulus", Value.newBuilder().setStringValue("hello").build())
                .putFields("response", Value.newBuilder().setStringValue("hi").build())).build();
        log.write(write(entry(turn, LogArt.LOG_ART_TURN_RAW, pair).setContent(raw), entry(turn, LogArt.LOG_ART_NOTE, pair)));

        assertThat(count(dataSource, "select count(*) from pipeline_log where turn_id = ? and art = 'turn_raw'"
                + " and content = '{\"stimulus\":\"hello\",\"response\":\"hi\"}'::jsonb", turn)).isEqualTo(1);
        assertThat(rows(turn)).as("the note waits in the buffer").isEqualTo(1);
    }

    @Test
    void aFullBufferRejectsTheWholeCallWithResourceExhaustedButTurnRawStillPasses() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        buffer.pause(true);
        buffer.flush();
        buffer.capacity(2);

        assertThatThrownBy(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair),
                entry(turn, LogArt.LOG_ART_NOTE, pair), entry(turn, LogArt.LOG_ART_NOTE, pair))))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
                    assertThat(e.getStatus().getDescription()).contains("buffer full");
                });
        assertThat(buffer.size()).as("nothing of the rejected call is buffered").isZero();
        assertThat(log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair), entry(turn, LogArt.LOG_ART_INPUT, pair)))
                .getAccepted()).isEqualTo(2);
        assertThat(code(() -> log.write(write(entry(turn, LogArt.LOG_ART_OUTPUT, pair)))))
                .isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        // a mixed call is all or nothing: its turn_raw is not written either
        assertThat(code(() -> log.write(write(entry(turn, LogArt.LOG_ART_TURN_RAW, pair),
                entry(turn, LogArt.LOG_ART_OUTPUT, pair))))).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
        assertThat(rows(turn)).isZero();
        // turn_raw alone bypasses the buffer
        assertThat(log.write(write(entry(turn, LogArt.LOG_ART_TURN_RAW, pair))).getAccepted()).isEqualTo(1);
        assertThat(rows(turn)).isEqualTo(1);

        buffer.capacity(100_000);
        buffer.pause(false);
        buffer.flush();
        assertThat(rows(turn)).isEqualTo(3);
    }

    @Test
    void invalidEntriesAreRejectedNamingTheFieldAndTheLimit() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        Pair half = Pair.newBuilder().setUserId(pair.getUserId()).build();
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair), entry(turn, LogArt.LOG_ART_NOTE, half))),
                "entries[1].pair", "both or neither", "agent_id");
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, Pair.newBuilder().setAgentId("claude").build()))),
                "entries[0].pair", "user_id");
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_UNSPECIFIED, pair))), "entries[0].art");
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair).setArtValue(99))), "entries[0].art");
        assertInvalid(() -> log.write(write(entry("", LogArt.LOG_ART_NOTE, pair))), "entries[0].turn_id");
        assertInvalid(() -> log.write(write(entry("x".repeat(101), LogArt.LOG_ART_NOTE, pair))), "entries[0].turn_id",
                "100");
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair).setNode("n".repeat(51)))),
                "entries[0].node", "50");
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair).setSpanId("not-a-uuid"))),
                "entries[0].span_id");
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair).setContent(Value.newBuilder()
                .setListValue(ListValue.newBuilder().addValues(Value.newBuilder().setNumberValue(1)))))),
                "entries[0].content", "string or a JSON object");
        assertInvalid(() -> log.write(WritePipelineLogRequest.getDefaultInstance()), "entries");

        Value big = Value.newBuilder().setStringValue("x".repeat(256 * 1024)).build(); // + 2 quotes > 256 KiB
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, pair).setContent(big))),
                "entries[0].content", "256 KiB");
        Value mib = Value.newBuilder().setStringValue("x".repeat(1024 * 1024)).build();
        assertInvalid(() -> log.write(write(entry(turn, LogArt.LOG_ART_TURN_RAW, pair).setContent(mib))),
                "entries[0].content", "1024 KiB", "turn_raw");
        assertThat(log.write(write(entry(turn, LogArt.LOG_ART_TURN_RAW, pair).setContent(big))).getAccepted())
                .as("turn_raw may exceed 256 KiB").isEqualTo(1);

        PipelineLogEntry.Builder[] many = new PipelineLogEntry.Builder[1001];
        for (int i = 0; i < many.length; i++) {
            many[i] = entry(turn, LogArt.LOG_ART_NOTE, pair);
        }
        assertInvalid(() -> log.write(write(many)), "entries", "1001", "1000");
        Value quarter = Value.newBuilder().setStringValue("y".repeat(250 * 1024)).build();
        PipelineLogEntry.Builder[] heavy = new PipelineLogEntry.Builder[17]; // 17 × 250 KiB > 4 MiB
        for (int i = 0; i < heavy.length; i++) {
            heavy[i] = entry(turn, LogArt.LOG_ART_NOTE, pair).setContent(quarter);
        }
        assertInvalid(() -> log.write(write(heavy)), "entries", "4 MiB");

        Pair foreign = LongTermFixtures.pair(LongTermFixtures.newTenant("other"));
        assertThat(code(() -> log.write(write(entry(turn, LogArt.LOG_ART_NOTE, foreign)))))
                .isEqualTo(Status.Code.PERMISSION_DENIED);
        buffer.flush();
        assertThat(rows(turn)).as("only the one valid turn_raw").isEqualTo(1);
    }

    @Test
    void queryFiltersPagesInCreatedAtOrderAndStaysInTheTenant() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        String span = UUID.randomUUID().toString();
        Pair second = LongTermFixtures.pair(tenant);
        Instant t0 = Instant.parse("2026-01-01T10:00:00Z");
        List<PipelineLogEntry.Builder> entries = new ArrayList<>();
        for (int i = 0; i < 7; i++) { // written out of order; created_at decides
            entries.add(entry(turn, i % 2 == 0 ? LogArt.LOG_ART_NOTE : LogArt.LOG_ART_SWITCH, pair)
                    .setCreatedAt(timestamp(t0.plusSeconds(60L * (6 - i)))).setSpanId(i < 3 ? span : ""));
        }
        entries.add(entry(turn, LogArt.LOG_ART_NOTE, second).setCreatedAt(timestamp(t0.plusSeconds(30)))
                .setSource("agent-x"));
        log.write(write(entries.toArray(PipelineLogEntry.Builder[]::new)));
        // another tenant's line in the same turn id, and a pair-less line
        String other = LongTermFixtures.newTenant("plog-other");
        GrpcTestChannel.as(other, PipelineLogServiceGrpc.newBlockingStub(channel))
                .write(write(entry(turn, LogArt.LOG_ART_NOTE, LongTermFixtures.pair(other))
                        .setCreatedAt(timestamp(t0))));
        log.write(write(entry(turn, LogArt.LOG_ART_NOTE, null).setCreatedAt(timestamp(t0))));
        buffer.flush();

        QueryPipelineLogRequest byTurn = QueryPipelineLogRequest.newBuilder().setTurnId(turn).setPageSize(3).build();
        List<PipelineLogEntry> all = new ArrayList<>();
        QueryPipelineLogResponse page = log.query(byTurn);
        int pages = 1;
        all.addAll(page.getEntriesList());
        while (!page.getNextPageToken().isEmpty()) {
            page = log.query(byTurn.toBuilder().setPageToken(page.getNextPageToken()).build());
            all.addAll(page.getEntriesList());
            pages++;
        }
        assertThat(pages).isEqualTo(3);
        assertThat(all).hasSize(8).allSatisfy(e -> assertThat(e.getPair().getUserId()).startsWith(tenant + ":"));
        assertThat(all).extracting(e -> e.getCreatedAt().getSeconds()).isSorted();
        assertThat(all.get(0).getPair()).isEqualTo(pair);
        assertThat(all.get(1).getPair()).isEqualTo(second);
        assertThat(all.get(1).getSource()).isEqualTo("agent-x");
        assertThat(all.get(0).getContent().getStringValue()).isEqualTo("line of " + turn);

        assertThat(log.query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).setPair(second).build()).getEntriesCount())
                .isEqualTo(1);
        assertThat(log.query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).setSpanId(span).build()).getEntriesList())
                .hasSize(3).allSatisfy(e -> assertThat(e.getSpanId()).isEqualTo(span));
        assertThat(log.query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).setArt(LogArt.LOG_ART_SWITCH)
                .setNode("responder").build()).getEntriesList()).hasSize(3)
                .allSatisfy(e -> assertThat(e.getArt()).isEqualTo(LogArt.LOG_ART_SWITCH));
        assertThat(log.query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).setSource("agent-x").build())
                .getEntriesCount()).isEqualTo(1);
        assertThat(log.query(QueryPipelineLogRequest.newBuilder().setTurnId(turn)
                .setFrom(timestamp(t0.plusSeconds(60))).setTo(timestamp(t0.plusSeconds(180))).build()).getEntriesList())
                .extracting(e -> e.getCreatedAt().getSeconds() - t0.getEpochSecond()).containsExactly(60L, 120L);

        // isolation: another tenant sees only its own line; its pair is PERMISSION_DENIED for us
        assertThat(GrpcTestChannel.as(other, PipelineLogServiceGrpc.newBlockingStub(channel))
                .query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).build()).getEntriesList())
                .hasSize(1).allSatisfy(e -> assertThat(e.getPair().getUserId()).startsWith(other + ":"));
        assertThat(code(() -> log.query(QueryPipelineLogRequest.newBuilder().setTurnId(turn)
                .setPair(LongTermFixtures.pair(other)).build()))).isEqualTo(Status.Code.PERMISSION_DENIED);
        // the pair-less line is visible to the system tenant only
        assertThat(GrpcTestChannel.as("system", PipelineLogServiceGrpc.newBlockingStub(channel))
                .query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).build()).getEntriesList())
                .hasSize(1).allSatisfy(e -> assertThat(e.hasPair()).isFalse());

        assertInvalid(() -> log.query(byTurn.toBuilder().setPageSize(1001).build()), "page_size", "1000");
        assertInvalid(() -> log.query(byTurn.toBuilder().setPageToken("%%%").build()), "page_token");
        assertInvalid(() -> log.query(byTurn.toBuilder().setPair(Pair.newBuilder().setUserId(pair.getUserId())).build()),
                "pair", "both or neither");
    }

    @Test
    void aTenantWhoseNameHasLikeWildcardsSeesOnlyItsOwnPairs() throws Exception {
        String turn = "t-" + UUID.randomUUID();
        String wild = "w_" + UUID.randomUUID().toString().substring(0, 6);
        String lookalike = "wx" + wild.substring(2); // matches 'w_…' as a LIKE pattern
        GrpcTestChannel.as(lookalike, PipelineLogServiceGrpc.newBlockingStub(channel))
                .write(write(entry(turn, LogArt.LOG_ART_NOTE, LongTermFixtures.pair(lookalike))));
        buffer.flush();
        assertThat(GrpcTestChannel.as(wild, PipelineLogServiceGrpc.newBlockingStub(channel))
                .query(QueryPipelineLogRequest.newBuilder().setTurnId(turn).build()).getEntriesCount()).isZero();
    }
}
