package dev.brain.memory.longterm.layerchange;

import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.Timestamp;

import dev.brain.grpc.v1.DeleteEntityRequest;
import dev.brain.grpc.v1.LayerChangeSummary;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc;
import dev.brain.grpc.v1.LongTermMemoryServiceGrpc.LongTermMemoryServiceBlockingStub;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc.MemoryAdminServiceBlockingStub;
import dev.brain.grpc.v1.MergeEntitiesRequest;
import dev.brain.grpc.v1.MergeEntitiesResponse;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromoteEntryResponse;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.RecomputeEdgesRequest;
import dev.brain.grpc.v1.ResolveEntitiesRequest;
import dev.brain.grpc.v1.ShortTermEntry;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;
import dev.brain.grpc.v1.UpdateTimeReferenceRequest;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Trigger 3 over gRPC on promoted graphs (memory.md §5.6, §17.10). The oracle of "equals a fresh evaluation" is
 * a second pair whose entries carry the corrected data from the start and are promoted in the same order: its
 * Trigger 1 edges must equal the changed pair's edges field by field.
 */
@QuarkusTest
class LayerChangeTest {

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;
    private String tenant;
    private ShortTermMemoryServiceBlockingStub entries;
    private MemoryAdminServiceBlockingStub admin;
    private LongTermMemoryServiceBlockingStub longTerm;
    /** Raw entity ids far above any registry id, so no other pair's registry row owns them. */
    private long e;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("t3");
        entries = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));
        longTerm = GrpcTestChannel.as(tenant, LongTermMemoryServiceGrpc.newBlockingStub(channel));
        e = 1_000_000_000_000L + ThreadLocalRandom.current().nextLong(1_000_000_000L) * 10;
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    // ---------------------------------------------------------------------------------------------------------

    /**
     * An entry to promote: key, embedding axis (−1 = cosine 0.7 to axis 10), entity ids, topics, optional day and
     * timeline ref.
     */
    private record E(String key, int axis, List<Long> entities, List<String> topics, String day, String ref) {
        static E of(String key, int axis, Long... entities) {
            return new E(key, axis, List.of(entities), List.of(), null, null);
        }

        E topics(String... topics) {
            return new E(key, axis, entities, List.of(topics), day, ref);
        }

        E day(String day, String ref) {
            return new E(key, axis, entities, topics, day, ref);
        }
    }

    private static Timestamp ts(String day) {
        return Timestamp.newBuilder().setSeconds(Instant.parse(day + "T12:00:00Z").getEpochSecond()).build();
    }

    private WriteEntryRequest.Builder request(Pair pair, E x, double salience) {
        float[] v = x.axis() < 0 ? vector(10, 11, 0.7) : unit(x.axis());
        WriteEntryRequest.Builder b = entry(pair, "memory " + x.key(), salience, v).setEntryKey(x.key())
                .addAllEntityIds(x.entities()).addAllTopics(x.topics());
        if (x.day() != null) {
            TimeRef.Builder t = TimeRef.newBuilder().setAt(ts(x.day())).setPrecision(TimePrecision.TIME_PRECISION_DAY);
            if (x.ref() != null) {
                t.setTimelineRef(x.ref());
            }
            b.setTimeRef(t);
        }
        return b;
    }

    /** Writes and promotes each entry in order (salience 0.8); every one must become a new node. */
    private void promoteAll(Pair pair, E... list) {
        for (E x : list) {
            ShortTermEntry written = entries.writeEntry(request(pair, x, 0.8).build()).getEntry();
            PromoteEntryResponse r = admin.promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair)
                    .setId(written.getId()).build());
            assertThat(r.getOutcome()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        }
    }

    /** Every edge of the pair by endpoint keys with its frozen fields and weights (9 decimals). */
    private List<String> edges(Pair pair) throws Exception {
        String sql = """
                select f.source_key || '->' || t.source_key || ' ' || e.reasons::text || ' ' ||
                       e.shared_entity_ids::text || ' ' || e.shared_topics::text || ' ' ||
                       coalesce(e.timeline_distance::text, '-') || ' ' || coalesce(e.timeline_precision, '-') || ' ' ||
                       e.layer_count || ' ' || round(e.embedding_cosine_initial::numeric, 6) || ' ' ||
                       round(e.raw_weight::numeric, 9) || ' ' || round(e.absolute_weight::numeric, 9)
                  from long_term_edge e join long_term_node f on f.id = e.from_node_id
                  join long_term_node t on t.id = e.to_node_id
                 where e.user_id = ? and e.agent_id = ? order by 1""";
        return strings(sql, pair.getUserId(), pair.getAgentId());
    }

    /** Every row of the pair in the long-term tables as text, by table and id. */
    private List<String> rows(Pair pair) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String table : List.of("long_term_node", "long_term_node_embedding", "long_term_edge",
                "short_term_entry", "entity", "partition_stats")) {
            rows.addAll(strings("select '" + table + " ' || t::text from " + table
                    + " t where user_id = ? and agent_id = ? order by 1", pair.getUserId(), pair.getAgentId()));
        }
        return rows;
    }

    private List<String> strings(String sql, Object... params) throws Exception {
        return LongTermFixtures.strings(dataSource, sql, params);
    }

    private String text(String sql, Object... params) throws Exception {
        List<String> all = strings(sql, params);
        return all.isEmpty() ? null : all.get(0);
    }

    private static LayerChangeSummary summary(long nodes, long entries, long recomputed, long created, long deleted) {
        return LayerChangeSummary.newBuilder().setNodesUpdated(nodes).setEntriesUpdated(entries)
                .setEdgesRecomputed(recomputed).setEdgesCreated(created).setEdgesDeleted(deleted).build();
    }

    private static void assertStatus(Runnable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, x -> {
            assertThat(x.getStatus().getCode()).isEqualTo(code);
            assertThat(x.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }

    /** After a Trigger 3, a full Trigger 2 of the pair changes no weight (the weights are already current). */
    private void assertRecomputeChangesNothing(Pair pair) throws Exception {
        List<String> before = edges(pair);
        admin.recomputeEdges(RecomputeEdgesRequest.newBuilder().setPair(pair).build());
        assertThat(edges(pair)).isEqualTo(before);
    }

    // ---------------------------------------------------------------------------------------------------------

    @Test
    void mergeRewritesSharedEntityIdsLinksNewlyLinkedNodesAndEqualsAFreshPromotion() throws Exception {
        long one = e + 1;
        long two = e + 2;
        long three = e + 3;
        Pair changed = pair(tenant);
        Pair other = pair(tenant);
        Pair fresh = pair(tenant);
        E[] before = { E.of("a", 10, one), E.of("b", 11, one, two), E.of("c", 12, two),
                E.of("d", 13, three).topics("Tea"), E.of("e", 14, three, two).topics("tea") };
        promoteAll(changed, before);
        promoteAll(other, before);
        // not promoted (salience below promotion.min-salience): rewritten as well
        long entryId = entries.writeEntry(request(changed, E.of("x", 20, two, one), 0.5).build()).getEntry().getId();
        List<String> edgesBefore = edges(changed);
        assertThat(edgesBefore).anyMatch(l -> l.startsWith("c->b {entity} {" + two + "}"))
                .noneMatch(l -> l.startsWith("c->a"));
        List<String> otherBefore = rows(other);
        // f–g: an edge pair no affected node touches
        promoteAll(changed, E.of("f", 15, e + 7), E.of("g", 16, e + 7));
        List<String> untouched = strings("select t::text from long_term_edge t where user_id = ? and"
                + " from_node_id in (select id from long_term_node where source_key in ('f', 'g') and user_id = ?)"
                + " order by id", changed.getUserId(), changed.getUserId());
        assertThat(untouched).hasSize(2);

        MergeEntitiesResponse r = longTerm.mergeEntities(MergeEntitiesRequest.newBuilder().setPair(changed)
                .addFromIds(two).setIntoId(one).build());

        // b, c, e rewritten; the rows of a–b, b–c, b–e, c–e, d–e recomputed; new c–a, e–a; none deleted
        assertThat(r.getSummary()).isEqualTo(summary(3, 1, 10, 4, 0));
        assertThat(text("select entity_ids::text from long_term_node where user_id = ? and source_key = 'b'",
                changed.getUserId())).isEqualTo("{" + one + "}");
        assertThat(text("select entity_ids::text from long_term_node where user_id = ? and source_key = 'e'",
                changed.getUserId())).isEqualTo("{" + three + "," + one + "}");
        assertThat(text("select entity_ids::text from short_term_entry where id = ?", entryId))
                .isEqualTo("{" + one + "}");
        assertThat(edges(changed)).anyMatch(l -> l.startsWith("c->b {entity} {" + one + "}"))
                .anyMatch(l -> l.startsWith("c->a {entity} {" + one + "}"));
        // edges not touching an affected node are unchanged; the other pair is untouched
        assertThat(strings("select t::text from long_term_edge t where user_id = ? and"
                + " from_node_id in (select id from long_term_node where source_key in ('f', 'g') and user_id = ?)"
                + " order by id", changed.getUserId(), changed.getUserId())).isEqualTo(untouched);
        assertThat(rows(other)).isEqualTo(otherBefore);
        // every edge equals Trigger 1 on the corrected data
        promoteAll(fresh, E.of("a", 10, one), E.of("b", 11, one), E.of("c", 12, one),
                E.of("d", 13, three).topics("Tea"), E.of("e", 14, three, one).topics("tea"),
                E.of("f", 15, e + 7), E.of("g", 16, e + 7));
        assertThat(edges(changed)).isEqualTo(edges(fresh));
        assertRecomputeChangesNothing(changed);
        assertThat(count(dataSource, "select edge_count from partition_stats where user_id = ?",
                changed.getUserId())).isEqualTo(count(dataSource, "select count(*) from long_term_edge where user_id = ?",
                        changed.getUserId()));
        assertThat(count(dataSource, "select count(*) from pipeline_log where user_id = ? and node = 'memory.trigger3'"
                + " and art = 'switch' and content->>'decision' = 'trigger3.merge_entities'"
                + " and (content->'measure'->>'edges_created')::int = 4", changed.getUserId())).isEqualTo(1);
    }

    @Test
    void deleteEntityDeletesEdgesWhoseOnlyReasonWasItAndRecomputesTheRest() throws Exception {
        long x = e + 1;
        Pair changed = pair(tenant);
        Pair fresh = pair(tenant);
        promoteAll(changed, E.of("a", 10, x).topics("tea", "garden"), E.of("b", 11, x).topics("tea"),
                E.of("c", 12, x));
        assertThat(edges(changed)).hasSize(6);

        LayerChangeSummary s = longTerm.deleteEntity(DeleteEntityRequest.newBuilder().setPair(changed)
                .setEntityId(x).build()).getSummary();

        assertThat(s).isEqualTo(summary(3, 0, 2, 0, 4));
        assertThat(edges(changed)).hasSize(2).allMatch(l -> l.contains(" {topics} {} {tea} - - 1 "));
        promoteAll(fresh, E.of("a", 10).topics("tea", "garden"), E.of("b", 11).topics("tea"), E.of("c", 12));
        assertThat(edges(changed)).isEqualTo(edges(fresh));
        assertRecomputeChangesNothing(changed);
        assertThat(count(dataSource, "select edge_count from partition_stats where user_id = ?", changed.getUserId()))
                .isEqualTo(2);
        assertStatus(() -> longTerm.deleteEntity(DeleteEntityRequest.newBuilder().setPair(changed).setEntityId(x)
                .build()), Status.Code.NOT_FOUND, "entity_id");
    }

    @Test
    void aFrozenEmbeddingReasonSurvivesTheLossOfTheEntityAndItsWeightIsRecomputed() throws Exception {
        long x = e + 1;
        Pair changed = pair(tenant);
        Pair fresh = pair(tenant);
        promoteAll(changed, E.of("a", 10, x), new E("b", -1, List.of(x), List.of(), null, null));
        assertThat(edges(changed)).hasSize(2).allMatch(l -> l.contains(" {entity,embedding} {" + x + "} "));

        LayerChangeSummary s = longTerm.deleteEntity(DeleteEntityRequest.newBuilder().setPair(changed)
                .setEntityId(x).build()).getSummary();

        assertThat(s).isEqualTo(summary(2, 0, 2, 0, 0));
        assertThat(edges(changed)).hasSize(2).allMatch(l -> l.contains(" {embedding} {} {} - - 1 0.700000 "));
        promoteAll(fresh, E.of("a", 10), new E("b", -1, List.of(), List.of(), null, null));
        assertThat(edges(changed)).isEqualTo(edges(fresh));
        assertRecomputeChangesNothing(changed);
    }

    @Test
    void aTimelineChangeRecomputesDistancesAndCreatesAndDeletesTimelineEdgesAsTheWindowSays() throws Exception {
        Pair changed = pair(tenant);
        Pair fresh = pair(tenant);
        promoteAll(changed, E.of("a", 10).day("2026-03-01", "trip"), E.of("b", 11).day("2026-03-05", null),
                E.of("c", 12).day("2026-06-01", null), E.of("d", 13).day("2026-03-03", "trip"));
        long entryId = entries.writeEntry(request(changed, E.of("x", 20).day("2026-03-02", "trip"), 0.5).build())
                .getEntry().getId();
        assertThat(edges(changed)).anyMatch(l -> l.startsWith("d->a {timeline} {} {} 2 day"))
                .noneMatch(l -> l.contains("c->") || l.contains("->c"));

        LayerChangeSummary s = longTerm.updateTimeReference(UpdateTimeReferenceRequest.newBuilder().setPair(changed)
                .setTimelineRef("trip").setAt(ts("2026-06-03")).setPrecision(TimePrecision.TIME_PRECISION_DAY)
                .build()).getSummary();

        // a–d recomputed (distance 2 → 0); a–b, b–d deleted (out of the window); c–a, d–c created
        assertThat(s).isEqualTo(summary(2, 1, 2, 4, 4));
        assertThat(edges(changed)).anyMatch(l -> l.startsWith("d->a {timeline} {} {} 0 day"))
                .anyMatch(l -> l.startsWith("c->a {timeline} {} {} 2 day"));
        assertThat(text("select time_at::date::text from short_term_entry where id = ?", entryId))
                .isEqualTo("2026-06-03");
        promoteAll(fresh, E.of("a", 10).day("2026-06-03", "trip"), E.of("b", 11).day("2026-03-05", null),
                E.of("c", 12).day("2026-06-01", null), E.of("d", 13).day("2026-06-03", "trip"));
        assertThat(edges(changed)).isEqualTo(edges(fresh));
        assertRecomputeChangesNothing(changed);

        // without `at` the reference is removed: every timeline edge of a and d goes
        LayerChangeSummary removed = longTerm.updateTimeReference(UpdateTimeReferenceRequest.newBuilder()
                .setPair(changed).setTimelineRef("trip").build()).getSummary();
        assertThat(removed).isEqualTo(summary(2, 1, 0, 0, 6));
        assertThat(edges(changed)).isEmpty();
        assertThat(count(dataSource, "select count(*) from long_term_node where user_id = ? and time_at is null"
                + " and time_precision is null", changed.getUserId())).isEqualTo(2);
    }

    @Test
    void mergeMovesTheOtherNamesIntoTheTargetsAliasesAndDeletesTheMergedRows() throws Exception {
        Pair changed = pair(tenant);
        var resolved = longTerm.resolveEntities(ResolveEntitiesRequest.newBuilder().setPair(changed)
                .addNames("Anna").addNames("Anne").addNames("A. Smith").build()).getEntitiesList();
        long anna = resolved.get(0).getEntity().getId();
        long anne = resolved.get(1).getEntity().getId();
        long smith = resolved.get(2).getEntity().getId();
        promoteAll(changed, E.of("a", 10, anna), E.of("b", 11, anne), E.of("c", 12, smith));

        MergeEntitiesResponse r = longTerm.mergeEntities(MergeEntitiesRequest.newBuilder().setPair(changed)
                .addFromIds(anne).addFromIds(smith).setIntoId(anna).build());

        assertThat(r.getEntity().getId()).isEqualTo(anna);
        assertThat(r.getEntity().getAliasesList()).containsExactlyInAnyOrder("Anne", "A. Smith");
        assertThat(r.getSummary()).isEqualTo(summary(2, 0, 0, 6, 0));
        assertThat(count(dataSource, "select count(*) from entity where user_id = ?", changed.getUserId())).isEqualTo(1);
        // the alias now resolves to the kept entity
        assertThat(longTerm.resolveEntities(ResolveEntitiesRequest.newBuilder().setPair(changed).addNames("Anne")
                .build()).getEntities(0).getEntity().getId()).isEqualTo(anna);
    }

    @Test
    void trigger3WaitsForThePairLockThatPromotionAndUsageTake() throws Exception {
        Pair pair = pair(tenant);
        long x = e + 1;
        promoteAll(pair, E.of("a", 10, x));
        var config = ConfigProvider.getConfig();
        try (Connection holder = DriverManager.getConnection(
                config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class))) {
            holder.setAutoCommit(false);
            PairLock.lock(holder, pair.getUserId(), pair.getAgentId());
            CompletableFuture<LayerChangeSummary> call = CompletableFuture.supplyAsync(() -> longTerm.deleteEntity(
                    DeleteEntityRequest.newBuilder().setPair(pair).setEntityId(x).build()).getSummary());
            Thread.sleep(700);
            assertThat(call).isNotDone();
            holder.rollback();
            assertThat(call.get(20, TimeUnit.SECONDS).getNodesUpdated()).isEqualTo(1);
        }
    }

    @Test
    void trigger3RejectsBadInputUnknownIdsAndIdsOfAnotherPair() throws Exception {
        Pair pair = pair(tenant);
        Pair sibling = pair(tenant);
        long foreign = longTerm.resolveEntities(ResolveEntitiesRequest.newBuilder().setPair(sibling).addNames("Bob")
                .build()).getEntities(0).getEntity().getId();
        long own = longTerm.resolveEntities(ResolveEntitiesRequest.newBuilder().setPair(pair).addNames("Bob")
                .build()).getEntities(0).getEntity().getId();
        MergeEntitiesRequest.Builder merge = MergeEntitiesRequest.newBuilder().setPair(pair);
        assertStatus(() -> longTerm.mergeEntities(merge.clone().setIntoId(own).build()), Status.Code.INVALID_ARGUMENT,
                "from_ids");
        assertStatus(() -> longTerm.mergeEntities(merge.clone().addFromIds(own).build()), Status.Code.INVALID_ARGUMENT,
                "into_id");
        assertStatus(() -> longTerm.mergeEntities(merge.clone().addFromIds(own).setIntoId(own).build()),
                Status.Code.INVALID_ARGUMENT, "from_ids[0]");
        assertStatus(() -> longTerm.mergeEntities(merge.clone().addFromIds(foreign).setIntoId(own).build()),
                Status.Code.PERMISSION_DENIED, "from_ids[0]");
        assertStatus(() -> longTerm.mergeEntities(merge.clone().addFromIds(own).setIntoId(e + 5).build()),
                Status.Code.NOT_FOUND, "into_id");
        assertStatus(() -> longTerm.deleteEntity(DeleteEntityRequest.newBuilder().setPair(pair).setEntityId(foreign)
                .build()), Status.Code.PERMISSION_DENIED, "entity_id");
        assertStatus(() -> longTerm.deleteEntity(DeleteEntityRequest.newBuilder().setPair(pair).build()),
                Status.Code.INVALID_ARGUMENT, "entity_id");
        UpdateTimeReferenceRequest.Builder time = UpdateTimeReferenceRequest.newBuilder().setPair(pair);
        assertStatus(() -> longTerm.updateTimeReference(time.clone().build()), Status.Code.INVALID_ARGUMENT,
                "timeline_ref");
        assertStatus(() -> longTerm.updateTimeReference(time.clone().setTimelineRef("r".repeat(101)).build()),
                Status.Code.INVALID_ARGUMENT, "timeline_ref");
        assertStatus(() -> longTerm.updateTimeReference(time.clone().setTimelineRef("trip").setAt(ts("2026-01-01"))
                .build()), Status.Code.INVALID_ARGUMENT, "precision");
        assertStatus(() -> longTerm.updateTimeReference(time.clone().setTimelineRef("trip")
                .setPrecision(TimePrecision.TIME_PRECISION_DAY).build()), Status.Code.INVALID_ARGUMENT, "at");
        assertStatus(() -> longTerm.updateTimeReference(time.clone().setTimelineRef("nobody").build()),
                Status.Code.NOT_FOUND, "timeline_ref");
        Pair foreignTenant = pair(LongTermFixtures.newTenant("t3x"));
        assertStatus(() -> longTerm.deleteEntity(DeleteEntityRequest.newBuilder().setPair(foreignTenant)
                .setEntityId(own).build()), Status.Code.PERMISSION_DENIED, "pair.user_id");
        // a rejected call changes nothing
        assertThat(count(dataSource, "select count(*) from entity where user_id = ?", pair.getUserId())).isEqualTo(1);
    }
}
