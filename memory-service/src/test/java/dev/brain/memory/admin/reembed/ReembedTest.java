package dev.brain.memory.admin.reembed;

import static dev.brain.memory.testing.LongTermFixtures.cosine;
import static dev.brain.memory.testing.LongTermFixtures.count;
import static dev.brain.memory.testing.LongTermFixtures.entry;
import static dev.brain.memory.testing.LongTermFixtures.exec;
import static dev.brain.memory.testing.LongTermFixtures.pair;
import static dev.brain.memory.testing.LongTermFixtures.unit;
import static dev.brain.memory.testing.LongTermFixtures.vector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
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
import com.pgvector.PGvector;

import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc.MemoryAdminServiceBlockingStub;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.PromoteEntryRequest;
import dev.brain.grpc.v1.PromotionOutcome;
import dev.brain.grpc.v1.RecomputeEdgesRequest;
import dev.brain.grpc.v1.ReembedRequest;
import dev.brain.grpc.v1.ReembedResponse;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc;
import dev.brain.grpc.v1.ShortTermMemoryServiceGrpc.ShortTermMemoryServiceBlockingStub;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.memory.longterm.ScriptedTextVectors;
import dev.brain.memory.longterm.partition.repository.PairLock;
import dev.brain.memory.testing.LongTermFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The admin {@code Reembed} over real gRPC on promoted graphs (memory.md §5.5, §13). The provider is scripted at
 * the embedding seam ({@link ScriptedTextVectors}: a content text → a chosen vector), so a test knows every
 * vector the provider answers; one entry goes to the real model. Oracles: the vectors the provider gives, the
 * edges the pair had before its stored data was damaged, a full {@code RecomputeEdges}, and — for
 * {@code rebuild} — a second pair promoted fresh, in the same order, from the provider's vectors.
 */
@QuarkusTest
class ReembedTest {

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;
    private String tenant;
    private String run;
    private MemoryAdminServiceBlockingStub admin;
    private ShortTermMemoryServiceBlockingStub entries;
    /** Raw entity ids far above any registry id. */
    private long e;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
        tenant = LongTermFixtures.newTenant("re");
        run = UUID.randomUUID().toString().substring(0, 8);
        admin = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel));
        entries = GrpcTestChannel.as(tenant, ShortTermMemoryServiceGrpc.newBlockingStub(channel));
        e = 1_000_000_000_000L + ThreadLocalRandom.current().nextLong(1_000_000_000L) * 10;
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    // ---------------------------------------------------------------------------------------------------------

    /**
     * A memory: key, the provider's vector of its content, the vector it is first stored with ("the old model"),
     * entity ids, topics and an optional day.
     */
    private record M(String key, float[] provider, float[] stored, List<Long> entities, List<String> topics,
            String day, double salience) {
        static M of(String key, float[] provider, float[] stored, Long... entities) {
            return new M(key, provider, stored, List.of(entities), List.of(), null, 0.8);
        }

        M topics(String... topics) {
            return new M(key, provider, stored, entities, List.of(topics), day, salience);
        }

        M day(String day) {
            return new M(key, provider, stored, entities, topics, day, salience);
        }

        M salience(double salience) {
            return new M(key, provider, stored, entities, topics, day, salience);
        }
    }

    /** The content of a memory; scripted to the provider's vector. */
    private String content(M m) {
        String text = "reembed " + run + " " + m.key();
        ScriptedTextVectors.script(text, m.provider());
        return text;
    }

    private WriteEntryRequest.Builder request(Pair pair, M m, double salience, float[] embedding) {
        WriteEntryRequest.Builder b = entry(pair, content(m), salience, embedding).setEntryKey(m.key())
                .addAllEntityIds(m.entities()).addAllTopics(m.topics());
        if (m.day() != null) {
            b.setTimeRef(TimeRef.newBuilder().setPrecision(TimePrecision.TIME_PRECISION_DAY).setAt(Timestamp
                    .newBuilder().setSeconds(Instant.parse(m.day() + "T12:00:00Z").getEpochSecond())));
        }
        return b;
    }

    /** Writes and promotes each memory in order with its stored (or the provider's) vector; each a new node. */
    private void promoteAll(Pair pair, boolean providerVectors, M... list) {
        for (M m : list) {
            long id = entries.writeEntry(request(pair, m, m.salience(), providerVectors ? m.provider() : m.stored()).build())
                    .getEntry().getId();
            assertThat(admin.promoteEntry(PromoteEntryRequest.newBuilder().setPair(pair).setId(id).build())
                    .getOutcome()).as(m.key()).isEqualTo(PromotionOutcome.PROMOTION_OUTCOME_NEW_NODE);
        }
    }

    /** A short-term entry that stays (salience 0.5: not eligible for promotion). */
    private long keepEntry(Pair pair, M m, float[] embedding) {
        return entries.writeEntry(request(pair, m, 0.5, embedding).build()).getEntry().getId();
    }

    /** Every edge of the pair by endpoint keys with its frozen fields and weights (9 decimals). */
    private List<String> edges(Pair pair) throws Exception {
        return strings("""
                select f.source_key || '->' || t.source_key || ' ' || e.reasons::text || ' ' ||
                       e.shared_entity_ids::text || ' ' || e.shared_topics::text || ' ' ||
                       coalesce(e.timeline_distance::text, '-') || ' ' || coalesce(e.timeline_precision, '-') || ' ' ||
                       e.layer_count || ' ' || round(e.embedding_cosine_initial::numeric, 9) || ' ' ||
                       round(e.raw_weight::numeric, 9) || ' ' || round(e.absolute_weight::numeric, 9)
                  from long_term_edge e join long_term_node f on f.id = e.from_node_id
                  join long_term_node t on t.id = e.to_node_id
                 where e.user_id = ? and e.agent_id = ? order by 1""", pair.getUserId(), pair.getAgentId());
    }

    /** Every row of the pair in the tables Reembed may write, as text, by table and row. */
    private List<String> rows(Pair pair) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String table : List.of("long_term_node", "long_term_node_embedding", "long_term_edge",
                "short_term_entry", "partition_stats", "pipeline_log")) {
            rows.addAll(strings("select '" + table + " ' || t::text from " + table
                    + " t where user_id = ? and agent_id = ? order by 1", pair.getUserId(), pair.getAgentId()));
        }
        return rows;
    }

    /** key → stored vector (text) of the pair's nodes and entries. */
    private List<String> vectors(Pair pair) throws Exception {
        return strings("""
                select 'node ' || n.source_key || ' ' || e.embedding::text from long_term_node n
                  join long_term_node_embedding e on e.node_id = n.id where n.user_id = ? and n.agent_id = ?
                union all
                select 'entry ' || entry_key || ' ' || embedding::text from short_term_entry where user_id = ? and agent_id = ?
                order by 1""", pair.getUserId(), pair.getAgentId(), pair.getUserId(), pair.getAgentId());
    }

    private float[] stored(String table, String keyColumn, Pair pair, String key) throws Exception {
        // a node's vector lives in long_term_node_embedding
        String from = table.equals("long_term_node")
                ? "long_term_node x join long_term_node_embedding v on v.node_id = x.id"
                : table + " v";
        String text = strings("select v.embedding::text from " + from + " where v.user_id = ? and v.agent_id = ? and "
                + (table.equals("long_term_node") ? "x." : "v.") + keyColumn + " = ?", pair.getUserId(),
                pair.getAgentId(), key).get(0);
        return new PGvector(text).toArray();
    }

    /** Overwrites every vector of the pair's nodes and entries with {@code wrong}. */
    private void damageVectors(Pair pair, float[] wrong) throws Exception {
        for (String table : List.of("long_term_node_embedding", "short_term_entry")) {
            exec(dataSource, "update " + table + " set embedding = ? where user_id = ? and agent_id = ?",
                    new PGvector(wrong), pair.getUserId(), pair.getAgentId());
        }
    }

    private List<String> strings(String sql, Object... params) throws Exception {
        return LongTermFixtures.strings(dataSource, sql, params);
    }

    private ReembedResponse reembed(Pair pair, boolean rebuild) {
        ReembedRequest.Builder request = ReembedRequest.newBuilder().setRebuild(rebuild);
        if (pair != null) {
            request.setPair(pair);
        }
        return admin.reembed(request.build());
    }

    private static ReembedResponse counts(long nodes, long entries, long recomputed, long rebuilt) {
        return ReembedResponse.newBuilder().setNodesReembedded(nodes).setEntriesReembedded(entries)
                .setEdgesRecomputed(recomputed).setEdgesRebuilt(rebuilt).build();
    }

    private static ReembedResponse withoutDuration(ReembedResponse r) {
        return r.toBuilder().clearDurationMs().build();
    }

    /** After Reembed, a full Trigger 2 of the pair changes no weight. */
    private void assertRecomputeChangesNothing(Pair pair) throws Exception {
        List<String> before = edges(pair);
        admin.recomputeEdges(RecomputeEdgesRequest.newBuilder().setPair(pair).build());
        assertThat(edges(pair)).isEqualTo(before);
    }

    /** The raw and absolute weight of the edge line starting with {@code fromTo}. */
    private static String weights(List<String> edges, String fromTo) {
        String line = edges.stream().filter(l -> l.startsWith(fromTo + " ")).findFirst().orElseThrow();
        String[] parts = line.split(" ");
        return parts[parts.length - 2] + " " + parts[parts.length - 1];
    }

    private static void assertStatus(Runnable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, x -> {
            assertThat(x.getStatus().getCode()).isEqualTo(code);
            assertThat(x.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }

    // ---------------------------------------------------------------------------------------------------------

    @Test
    void reembedRestoresTheProvidersVectorsAndRecomputesExactlyTheEdgesWhoseCosineChanged() throws Exception {
        Pair pair = pair(tenant);
        Pair sibling = pair(tenant);
        // a–b embedding 0.8, a–c embedding 0.6, a–d entity, b–d topics; c–d nothing
        M a = M.of("a", unit(10), null, e + 1);
        M b = M.of("b", vector(10, 11, 0.8), null).topics("Tea");
        M c = M.of("c", vector(10, 12, 0.6), null);
        M d = M.of("d", unit(13), null, e + 1).topics("tea", "garden");
        promoteAll(pair, true, a, b, c, d);
        promoteAll(sibling, true, a, b);
        keepEntry(pair, M.of("x", vector(10, 14, 0.7), null), vector(10, 14, 0.7));
        // an entry the real model embedded at WriteEntry
        String realText = "reembed " + run + " the real model reads this sentence about a garden";
        entries.writeEntry(WriteEntryRequest.newBuilder().setPair(pair).setObserver(Observer.OBSERVER_USER)
                .setContent(realText).setEntryKey("real").setSalience(0.5).build());
        float[] real = stored("short_term_entry", "entry_key", pair, "real");
        List<String> edgesBefore = edges(pair);
        List<String> vectorsBefore = vectors(pair);
        assertThat(edgesBefore).hasSize(8);
        List<String> siblingBefore = rows(sibling);

        // damage: every vector of the pair, and the frozen cosine and weights of the a–b rows
        damageVectors(pair, vector(30, 31, 0.5));
        exec(dataSource, """
                update long_term_edge set embedding_cosine_initial = 0.99, raw_weight = 1, absolute_weight = 1
                 where user_id = ? and agent_id = ? and from_node_id in (select id from long_term_node
                       where user_id = ? and agent_id = ? and source_key in ('a', 'b'))
                   and to_node_id in (select id from long_term_node
                       where user_id = ? and agent_id = ? and source_key in ('a', 'b'))""",
                pair.getUserId(), pair.getAgentId(), pair.getUserId(), pair.getAgentId(), pair.getUserId(),
                pair.getAgentId());

        ReembedResponse r = reembed(pair, false);

        assertThat(withoutDuration(r)).isEqualTo(counts(4, 2, 2, 0));
        assertThat(edges(pair)).isEqualTo(edgesBefore);
        // the scripted vectors exactly; the real model's within float noise of batching
        List<String> after = vectors(pair);
        assertThat(after.stream().filter(l -> !l.startsWith("entry real ")).toList())
                .isEqualTo(vectorsBefore.stream().filter(l -> !l.startsWith("entry real ")).toList());
        assertThat(cosine(stored("short_term_entry", "entry_key", pair, "real"), real)).isCloseTo(1.0, within(1e-5));
        assertRecomputeChangesNothing(pair);
        assertThat(rows(sibling)).isEqualTo(siblingBefore);

        // a second call finds nothing to change
        assertThat(withoutDuration(reembed(pair, false))).isEqualTo(counts(4, 2, 0, 0));
        assertThat(strings("select content->'measure'->>'nodes_changed' || '/' || (content->'measure'->>'entries_changed')"
                + " || '/' || (content->'measure'->>'edges_recomputed') from pipeline_log where user_id = ? and agent_id = ?"
                + " and node = 'memory.reembed' and art = 'note' order by id", pair.getUserId(), pair.getAgentId()))
                .containsExactly("4/2/2", "0/0/0");
        assertThat(strings("select counts::text from job_run where job = 'REEMBED' and status = 'done'"
                + " and started_at >= ? order by id desc limit 2", OffsetDateTime.now().minusMinutes(5)))
                .contains("{\"pairs\": 1, \"edge_errors\": 0, \"edges_rebuilt\": 0, \"edges_recomputed\": 2,"
                        + " \"nodes_reembedded\": 4, \"entries_reembedded\": 2}");
    }

    @Test
    void anEdgeWhoseEndpointsGetOtherVectorsTakesTheirCosineAndKeepsItsReasons() throws Exception {
        Pair pair = pair(tenant);
        // stored (old model): a–b cosine 0.8; provider: 0.6 — the embedding reason stays, its depth follows
        M a = M.of("a", unit(10), unit(10));
        M b = M.of("b", vector(10, 11, 0.6), vector(10, 11, 0.8)).salience(0.95);
        // stored: no embedding edge, only the entity; provider: cosine 0.9 — no reason is added without rebuild
        M c = M.of("c", unit(20), unit(20), e + 1);
        M d = M.of("d", vector(20, 21, 0.9), unit(22), e + 1);
        promoteAll(pair, false, a, b, c, d);
        List<String> before = edges(pair);
        assertThat(before).anyMatch(l -> l.startsWith("b->a {embedding} {} {} - - 1 0.80000"))
                .anyMatch(l -> l.startsWith("d->c {entity} {" + (e + 1) + "} {} - - 1 0.000000000 "));

        ReembedResponse r = reembed(pair, false);

        assertThat(withoutDuration(r)).isEqualTo(counts(4, 0, 4, 0));
        List<String> after = edges(pair);
        assertThat(after).hasSize(4).anyMatch(l -> l.startsWith("b->a {embedding} {} {} - - 1 0.60000"))
                .anyMatch(l -> l.startsWith("a->b {embedding} {} {} - - 1 0.60000"))
                .anyMatch(l -> l.startsWith("d->c {entity} {" + (e + 1) + "} {} - - 1 0.90000"));
        // the embedding depth fell from (0.8 − 0.55) / 0.45 to (0.6 − 0.55) / 0.45: the a–b weights fell
        assertThat(weights(after, "b->a")).isNotEqualTo(weights(before, "b->a"));
        // the entity-only c–d weights do not depend on the cosine
        assertThat(weights(after, "d->c")).isEqualTo(weights(before, "d->c"));
        assertRecomputeChangesNothing(pair);
    }

    @Test
    void rebuildYieldsTheEdgesOfAFreshPromotionInCreationOrderWithTheProvidersVectors() throws Exception {
        Pair rebuilt = pair(tenant);
        Pair fresh = pair(tenant);
        M[] memories = {
                M.of("a", unit(10), unit(10), e + 1),
                // old: embedding edge with a (0.8); provider: none
                M.of("b", unit(12), vector(10, 11, 0.8)),
                // old: nothing with a; provider: embedding 0.7 with a
                M.of("c", vector(10, 14, 0.7), unit(13)).topics("Tea"),
                M.of("d", unit(16), unit(15), e + 1).topics("tea", "garden"),
                M.of("e", unit(17), vector(15, 18, 0.75)).day("2026-03-01"),
                M.of("f", vector(17, 19, 0.6), unit(20)).day("2026-03-05"),
                M.of("g", unit(21), unit(22)) };
        promoteAll(rebuilt, false, memories);
        keepEntry(rebuilt, M.of("x", unit(23), null), unit(24));
        List<String> old = edges(rebuilt);
        promoteAll(fresh, true, memories);
        List<String> expected = edges(fresh);
        assertThat(old).isNotEqualTo(expected);
        assertThat(expected).anyMatch(l -> l.startsWith("c->a {embedding} {} {} - - 1 0.69999"))
                .noneMatch(l -> l.startsWith("b->a"));

        ReembedResponse r = reembed(rebuilt, true);

        assertThat(withoutDuration(r)).isEqualTo(counts(7, 1, 0, expected.size()));
        assertThat(edges(rebuilt)).isEqualTo(expected);
        assertThat(count(dataSource, "select edge_count from partition_stats where user_id = ? and agent_id = ?",
                rebuilt.getUserId(), rebuilt.getAgentId())).isEqualTo(expected.size());
        assertThat(strings("select content->'measure'->>'edges_dropped' from pipeline_log where user_id = ?"
                + " and node = 'memory.reembed'", rebuilt.getUserId())).containsExactly(String.valueOf(old.size()));
        assertRecomputeChangesNothing(rebuilt);
        // a rebuild of an unchanged pair makes the same edges again
        assertThat(withoutDuration(reembed(rebuilt, true))).isEqualTo(counts(7, 1, 0, expected.size()));
        assertThat(edges(rebuilt)).isEqualTo(expected);
    }

    /** Two axes per node so that any two nodes have cosine 0 or 0.5 (below the embedding threshold). */
    private static float[] twoAxes(int k) {
        int a = k % LongTermFixtures.D;
        int b = (a + 1 + k / LongTermFixtures.D) % LongTermFixtures.D;
        float[] v = new float[LongTermFixtures.D];
        v[a] = (float) Math.sqrt(0.5);
        v[b] = (float) Math.sqrt(0.5);
        return v;
    }

    @Test
    void aPairLargerThanOneStepIsReembeddedAndRebuiltPageByPage() throws Exception {
        Pair pair = pair(tenant);
        int n = 600;
        int m = 300;
        OffsetDateTime at = OffsetDateTime.now().minusDays(1);
        float[] wrong = vector(30, 31, 0.5);
        List<Long> ids = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            String key = run + "-" + k;
            ScriptedTextVectors.script("content of " + key, twoAxes(k));
            // nodes 2j and 2j + 1 share entity e + j
            ids.add(LongTermFixtures.node(dataSource, pair, key, wrong, 0.8, 3.540243, 3.540243, true, at,
                    new Long[] { e + k / 2 }, new String[0]));
        }
        for (int k = 0; k < m; k++) {
            ScriptedTextVectors.script("entry " + run + " " + k, twoAxes(n + k));
        }
        exec(dataSource, """
                insert into short_term_entry (user_id, agent_id, observer, entry_key, content, embedding, salience,
                    created_at, expires_at, promotion_state)
                select ?, ?, 'user', 'k' || lpad(g::text, 4, '0'), ? || g, ?, 0.5, now(), now() + interval '1 day',
                       'not_eligible'
                  from generate_series(0, ? - 1) g""", pair.getUserId(), pair.getAgentId(), "entry " + run + " ",
                new PGvector(wrong), m);
        // an edge from the last page to the first, with a cosine no vector gives
        exec(dataSource, """
                insert into long_term_edge (user_id, agent_id, from_node_id, to_node_id, raw_weight, absolute_weight,
                    reasons, embedding_cosine_initial, layer_count, created_at)
                values (?, ?, ?, ?, 1, 1, '{embedding}', 0.95, 1, now())""", pair.getUserId(), pair.getAgentId(),
                ids.get(n - 1), ids.get(0));

        ReembedResponse r = reembed(pair, false);

        assertThat(withoutDuration(r)).isEqualTo(counts(n, m, 1, 0));
        for (int k : new int[] { 0, 255, 256, 257, 511, 512, 599 }) {
            assertThat(stored("long_term_node", "source_key", pair, run + "-" + k)).as("node " + k)
                    .containsExactly(twoAxes(k));
        }
        for (int k : new int[] { 0, 255, 256, 299 }) {
            assertThat(stored("short_term_entry", "entry_key", pair, "k" + String.format("%04d", k))).as("entry " + k)
                    .containsExactly(twoAxes(n + k));
        }
        assertThat(count(dataSource, "select count(*) from long_term_node_embedding where user_id = ? and agent_id = ?"
                + " and embedding = ?", pair.getUserId(), pair.getAgentId(), new PGvector(wrong))).isZero();
        assertThat(count(dataSource, "select count(*) from short_term_entry where user_id = ? and agent_id = ?"
                + " and embedding = ?", pair.getUserId(), pair.getAgentId(), new PGvector(wrong))).isZero();
        // the cosine of the two vectors: 0 (they share no axis); the embedding reason stays frozen
        assertThat(edges(pair)).singleElement().asString().contains(" {embedding} {} {} - - 1 0.000000000 ");

        ReembedResponse rebuilt = reembed(pair, true);

        // Trigger 1 in id order: the entity pairs (2j, 2j + 1), nothing else fires
        assertThat(withoutDuration(rebuilt)).isEqualTo(counts(n, m, 0, n));
        assertThat(count(dataSource, """
                select count(*) from long_term_edge e join long_term_node f on f.id = e.from_node_id
                  join long_term_node t on t.id = e.to_node_id
                 where e.user_id = ? and e.agent_id = ? and e.reasons = '{entity}'
                   and f.entity_ids = t.entity_ids and e.shared_entity_ids = f.entity_ids""", pair.getUserId(),
                pair.getAgentId())).isEqualTo(n);
        assertRecomputeChangesNothing(pair);
    }

    @Test
    void withoutAPairEveryPairOfTheCallersTenantIsReembeddedAndNoOtherTenantIsTouched() throws Exception {
        Pair own = Pair.newBuilder().setUserId(tenant).setAgentId("claude").build();
        Pair user = pair(tenant);
        Pair otherAgent = Pair.newBuilder().setUserId(user.getUserId()).setAgentId("codex").build();
        // tenants whose names extend this one's: not the caller's
        Pair longer = Pair.newBuilder().setUserId(tenant + "x:u").setAgentId("claude").build();
        Pair dashed = Pair.newBuilder().setUserId(tenant + "-b:u").setAgentId("claude").build();
        M a = M.of("a", unit(10), null);
        M b = M.of("b", vector(10, 11, 0.7), null);
        promoteAll(own, true, a, b);
        promoteAll(user, true, a);
        keepEntry(user, b, b.provider());
        keepEntry(otherAgent, a, a.provider());
        List<String> expected = new ArrayList<>();
        for (Pair p : List.of(own, user, otherAgent)) {
            expected.addAll(vectors(p));
        }
        List<String> ownEdges = edges(own);
        float[] wrong = vector(30, 31, 0.5);
        for (Pair p : List.of(own, user, otherAgent)) {
            damageVectors(p, wrong);
        }
        List<List<String>> foreign = new ArrayList<>();
        for (Pair p : List.of(longer, dashed)) {
            MemoryAdminServiceBlockingStub theirs = GrpcTestChannel.as(p.getUserId().split(":")[0],
                    MemoryAdminServiceGrpc.newBlockingStub(channel));
            ShortTermMemoryServiceBlockingStub theirEntries = GrpcTestChannel.as(p.getUserId().split(":")[0],
                    ShortTermMemoryServiceGrpc.newBlockingStub(channel));
            long id = theirEntries.writeEntry(request(p, a, 0.8, a.provider()).build()).getEntry().getId();
            theirs.promoteEntry(PromoteEntryRequest.newBuilder().setPair(p).setId(id).build());
            theirEntries.writeEntry(request(p, b, 0.5, b.provider()).build());
            damageVectors(p, wrong);
            foreign.add(rows(p));
        }

        ReembedResponse r = reembed(null, false);

        // nodes: own a, b and user a; entries: user b and otherAgent a
        assertThat(withoutDuration(r)).isEqualTo(counts(3, 2, 0, 0));
        List<String> restored = new ArrayList<>();
        for (Pair p : List.of(own, user, otherAgent)) {
            restored.addAll(vectors(p));
        }
        assertThat(restored).isEqualTo(expected);
        assertThat(edges(own)).isEqualTo(ownEdges);
        assertThat(List.of(rows(longer), rows(dashed))).isEqualTo(foreign);
        assertThat(count(dataSource, "select count(*) from pipeline_log where node = 'memory.reembed' and user_id in"
                + " (?, ?)", longer.getUserId(), dashed.getUserId())).isZero();

        // a pair of another tenant is refused and not touched
        assertStatus(() -> reembed(longer, false), Status.Code.PERMISSION_DENIED, "pair.user_id");
        assertStatus(() -> reembed(longer, true), Status.Code.PERMISSION_DENIED, "pair.user_id");
        assertThat(rows(longer)).isEqualTo(foreign.get(0));
    }

    @Test
    void badInputIsRejectedNamingTheFieldAndAPairWithoutDataAnswersZeros() {
        assertStatus(() -> reembed(Pair.newBuilder().setAgentId("claude").build(), false),
                Status.Code.INVALID_ARGUMENT, "pair.user_id");
        assertStatus(() -> reembed(Pair.newBuilder().setUserId(tenant + ":u").setAgentId("a b").build(), false),
                Status.Code.INVALID_ARGUMENT, "pair.agent_id");
        assertStatus(() -> reembed(Pair.newBuilder().setUserId(tenant + ":" + "u".repeat(100)).setAgentId("claude")
                .build(), true), Status.Code.INVALID_ARGUMENT, "pair.user_id");
        assertStatus(() -> MemoryAdminServiceGrpc.newBlockingStub(channel).reembed(ReembedRequest.getDefaultInstance()),
                Status.Code.UNAUTHENTICATED, "missing credential");
        assertThat(withoutDuration(reembed(pair(tenant), true))).isEqualTo(counts(0, 0, 0, 0));
        assertThat(withoutDuration(reembed(null, false))).isEqualTo(counts(0, 0, 0, 0));
    }

    @Test
    void reembedWaitsForThePairLock() throws Exception {
        Pair pair = pair(tenant);
        promoteAll(pair, true, M.of("a", unit(10), null));
        var config = ConfigProvider.getConfig();
        try (Connection holder = DriverManager.getConnection(
                config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class))) {
            holder.setAutoCommit(false);
            PairLock.lock(holder, pair.getUserId(), pair.getAgentId());
            CompletableFuture<ReembedResponse> call = CompletableFuture.supplyAsync(() -> reembed(pair, false));
            Thread.sleep(700);
            assertThat(call).isNotDone();
            holder.rollback();
            assertThat(call.get(20, TimeUnit.SECONDS).getNodesReembedded()).isEqualTo(1);
        }
    }
}
