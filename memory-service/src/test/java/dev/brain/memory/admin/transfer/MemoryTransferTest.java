package dev.brain.memory.admin.transfer;

import static dev.brain.memory.longterm.LongTermFixtures.EdgeSpec;
import static dev.brain.memory.longterm.LongTermFixtures.NodeSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import com.google.protobuf.ByteString;

import dev.brain.grpc.v1.ExportMemoryChunk;
import dev.brain.grpc.v1.ExportMemoryRequest;
import dev.brain.grpc.v1.ImportConflictPolicy;
import dev.brain.grpc.v1.ImportMemoryOptions;
import dev.brain.grpc.v1.ImportMemoryRequest;
import dev.brain.grpc.v1.ImportMemoryResponse;
import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryRecordKind;
import dev.brain.memory.longterm.LongTermFixtures;
import dev.brain.memory.longterm.LongTermFixtures.TestPair;
import dev.brain.memory.synapse.SynapseFixtures;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import io.quarkus.test.junit.QuarkusTest;

/** Export and Import over real gRPC against the real database (memory.md §13, §14, §17 points 7 and 16). */
@QuarkusTest
class MemoryTransferTest {

    static final String HEADER = "{\"kind\":\"header\",\"format\":\"brain-memory\",\"version\":1,\"model\":\"m\","
            + "\"dimension\":384,\"exported_at\":\"2026-10-01T12:00:00Z\"}";

    @Inject
    DataSource dataSource;

    @Inject
    dev.brain.memory.longterm.vectors.TextVectors textVectors;

    ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    String export(String tenant, TestPair pair, MemoryRecordKind... kinds) {
        ExportMemoryRequest.Builder request = ExportMemoryRequest.newBuilder().addAllKinds(List.of(kinds));
        if (pair != null) {
            request.setPair(pair.proto());
        }
        Iterator<ExportMemoryChunk> chunks = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .export(request.build());
        StringBuilder out = new StringBuilder();
        while (chunks.hasNext()) {
            ByteString data = chunks.next().getData();
            assertThat(data.size()).isLessThanOrEqualTo(1 << 20);
            out.append(data.toStringUtf8());
        }
        return out.toString();
    }

    ImportMemoryResponse importLines(String tenant, ImportMemoryOptions options, String data) {
        CompletableFuture<ImportMemoryResponse> result = new CompletableFuture<>();
        StreamObserver<ImportMemoryRequest> requests = GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newStub(channel))
                .import_(new StreamObserver<>() {
                    @Override
                    public void onNext(ImportMemoryResponse value) {
                        result.complete(value);
                    }

                    @Override
                    public void onError(Throwable t) {
                        result.completeExceptionally(t);
                    }

                    @Override
                    public void onCompleted() {
                    }
                });
        requests.onNext(ImportMemoryRequest.newBuilder().setOptions(options).build());
        byte[] bytes = data.getBytes(StandardCharsets.UTF_8);
        int piece = 64 * 1024 + 7; // lines span messages
        for (int from = 0; from < bytes.length; from += piece) {
            requests.onNext(ImportMemoryRequest.newBuilder()
                    .setData(ByteString.copyFrom(bytes, from, Math.min(piece, bytes.length - from))).build());
        }
        requests.onCompleted();
        try {
            return result.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (RuntimeException) e.getCause();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static ImportMemoryOptions into(TestPair pair, ImportConflictPolicy policy) {
        return ImportMemoryOptions.newBuilder().setPair(pair.proto()).setOnConflict(policy).build();
    }

    static void assertStatus(Runnable call, Status.Code code, String descriptionStart) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).startsWith(descriptionStart);
        });
    }

    List<String> rows(String sql, Object... params) throws Exception {
        return dev.brain.memory.testing.LongTermFixtures.strings(dataSource, sql, params);
    }

    /** Full node rows except id and pair, by source key. */
    List<String> nodeRows(TestPair p) throws Exception {
        return rows("select (to_jsonb(n) - 'id' - 'user_id' - 'agent_id')::text from long_term_node n"
                + " where user_id = ? and agent_id = ? order by source_key", p.userId(), p.agentId());
    }

    /** Full edge rows except ids and pair; endpoints as source keys. */
    List<String> edgeRows(TestPair p) throws Exception {
        return rows("select f.source_key || '>' || t.source_key || ' ' || (to_jsonb(e) - 'id' - 'user_id' - 'agent_id'"
                + " - 'from_node_id' - 'to_node_id')::text from long_term_edge e join long_term_node f on f.id = e.from_node_id"
                + " join long_term_node t on t.id = e.to_node_id where e.user_id = ? and e.agent_id = ? order by 1",
                p.userId(), p.agentId());
    }

    /** Full synapse rows except id and tenant; memory endpoints as source keys. */
    List<String> synapseRows(String tenant) throws Exception {
        return rows("select coalesce(sn.source_key, s.source_id::text) || '>' || coalesce(tn.source_key, s.target_id::text)"
                + " || ' ' || (to_jsonb(s) - 'id' - 'tenant' - 'source_id' - 'target_id')::text from synapse s"
                + " left join long_term_node sn on s.source_type = 'memory' and sn.id = s.source_id"
                + " left join long_term_node tn on s.target_type = 'memory' and tn.id = s.target_id"
                + " where s.tenant = ? order by 1", tenant);
    }

    long count(String sql, Object... params) throws Exception {
        return Long.parseLong(rows(sql, params).get(0));
    }

    // ---- §17.16: round trip ----------------------------------------------------------------------------------

    @Test
    void exportThenImportIntoAnEmptyTenantReproducesNodesEdgesAndSynapsesExactly() throws Exception {
        TestPair source = LongTermFixtures.newPair();
        TestPair sibling = LongTermFixtures.sibling(source);
        long a = LongTermFixtures.node(dataSource, source, NodeSpec.of("Anna likes tea", LongTermFixtures.at(0.3, 1))
                .topics("Tea", "Anna").entities(7L, 9L).emotion("joy").weights(1.234567891234, 3.1, 2.718281828459045));
        long b = LongTermFixtures.node(dataSource, source, NodeSpec.of("Tea at noon", LongTermFixtures.at(0.123456789, 2))
                .observer("assistant").weights(12.5, 10, 0.09).inactive());
        long c = LongTermFixtures.node(dataSource, source, NodeSpec.of("The billing service", LongTermFixtures.unit(3)));
        LongTermFixtures.exec(dataSource, "update long_term_node set time_at = '2026-09-30T08:15:00.123456Z',"
                + " time_precision = 'hour', timeline_ref = 'tl-1', metadata = '{\"mode\":\"calm\",\"n\":[1,2.5]}',"
                + " decayed_at = '2026-10-02T03:30:00Z', reactivated_at = '2026-10-03T01:00:00Z', frequency = 4,"
                + " decay_base = 2.9, arousal = 0.25 where id = " + a);
        LongTermFixtures.edge(dataSource, source, a, b, 1.7320508075688772, 2.23606797749979,
                new EdgeSpec(List.of("entity", "topics", "timeline"), List.of(7L), List.of("Tea"), 0.0370370367,
                        2.5, "hour"));
        LongTermFixtures.edge(dataSource, source, b, a, 1.7320508075688772, 2.23606797749979,
                new EdgeSpec(List.of("entity", "topics", "timeline"), List.of(7L), List.of("Tea"), 0.0370370367,
                        2.5, "hour"));
        LongTermFixtures.edge(dataSource, source, a, c, 0.5, 0.75, EdgeSpec.topics("billing"));
        // the sibling pair of the same tenant holds identical content: none of it may leave with the export
        long s1 = LongTermFixtures.node(dataSource, sibling, NodeSpec.of("Anna likes tea", LongTermFixtures.at(0.3, 1)));
        long s2 = LongTermFixtures.node(dataSource, sibling, NodeSpec.of("Tea at noon", LongTermFixtures.at(0.3, 2)));
        LongTermFixtures.edge(dataSource, sibling, s1, s2, 1.0, EdgeSpec.topics("Tea"));
        java.time.OffsetDateTime t = LongTermFixtures.T0.plusSeconds(1).plusNanos(123_456_000);
        SynapseFixtures.insert(dataSource, source.tenant(), 11, 12, "solves", 0.3141592653589793, t);
        LongTermFixtures.exec(dataSource, "update synapse set base_weight = 0.5, activation_count = 17,"
                + " context = '{\"why\":\"x\"}', source_label = 'E11' where tenant = '" + source.tenant() + "'");
        LongTermFixtures.exec(dataSource, "insert into synapse (tenant, source_type, source_id, target_type, target_id,"
                + " synapse_type, weight, base_weight, activation_count, last_activated_at, created_at) values ('"
                + source.tenant() + "', 'memory', " + a + ", 'error', 11, 'similar_to', 0.9, 0.95, 3,"
                + " '2026-10-01T12:00:00Z', '2026-09-01T00:00:00Z'), ('" + source.tenant() + "', 'memory', " + s1
                + ", 'error', 12, 'similar_to', 0.4, 0.4, 1, '2026-10-01T12:00:00Z', '2026-09-01T00:00:00Z')");

        String jsonl = export(source.tenant(), source);

        String[] lines = jsonl.split("\n");
        assertThat(lines[0]).startsWith("{\"kind\":\"header\",\"format\":\"brain-memory\",\"version\":1,\"model\":")
                .contains("\"dimension\":384", "\"exported_at\":");
        assertThat(jsonl).doesNotContain(sibling.userId()).contains("\"decay_base\" : 2.9", "\"absolute_weight\" : 10");
        assertThat(List.of(lines).stream().filter(l -> l.startsWith("{\"kind\" : \"node\"")
                || l.contains("\"kind\" : \"node\"")).count()).isEqualTo(3);
        assertThat(jsonl).containsOnlyOnce(
                "\"kind\" : \"synapse\", \"tenant\" : \"" + source.tenant() + "\", \"source_type\" : \"memory\"");

        TestPair target = LongTermFixtures.newPair(); // a fresh tenant: the empty database
        ImportMemoryResponse response = importLines(target.tenant(),
                ImportMemoryOptions.newBuilder().setPair(target.proto()).build(), jsonl);

        assertThat(response.getErrorsList()).isEmpty();
        assertThat(response.getCountsMap()).containsEntry("node", 3L).containsEntry("edge", 3L)
                .containsEntry("synapse", 2L).doesNotContainKey("skipped");
        assertThat(nodeRows(target)).isEqualTo(nodeRows(source)).hasSize(3);
        assertThat(edgeRows(target)).isEqualTo(edgeRows(source)).hasSize(3);
        List<String> sourceSynapses = synapseRows(source.tenant());
        String keyOfA = rows("select source_key from long_term_node where id = ?", a).get(0);
        sourceSynapses.removeIf(r -> r.contains("\"source_type\": \"memory\"") && !r.startsWith(keyOfA));
        assertThat(synapseRows(target.tenant())).isEqualTo(sourceSynapses).hasSize(2);
        assertThat(rows("select node_count || '/' || active_count || '/' || edge_count from partition_stats"
                + " where user_id = ? and agent_id = ?", target.userId(), target.agentId())).containsExactly("3/2/3");
        // and the round trip is a fixed point: exporting the copy gives the same records
        assertThat(records(export(target.tenant(), target))).isEqualTo(records(jsonl));
    }

    /** Record lines without the header and the pair/tenant/ids that legitimately differ. */
    static List<String> records(String jsonl) {
        return List.of(jsonl.split("\n")).stream().skip(1)
                .map(l -> l.replaceAll("\"(user_id|agent_id|tenant)\" : \"[^\"]*\"", "")
                        .replaceAll("\"(source_id|target_id)\" : \\d+", ""))
                .sorted().toList();
    }

    @Test
    void exportWithoutPairIsTheTenantsSynapsesOnly() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        LongTermFixtures.node(dataSource, pair, NodeSpec.of("n", LongTermFixtures.unit(1)));
        SynapseFixtures.insert(dataSource, pair.tenant(), 1, 2, "causes", 0.5, LongTermFixtures.T0);
        SynapseFixtures.insert(dataSource, "other-" + pair.tenant(), 1, 2, "causes", 0.5, LongTermFixtures.T0);
        String jsonl = export(pair.tenant(), null);
        assertThat(jsonl.split("\n")).hasSize(2);
        assertThat(jsonl).contains("\"kind\" : \"synapse\"").doesNotContain("\"kind\" : \"node\"", "other-");
    }

    @Test
    void exportOfAnotherTenantsPairIsPermissionDenied() {
        TestPair pair = LongTermFixtures.newPair();
        assertStatus(() -> export("intruder-" + pair.tenant(), pair), Status.Code.PERMISSION_DENIED, "pair.user_id");
    }

    // ---- options ---------------------------------------------------------------------------------------------

    static String node(String key, String extra) {
        float[] v = LongTermFixtures.unit(key.hashCode() & 127);
        StringBuilder e = new StringBuilder();
        for (float f : v) {
            e.append(e.length() == 0 ? "" : ",").append(f == 0 ? "0" : "1");
        }
        return "{\"kind\":\"node\",\"source_key\":\"" + key + "\",\"observer\":\"user\",\"content\":\"c " + key
                + "\",\"embedding\":[" + e + "],\"created_at\":\"2026-10-01T12:00:00Z\"" + extra + "}";
    }

    static String file(String... lines) {
        return HEADER + "\n" + String.join("\n", lines) + "\n";
    }

    @Test
    void omittedNodeWeightsAreDerivedFromRaw() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL),
                file(node("k1", ",\"raw_weight\":0.8,\"reinforced_at\":\"2026-10-05T00:00:00Z\"")));
        List<String> row = rows("select raw_weight || ' ' || absolute_weight || ' ' || decay_weight || ' ' || decay_base"
                + " || ' ' || (decay_base_at = reinforced_at) || ' ' || (reinforced_at = '2026-10-05T00:00:00Z')"
                + " || ' ' || frequency || ' ' || active from long_term_node where user_id = ?", pair.userId());
        String[] f = row.get(0).split(" ");
        assertThat(Double.parseDouble(f[0])).isEqualTo(0.8);
        assertThat(Double.parseDouble(f[1])).isCloseTo(3.540243, within(1e-6));
        assertThat(f[2]).isEqualTo(f[1]);
        assertThat(f[3]).isEqualTo(f[1]);
        assertThat(List.of(f).subList(4, 8)).containsExactly("true", "true", "1", "true");
    }

    @Test
    void onConflictFailSkipAndReplace() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        ImportMemoryOptions fail = into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_UNSPECIFIED);
        importLines(pair.tenant(), fail, file(node("k1", ",\"raw_weight\":0.5"), node("k2", ",\"raw_weight\":0.5")));
        List<String> before = nodeRows(pair);
        String id = rows("select id from long_term_node where user_id = ? and source_key = 'k1'", pair.userId()).get(0);

        assertStatus(() -> importLines(pair.tenant(), fail, file(node("k3", ",\"raw_weight\":0.5"),
                node("k1", ",\"raw_weight\":0.9"))), Status.Code.ALREADY_EXISTS, "line 3: source_key 'k1' already exists");
        assertThat(nodeRows(pair)).isEqualTo(before); // k3 rolled back with the call

        ImportMemoryResponse skipped = importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_SKIP),
                file(node("k1", ",\"raw_weight\":0.9"), node("k3", ",\"raw_weight\":0.5")));
        assertThat(skipped.getCountsMap()).containsEntry("skipped", 1L).containsEntry("node", 1L);
        assertThat(rows("select raw_weight from long_term_node where user_id = ? and source_key = 'k1'", pair.userId()))
                .containsExactly("0.5");

        ImportMemoryResponse replaced = importLines(pair.tenant(),
                into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_REPLACE),
                file(node("k1", ",\"raw_weight\":0.9,\"absolute_weight\":9.5")));
        assertThat(replaced.getCountsMap()).containsEntry("replaced", 1L).containsEntry("node", 1L);
        assertThat(rows("select id || ' ' || raw_weight || ' ' || absolute_weight from long_term_node"
                + " where user_id = ? and source_key = 'k1'", pair.userId())).containsExactly(id + " 0.9 9.5");
        assertThat(rows("select node_count::text from partition_stats where user_id = ?", pair.userId()))
                .containsExactly("3");
    }

    static String edge(String from, String to) {
        return "{\"kind\":\"edge\",\"from_key\":\"" + from + "\",\"to_key\":\"" + to + "\",\"raw_weight\":1.5,"
                + "\"absolute_weight\":2.5,\"reasons\":[\"topics\"],\"shared_topics\":[\"Tea\"],"
                + "\"embedding_cosine_initial\":0.2}";
    }

    @Test
    void anEdgeToANodeOfAnotherPairIsRejectedAndTheCallLeavesNothing() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        TestPair other = LongTermFixtures.sibling(pair);
        importLines(other.tenant(), into(other, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL),
                file(node("b", ",\"raw_weight\":0.5")));

        assertStatus(() -> importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL),
                file(node("a", ",\"raw_weight\":0.5"), edge("a", "b"))), Status.Code.INVALID_ARGUMENT,
                "line 3: to_key: no node 'b' in pair " + pair.userId());
        assertThat(count("select count(*) from long_term_node where user_id = ?", pair.userId())).isZero();

        ImportMemoryResponse skipped = importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_SKIP),
                file(node("a", ",\"raw_weight\":0.5"), edge("a", "b"), edge("a", "missing")));
        assertThat(skipped.getCountsMap()).containsEntry("node", 1L).doesNotContainKey("edge");
        assertThat(skipped.getErrorsList()).extracting(e -> e.getLine()).containsExactly(3L, 4L);
        assertThat(count("select count(*) from long_term_edge where user_id = ? or user_id = ?", pair.userId(),
                other.userId())).isZero();
    }

    @Test
    void recomputeEdgesIgnoresTheFileWeights() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        importLines(pair.tenant(), ImportMemoryOptions.newBuilder().setPair(pair.proto()).setRecomputeEdges(true).build(),
                file(node("a", ",\"raw_weight\":0.8"), node("b", ",\"raw_weight\":0.8"), edge("a", "b")));
        double absolute = Double.parseDouble(rows("select absolute_weight from long_term_edge where user_id = ?",
                pair.userId()).get(0));
        assertThat(absolute).isNotEqualTo(2.5).isPositive();
    }

    @Test
    void aHeaderWithAnotherDimensionIsFailedPrecondition() {
        TestPair pair = LongTermFixtures.newPair();
        assertStatus(() -> importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL),
                HEADER.replace("384", "768") + "\n"), Status.Code.FAILED_PRECONDITION, "line 1: dimension: the export has 768");
    }

    @Test
    void limitsAreInvalidArgumentNamingLineAndField() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        ImportMemoryOptions options = into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_SKIP);
        assertStatus(() -> importLines(pair.tenant(), options, file(node("a", ",\"raw_weight\":-0.1"))),
                Status.Code.INVALID_ARGUMENT, "line 2: raw_weight: must be ≥ 0");
        assertStatus(() -> importLines(pair.tenant(), options, file(node("a", ",\"raw_weight\":1,\"decay_weight\":-1"))),
                Status.Code.INVALID_ARGUMENT, "line 2: decay_weight: must be ≥ 0");
        String synapse = "{\"kind\":\"synapse\",\"source_type\":\"error\",\"source_id\":1,\"target_type\":\"error\","
                + "\"target_id\":2,\"synapse_type\":\"causes\",\"weight\":%s}";
        assertStatus(() -> importLines(pair.tenant(), options, file(String.format(synapse, "1.5"))),
                Status.Code.INVALID_ARGUMENT, "line 2: weight: must be in (0, 1]");
        assertStatus(() -> importLines(pair.tenant(), options, file(String.format(synapse, "0"))),
                Status.Code.INVALID_ARGUMENT, "line 2: weight: must be in (0, 1]");
        String longLine = node("a", ",\"raw_weight\":1,\"metadata\":{\"x\":\"" + "y".repeat(1 << 20) + "\"}");
        assertStatus(() -> importLines(pair.tenant(), options, file(longLine)), Status.Code.INVALID_ARGUMENT,
                "line 2: longer than 1048576 bytes");
        assertStatus(() -> importLines(pair.tenant(), options, HEADER + "\n" + "\n".repeat(200_000)),
                Status.Code.INVALID_ARGUMENT, "data: more than 200000 lines");
        assertStatus(() -> importLines(pair.tenant(), options, file(node("a", ""))),
                Status.Code.INVALID_ARGUMENT, "line 2: raw_weight: required");
        assertThat(count("select count(*) from long_term_node where user_id = ?", pair.userId())).isZero();
    }

    @Test
    void oneBadLineLeavesNothing() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        String synapse = "{\"kind\":\"synapse\",\"source_type\":\"error\",\"source_id\":1,\"target_type\":\"error\","
                + "\"target_id\":2,\"synapse_type\":\"causes\",\"weight\":0.5}";
        assertStatus(() -> importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_REPLACE),
                file(node("a", ",\"raw_weight\":0.5"), node("b", ",\"raw_weight\":0.5"), edge("a", "b"), synapse,
                        node("c", ",\"raw_weight\":0.5,\"arousal\":2"))),
                Status.Code.INVALID_ARGUMENT, "line 6: arousal: must be in [0, 1]");
        assertThat(count("select count(*) from long_term_node where user_id = ?", pair.userId())).isZero();
        assertThat(count("select count(*) from long_term_edge where user_id = ?", pair.userId())).isZero();
        assertThat(count("select count(*) from synapse where tenant = ?", pair.tenant())).isZero();
        assertThat(count("select count(*) from partition_stats where user_id = ?", pair.userId())).isZero();
    }

    @Test
    void importIntoAnotherTenantsPairIsPermissionDenied() {
        TestPair pair = LongTermFixtures.newPair();
        assertStatus(
                () -> importLines("intruder-" + pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL),
                        file(node("a", ",\"raw_weight\":0.5"))),
                Status.Code.PERMISSION_DENIED, "pair.user_id");
    }

    @Test
    void entriesRoundTripWithTheirHitNodeByKey() throws Exception {
        TestPair source = LongTermFixtures.newPair();
        long hit = LongTermFixtures.node(dataSource, source, NodeSpec.of("hit", LongTermFixtures.unit(5)));
        LongTermFixtures.exec(dataSource, "insert into short_term_entry (user_id, agent_id, observer, entry_key, content,"
                + " embedding, salience, topics, topic_keys, entity_ids, time_at, time_precision, emotion, arousal,"
                + " metadata, turn_id, created_at, expires_at, promotion_state, hit_node_id, attempts, last_error)"
                + " select user_id, agent_id, 'assistant', 'e-1', 'same as hit', embedding, 0.71, '{Tea}', '{tea}',"
                + " '{3}', '2026-09-01T00:00:00Z', 'day', 'trust', 0.3, '{\"k\":1}', 'turn-9',"
                + " '2026-10-01T12:00:00Z', '2026-10-31T12:00:00Z', 'duplicate', node_id, 1, 'none'"
                + " from long_term_node_embedding where node_id = " + hit);
        String jsonl = export(source.tenant(), source, MemoryRecordKind.MEMORY_RECORD_KIND_NODES,
                MemoryRecordKind.MEMORY_RECORD_KIND_ENTRIES);
        TestPair target = LongTermFixtures.newPair();
        ImportMemoryResponse response = importLines(target.tenant(),
                into(target, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL), jsonl);
        assertThat(response.getCountsMap()).containsEntry("entry", 1L).containsEntry("node", 1L);
        String entrySql = "select h.source_key || ' ' || (to_jsonb(s) - 'id' - 'user_id' - 'agent_id' - 'hit_node_id')::text"
                + " from short_term_entry s join long_term_node h on h.id = s.hit_node_id where s.user_id = ?";
        assertThat(rows(entrySql, target.userId())).isEqualTo(rows(entrySql, source.userId())).hasSize(1);
    }

    @Test
    void aLargeExportStreamsInChunksOfWholeLines() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        String content = "x".repeat(60_000);
        for (int i = 1; i <= 40; i++) {
            LongTermFixtures.node(dataSource, pair, NodeSpec.of(content + i, LongTermFixtures.unit(i)));
        }
        Iterator<ExportMemoryChunk> chunks = GrpcTestChannel.as(pair.tenant(), MemoryAdminServiceGrpc.newBlockingStub(channel))
                .export(ExportMemoryRequest.newBuilder().setPair(pair.proto()).build());
        int n = 0;
        long lines = 0;
        while (chunks.hasNext()) {
            String data = chunks.next().getData().toStringUtf8();
            assertThat(data.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1 << 20);
            assertThat(data).endsWith("\n");
            lines += data.chars().filter(ch -> ch == '\n').count();
            n++;
        }
        assertThat(n).isGreaterThanOrEqualTo(3);
        assertThat(lines).isEqualTo(41);
    }

    @Test
    void embedMissingEmbedsTheContentElseTheLineIsRejected() throws Exception {
        TestPair pair = LongTermFixtures.newPair();
        String line = "{\"kind\":\"node\",\"source_key\":\"k\",\"observer\":\"user\",\"content\":\"Anna likes tea\","
                + "\"raw_weight\":0.8}";
        assertStatus(() -> importLines(pair.tenant(), into(pair, ImportConflictPolicy.IMPORT_CONFLICT_POLICY_FAIL),
                file(line)), Status.Code.INVALID_ARGUMENT, "line 2: embedding: missing");
        importLines(pair.tenant(), ImportMemoryOptions.newBuilder().setPair(pair.proto()).setEmbedMissing(true).build(),
                file(line));
        float[] expected = textVectors.embed(List.of("Anna likes tea")).get(0);
        assertThat(count("select count(*) from long_term_node_embedding where user_id = ? and embedding = ?::vector",
                pair.userId(), dev.brain.db.PgVector.literal(expected)))
                .isEqualTo(1);
    }
}
