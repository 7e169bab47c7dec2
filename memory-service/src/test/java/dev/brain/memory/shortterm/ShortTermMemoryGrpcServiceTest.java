package dev.brain.memory.shortterm;

import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static dev.brain.wire.ProtoTime.instant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.DeleteEntryRequest;
import dev.brain.grpc.v1.FloatVector;
import dev.brain.grpc.v1.GetEntryRequest;
import dev.brain.grpc.v1.ListEntriesRequest;
import dev.brain.grpc.v1.ListEntriesResponse;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromotionState;
import dev.brain.grpc.v1.SearchEntriesRequest;
import dev.brain.grpc.v1.SearchEntriesResponse;
import dev.brain.grpc.v1.ShortTermEntry;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;
import dev.brain.grpc.v1.WriteEntryReason;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.grpc.v1.WriteEntryResponse;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.memory.testing.TestClock;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ShortTermMemoryGrpcServiceTest {

    @Inject
    DataSource dataSource;

    @Inject
    TestClock clock;

    private ManagedChannel channel;
    private String tenant;
    private ShortTermMemoryServiceBlockingStub stub;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("stm");
        stub = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
    }

    @AfterEach
    void close() {
        clock.reset();
        channel.shutdownNow();
    }

    private long entries(Pair pair) throws Exception {
        return LongTermFixtures.count(dataSource, "select count(*) from short_term_entry where user_id = ? and agent_id = ?",
                pair.getUserId(), pair.getAgentId());
    }

    @Test
    void salienceBandsDecideStorageStateAndTtl() throws Exception {
        Pair pair = pair(tenant);
        Instant now = Instant.parse("2031-03-01T10:00:00Z");
        clock.set(now);
        WriteEntryResponse below = stub.writeEntry(entry(pair, "barely worth it", 0.29, unit(0)).build());
        assertThat(below.getStored()).isFalse();
        assertThat(below.getReason()).isEqualTo(WriteEntryReason.WRITE_ENTRY_REASON_BELOW_MIN_SALIENCE);
        assertThat(below.hasEntry()).isFalse();
        assertThat(entries(pair)).isZero();

        ShortTermEntry low = stub.writeEntry(entry(pair, "middling", 0.3, unit(1)).build()).getEntry();
        assertThat(low.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_NOT_ELIGIBLE);
        assertThat(instant(low.getExpiresAt())).isEqualTo(now.plus(Duration.ofDays(7)));
        assertThat(low.getEntryKey()).isEqualTo("stm-" + low.getId());

        ShortTermEntry high = stub.writeEntry(entry(pair, "important", 0.7, unit(2)).build()).getEntry();
        assertThat(high.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_PENDING);
        assertThat(instant(high.getExpiresAt())).isEqualTo(now.plus(Duration.ofDays(30)));

        ShortTermEntry ttl = stub.writeEntry(entry(pair, "short lived", 0.69, unit(3)).setTtl(LongTermFixtures.hours(5))
                .build()).getEntry();
        assertThat(ttl.getPromotionState()).isEqualTo(PromotionState.PROMOTION_STATE_NOT_ELIGIBLE);
        assertThat(instant(ttl.getExpiresAt())).isEqualTo(now.plus(Duration.ofHours(5)));
        assertThat(entries(pair)).isEqualTo(3);
    }

    @Test
    void entryKeyIsIdempotentForSameContentAndAlreadyExistsForOther() throws Exception {
        Pair pair = pair(tenant);
        WriteEntryResponse first = stub.writeEntry(entry(pair, "Anna likes tea", 0.8, unit(0)).setEntryKey("k-1").build());
        assertThat(first.getCreated()).isTrue();
        WriteEntryResponse again = stub.writeEntry(entry(pair, "Anna likes tea", 0.8, unit(0)).setEntryKey("k-1").build());
        assertThat(again.getStored()).isTrue();
        assertThat(again.getCreated()).isFalse();
        assertThat(again.getEntry().getId()).isEqualTo(first.getEntry().getId());
        assertThatThrownBy(() -> stub.writeEntry(entry(pair, "Anna likes coffee", 0.8, unit(0)).setEntryKey("k-1")
                .addEntityNames("Anna").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.ALREADY_EXISTS);
                    assertThat(e.getStatus().getDescription()).contains("entry_key");
                });
        assertThat(entries(pair)).isEqualTo(1);
        assertThat(LongTermFixtures.count(dataSource, "select count(*) from entity where user_id = ?", pair.getUserId()))
                .as("the rejected write resolved no entity").isZero();
    }

    @Test
    void fieldsAreNormalisedAndEntityNamesResolvedInTheWrite() throws Exception {
        Pair pair = pair(tenant);
        long given = 9_000_000_007L; // an entity id given directly, far above any id the test database's sequence hands out
        Struct metadata = Struct.newBuilder().putFields("tone", Value.newBuilder().setStringValue("warm").build())
                .putFields("intensity", Value.newBuilder().setNumberValue(0.25).build()).build();
        ShortTermEntry e = stub.writeEntry(entry(pair, "Anna\u0000 met Bob", 0.75, unit(4))
                .addTopics(" Tea ").addTopics("tea").addTopics("Garden").addEntityIds(given).addEntityIds(given)
                .addEntityNames("Anna").addEntityNames("anna").setMetadata(metadata).setEmotion("freude")
                .setTimeRef(TimeRef.newBuilder().setAt(Timestamp.newBuilder().setSeconds(1_900_000_000))
                        .setPrecision(TimePrecision.TIME_PRECISION_DAY).setTimelineRef("trip-1"))
                .setTurnId("turn-9").build()).getEntry();
        assertThat(e.getContent()).isEqualTo("Anna met Bob");
        assertThat(e.getTopicsList()).containsExactly("Tea", "Garden");
        long anna = LongTermFixtures.count(dataSource, "select id from entity where user_id = ? and name_key = 'anna'",
                pair.getUserId());
        assertThat(e.getEntityIdsList()).containsExactly(given, anna);
        assertThat(e.getArousal()).isEqualTo(0.5);
        assertThat(e.getMetadata()).isEqualTo(metadata);
        assertThat(e.getTimeRef().getPrecision()).isEqualTo(TimePrecision.TIME_PRECISION_DAY);
        assertThat(e.getTimeRef().getTimelineRef()).isEqualTo("trip-1");
        assertThat(LongTermFixtures.count(dataSource, "select count(*) from short_term_entry where id = ?"
                + " and topic_keys = array['tea','garden']", e.getId())).isEqualTo(1);
        ShortTermEntry got = stub.getEntry(GetEntryRequest.newBuilder().setPair(pair).setEntryKey(e.getEntryKey())
                .setIncludeEmbedding(true).build()).getEntry();
        assertThat(got.getEmbedding().getValues(4)).isEqualTo(1f);
        assertThat(got.toBuilder().clearEmbedding().build()).isEqualTo(e);
    }

    @Test
    void contentIsEmbeddedWhenNoVectorIsGiven() {
        Pair pair = pair(tenant);
        ShortTermEntry e = stub.writeEntry(WriteEntryRequest.newBuilder().setPair(pair).setObserver(Observer.OBSERVER_ASSISTANT)
                .setContent("the deploy failed because the disk was full").setSalience(0.5).build()).getEntry();
        SearchEntriesResponse hits = stub.searchEntries(SearchEntriesRequest.newBuilder().setPair(pair)
                .setQueryText("the deploy failed because the disk was full").build());
        assertThat(hits.getHitsList()).hasSize(1);
        assertThat(hits.getHits(0).getEntry().getId()).isEqualTo(e.getId());
        assertThat(hits.getHits(0).getCosine()).isCloseTo(1.0, within(1e-5));
    }

    /** Messages above ~16 KiB are covered in EntryRequestsTest: in the test JVM the server's Netty fails to free them. */
    @Test
    void everyInvalidFieldIsNamedAndNothingIsStored() throws Exception {
        Pair pair = pair(tenant);
        Map<String, UnaryOperator<WriteEntryRequest.Builder>> cases = new LinkedHashMap<>();
        cases.put("observer", b -> b.setObserver(Observer.OBSERVER_UNSPECIFIED));
        cases.put("entry_key", b -> b.setEntryKey("k".repeat(201)));
        cases.put("content", b -> b.setContent("   \u0000 "));
        cases.put("salience", b -> b.clearSalience());
        cases.put("salience:", b -> b.setSalience(1.5));
        cases.put("salience: NaN", b -> b.setSalience(Double.NaN));
        cases.put("embedding", b -> b.setEmbedding(FloatVector.newBuilder().addValues(1f)));
        cases.put("embedding: zero", b -> b.setEmbedding(LongTermFixtures.proto(new float[LongTermFixtures.D])));
        cases.put("topics", b -> {
            for (int i = 0; i < 33; i++) {
                b.addTopics("t" + i);
            }
            return b;
        });
        cases.put("topics[0]", b -> b.addTopics("x".repeat(101)));
        cases.put("topics[1]", b -> b.addTopics("ok").addTopics("  "));
        cases.put("entity_ids", b -> {
            for (int i = 1; i <= 65; i++) {
                b.addEntityIds(i);
            }
            return b;
        });
        cases.put("entity_ids[0]", b -> b.addEntityIds(0));
        cases.put("entity_names[0]", b -> b.addEntityNames(" "));
        cases.put("time_ref", b -> b.setTimeRef(TimeRef.newBuilder().setAt(Timestamp.newBuilder().setSeconds(1))));
        cases.put("time_ref:", b -> b.setTimeRef(TimeRef.newBuilder().setPrecision(TimePrecision.TIME_PRECISION_DAY)));
        cases.put("time_ref.timeline_ref", b -> b.setTimeRef(TimeRef.newBuilder().setTimelineRef("r".repeat(101))));
        cases.put("emotion", b -> b.setEmotion("e".repeat(41)));
        cases.put("arousal", b -> b.setArousal(-0.1));
        cases.put("turn_id", b -> b.setTurnId("t".repeat(101)));
        cases.put("ttl", b -> b.setTtl(com.google.protobuf.Duration.newBuilder().setSeconds(60)));
        cases.put("ttl: ", b -> b.setTtl(LongTermFixtures.hours(24 * 91)));
        cases.put("pair.user_id", b -> b.setPair(Pair.newBuilder().setUserId("bad id!").setAgentId("a")));
        cases.put("pair.agent_id", b -> b.setPair(Pair.newBuilder().setUserId(pair.getUserId()).setAgentId("")));
        cases.forEach((field, mutation) -> {
            String name = field.contains(":") ? field.substring(0, field.indexOf(':')) : field;
            assertThatThrownBy(() -> stub.writeEntry(mutation.apply(entry(pair, "valid content", 0.8, unit(0))).build()))
                    .as(field).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).as(field).isEqualTo(Status.Code.INVALID_ARGUMENT);
                        assertThat(e.getStatus().getDescription()).as(field).startsWith(name);
                    });
        });
        assertThat(entries(pair)).isZero();
        assertThat(LongTermFixtures.count(dataSource, "select count(*) from entity where user_id = ?", pair.getUserId()))
                .isZero();
    }

    @Test
    void anotherTenantsPairAndAnotherPairsIdsAreDenied() {
        Pair mine = pair(tenant);
        Pair foreign = pair(LongTermFixtures.newTenant("other"));
        assertThatThrownBy(() -> stub.writeEntry(entry(foreign, "x", 0.8, unit(0)).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
        Pair sibling = pair(tenant);
        long id = stub.writeEntry(entry(sibling, "sibling's", 0.8, unit(0)).build()).getEntry().getId();
        assertThatThrownBy(() -> stub.getEntry(GetEntryRequest.newBuilder().setPair(mine).setId(id).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
        assertThatThrownBy(() -> stub.deleteEntry(DeleteEntryRequest.newBuilder().setPair(mine).setId(id).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.PERMISSION_DENIED));
        assertThatThrownBy(() -> stub.getEntry(GetEntryRequest.newBuilder().setPair(mine).setId(Long.MAX_VALUE).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
        // another tenant's id is not found, exactly as an unknown one: its existence is not disclosed
        String otherTenant = LongTermFixtures.newTenant("other");
        var theirs = GrpcTestChannel.as(otherTenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        for (Runnable call : new Runnable[] {
                () -> theirs.getEntry(GetEntryRequest.newBuilder().setPair(pair(otherTenant)).setId(id).build()),
                () -> theirs.deleteEntry(DeleteEntryRequest.newBuilder().setPair(pair(otherTenant)).setId(id).build()) }) {
            assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
                assertThat(e.getStatus().getDescription()).isEqualTo("id: entry " + id + " not found");
            });
        }
        assertThat(stub.getEntry(GetEntryRequest.newBuilder().setPair(sibling).setId(id).build()).getEntry().getContent())
                .isEqualTo("sibling's");
    }

    @Test
    void listFiltersByStateAndPagesNewestFirst() {
        Pair pair = pair(tenant);
        long a = stub.writeEntry(entry(pair, "a", 0.8, unit(0)).build()).getEntry().getId();
        long b = stub.writeEntry(entry(pair, "b", 0.5, unit(1)).build()).getEntry().getId();
        long c = stub.writeEntry(entry(pair, "c", 0.9, unit(2)).build()).getEntry().getId();
        ListEntriesResponse page1 = stub.listEntries(ListEntriesRequest.newBuilder().setPair(pair).setPageSize(2).build());
        assertThat(page1.getEntriesList()).extracting(ShortTermEntry::getId).containsExactly(c, b);
        ListEntriesResponse page2 = stub.listEntries(ListEntriesRequest.newBuilder().setPair(pair).setPageSize(2)
                .setPageToken(page1.getNextPageToken()).build());
        assertThat(page2.getEntriesList()).extracting(ShortTermEntry::getId).containsExactly(a);
        assertThat(page2.getNextPageToken()).isEmpty();
        assertThat(stub.listEntries(ListEntriesRequest.newBuilder().setPair(pair)
                .addStates(PromotionState.PROMOTION_STATE_PENDING).build()).getEntriesList())
                .extracting(ShortTermEntry::getId).containsExactly(c, a);
    }

    @Test
    void searchRanksByCosineSkipsExpiredAndHonoursMinCosineAndLimit() {
        Pair pair = pair(tenant);
        Pair other = pair(tenant);
        Instant now = Instant.parse("2031-05-01T00:00:00Z");
        clock.set(now);
        long near = stub.writeEntry(entry(pair, "near", 0.5, vector(0, 1, 0.9)).build()).getEntry().getId();
        long far = stub.writeEntry(entry(pair, "far", 0.5, vector(0, 1, 0.3)).build()).getEntry().getId();
        stub.writeEntry(entry(pair, "expiring", 0.5, vector(0, 1, 0.95)).setTtl(LongTermFixtures.hours(1)).build());
        stub.writeEntry(entry(other, "other pair", 0.5, unit(0)).build());
        clock.set(now.plus(Duration.ofHours(2)));
        SearchEntriesResponse all = stub.searchEntries(SearchEntriesRequest.newBuilder().setPair(pair)
                .setQueryVector(LongTermFixtures.proto(unit(0))).build());
        assertThat(all.getHitsList()).extracting(h -> h.getEntry().getId()).containsExactly(near, far);
        assertThat(all.getHits(0).getCosine()).isCloseTo(0.9, within(1e-6));
        assertThat(stub.searchEntries(SearchEntriesRequest.newBuilder().setPair(pair).setMinCosine(0.5)
                .setQueryVector(LongTermFixtures.proto(unit(0))).build()).getHitsList())
                .extracting(h -> h.getEntry().getId()).containsExactly(near);
        assertThat(stub.searchEntries(SearchEntriesRequest.newBuilder().setPair(pair).setLimit(1)
                .setQueryVector(LongTermFixtures.proto(unit(0))).build()).getHitsList()).hasSize(1);
        assertThatThrownBy(() -> stub.searchEntries(SearchEntriesRequest.newBuilder().setPair(pair).setLimit(51)
                .setQueryVector(LongTermFixtures.proto(unit(0))).build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getDescription()).startsWith("limit"));
    }

    @Test
    void deleteRemovesTheEntryByKey() throws Exception {
        Pair pair = pair(tenant);
        long id = stub.writeEntry(entry(pair, "to delete", 0.5, unit(0)).setEntryKey("del").build()).getEntry().getId();
        assertThat(stub.deleteEntry(DeleteEntryRequest.newBuilder().setPair(pair).setEntryKey("del").build()).getId())
                .isEqualTo(id);
        assertThat(entries(pair)).isZero();
        assertThatThrownBy(() -> stub.deleteEntry(DeleteEntryRequest.newBuilder().setPair(pair).setEntryKey("del").build()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
    }
}
