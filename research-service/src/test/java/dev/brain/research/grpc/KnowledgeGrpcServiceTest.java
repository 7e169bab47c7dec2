package dev.brain.research.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.DeactivateKnowledgeRequest;
import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.KnowledgeBlockInfo;
import dev.brain.grpc.v1.KnowledgeServiceGrpc;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.KnowledgeType;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ReactivateKnowledgeRequest;
import dev.brain.grpc.v1.ReadKnowledgeBlockRequest;
import dev.brain.grpc.v1.ResearchStatus;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.grpc.v1.SearchKnowledgeResponse;
import dev.brain.grpc.v1.WriteEntryRequest;
import dev.brain.research.knowledge.KnowledgeFixtures;
import dev.brain.research.support.ServiceDoubles;
import dev.brain.research.support.ServiceDoublesResource;
import dev.brain.testing.GrpcTestBase;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** KnowledgeService end to end (research.md §2, §5): files on the volume, rows, the gate, search, memory feedback. */
@QuarkusTest
@QuarkusTestResource(ServiceDoublesResource.class)
class KnowledgeGrpcServiceTest extends GrpcTestBase {

    static final String KAFKA = "Kafka consumer groups rebalance when a member joins or leaves; partitions are"
            + " reassigned by the group coordinator and consumption pauses during the rebalance.";
    static final String KAFKA_MORE = "Static membership with group.instance.id avoids rebalances on restarts; cooperative"
            + " sticky assignment moves only the partitions that must move.";

    final KnowledgeFixtures fx = new KnowledgeFixtures();

    KnowledgeServiceGrpc.KnowledgeServiceBlockingStub stub() {
        return fx.stub(channel);
    }

    SaveResearchResponse save(SaveResearchRequest.Builder request) {
        return stub().saveResearch(request.build());
    }

    @Test
    void firstRunCreatesTheKnowledgeFileTheReportAndTheIndexWithModesForHumans() throws Exception {
        SaveResearchResponse r = save(fx.createDefaultSave("Kafka rebalancing", "## Basics\n\n" + KAFKA));

        assertThat(r.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_DEEP);
        assertThat(r.getCreated()).isTrue();
        String dir = "claude/" + fx.tenant + "%3Aalice";
        assertThat(r.getKnowledgePath()).startsWith(dir + "/")
                .endsWith("_" + fx.tenant + "%3Aalice_kafka-rebalancing_knowledge.md");
        assertThat(r.getReportPath()).startsWith(dir + "/").endsWith("_kafka-rebalancing_report.md");
        String file = KnowledgeFixtures.read(r.getKnowledgePath());
        assertThat(file).startsWith("# Kafka rebalancing\n").contains("**Version:** 1.0", "**Runs:** 1", "**For:** user",
                "**Mode:** research", "\n## CURRENT\n\n### Basics\n\n" + KAFKA + "\n");
        String report = KnowledgeFixtures.read(r.getReportPath());
        assertThat(report).contains("**Type:** report", "**Status:** deep", "**Duration:** 1200 ms", "**Trigger:** user",
                "## Report\n\nsearched the docs");
        String index = KnowledgeFixtures.read(dir + "/INDEX.md");
        assertThat(index).contains("**Files:** 1", r.getIndexLine());
        assertThat(r.getIndexLine()).isEqualTo("- [Kafka rebalancing](" + r.getKnowledgePath().substring(dir.length() + 1)
                + ") — Kafka consumer groups rebalance when a member joins or leaves; partitions are reassigned by the"
                + " group coordinator and consumption pauses during the rebalance. (1 run)");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(KnowledgeFixtures.file(r.getKnowledgePath()))))
                .isEqualTo("rw-rw-rw-");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(KnowledgeFixtures.file(dir))))
                .isEqualTo("rwxrwxrwx");
        assertThat(r.getEntry().getVersion()).isEqualTo("1.0");
        assertThat(r.getEntry().getWeightRaw()).isEqualTo(0.5);
        assertThat(r.getEntry().getWeightAbsolute()).isEqualTo(10 * Math.pow(Math.sin(0.05 * Math.PI / 2), 0.5));
        assertThat(r.getEntry().getFrequency()).isEqualTo(1);
    }

    @Test
    void aNewTopicEmbedsOnlyItsTopicTextNotEveryParagraph() {
        int before = ServiceDoubles.get().calls(fx.tenant, "Embed").size();

        save(fx.createDefaultSave("Raft elections", KAFKA + "\n\n" + KAFKA_MORE + "\n\nA third paragraph."));

        List<ServiceDoubles.Call> embeds = ServiceDoubles.get().calls(fx.tenant, "Embed");
        assertThat(embeds).hasSize(before + 1);
        assertThat(((EmbedRequest) embeds.get(before).request()).getTextsCount()).isEqualTo(1);
    }

    @Test
    void aRepetitionRunWritesAReportAndLeavesTheKnowledgeFileByteForByte() throws Exception {
        SaveResearchResponse first = save(fx.createDefaultSave("Kafka repetition", KAFKA));
        byte[] before = Files.readAllBytes(KnowledgeFixtures.file(first.getKnowledgePath()));

        SaveResearchResponse again = save(fx.createDefaultSave("Kafka repetition", KAFKA));

        assertThat(again.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_REPETITION);
        assertThat(again.getKnowledgePath()).isEqualTo(first.getKnowledgePath());
        assertThat(Files.readAllBytes(KnowledgeFixtures.file(first.getKnowledgePath()))).isEqualTo(before);
        assertThat(again.getReportPath()).isNotEqualTo(first.getReportPath()).endsWith("_kafka-repetition_report-2.md");
        assertThat(KnowledgeFixtures.read(again.getReportPath())).contains("**Status:** repetition");
        assertThat(again.getEntry().getVersion()).isEqualTo("1.0");
        assertThat(again.getMemoryEntryId()).isZero();
    }

    @Test
    void aDeepRunOnAnExistingTopicAddsABlockBumpsTheVersionReinforcesAndIndexesOnce() {
        SaveResearchResponse first = save(fx.createDefaultSave("Kafka deep", KAFKA).setSalience(0.6));
        SaveResearchResponse second = save(fx.createDefaultSave("Kafka deep", KAFKA_MORE).setSalience(0.9));

        assertThat(second.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_DEEP);
        assertThat(second.getCreated()).isFalse();
        assertThat(second.getKnowledgePath()).isEqualTo(first.getKnowledgePath());
        String file = KnowledgeFixtures.read(second.getKnowledgePath());
        assertThat(file).contains("**Version:** 1.1", "**Runs:** 2", "## CURRENT\n\n" + KAFKA,
                "research\n\n" + KAFKA_MORE);
        assertThat(file.indexOf("## CURRENT")).isLessThan(file.indexOf(KAFKA_MORE));
        var entry = second.getEntry();
        assertThat(entry.getId()).isEqualTo(first.getEntry().getId());
        assertThat(entry.getVersion()).isEqualTo("1.1");
        assertThat(entry.getFrequency()).isEqualTo(2);
        assertThat(entry.getInitialSalience()).isEqualTo(0.6);
        assertThat(entry.getWeightRaw()).isEqualTo(0.6 + 0.1);
        assertThat(entry.getWeightAbsolute()).isEqualTo(10 * Math.pow(Math.sin((0.6 + 0.1) / 10 * Math.PI / 2), 0.5));
        String dir = second.getKnowledgePath().substring(0, second.getKnowledgePath().lastIndexOf('/'));
        List<String> lines = KnowledgeFixtures.read(dir + "/INDEX.md").lines()
                .filter(l -> l.contains("[Kafka deep]")).toList();
        assertThat(lines).containsExactly(second.getIndexLine());
        assertThat(second.getIndexLine()).endsWith("(2 runs)");
    }

    @Test
    void aSmallAdditionIsASupplementAndOnlyTheNewParagraphIsInserted() {
        String longText = KAFKA + " " + KAFKA_MORE;
        save(fx.createDefaultSave("Kafka supplement", longText));
        String small = "Lag metrics show backlog.";

        SaveResearchResponse r = save(fx.createDefaultSave("Kafka supplement", longText + "\n\n" + small));

        assertThat(r.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_SUPPLEMENT);
        String file = KnowledgeFixtures.read(r.getKnowledgePath());
        assertThat(file).contains("research\n\n" + small + "\n").contains("**Version:** 1.1");
        assertThat(file.indexOf(longText)).isEqualTo(file.lastIndexOf(longText));
    }

    @Test
    void theCallersStatusWinsOverTheGate() {
        save(fx.createDefaultSave("Kafka caller status", KAFKA));
        SaveResearchResponse r = save(fx.createDefaultSave("Kafka caller status", KAFKA)
                .setStatus(ResearchStatus.RESEARCH_STATUS_FAILURE));
        assertThat(r.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_FAILURE);
        assertThat(r.getEntry().getFrequency()).as("a failure does not reinforce").isEqualTo(1);

        SaveResearchResponse empty = save(fx.createDefaultSave("Nothing found at all", " \n "));
        assertThat(empty.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_FAILURE);
        assertThat(empty.getKnowledgePath()).isEmpty();
        assertThat(empty.hasEntry()).isFalse();
        assertThat(KnowledgeFixtures.read(empty.getReportPath())).contains("**Knowledge file:** none");
    }

    @Test
    void aTopicWithTheSameMeaningExtendsTheExistingFile() {
        SaveResearchResponse first = save(fx.createDefaultSave("Postgres vacuum tuning", "Autovacuum thresholds and"
                + " cost limits decide how fast dead tuples are removed.").setSummary("postgres autovacuum tuning"));
        SaveResearchResponse second = save(fx.createDefaultSave("Tuning Postgres vacuum", "Freeze age settings prevent"
                + " transaction id wraparound.").setSummary("postgres autovacuum tuning"));
        assertThat(second.getKnowledgePath()).isEqualTo(first.getKnowledgePath());
        assertThat(second.getEntry().getFrequency()).isEqualTo(2);
    }

    @Test
    void replaceBlockMovesTheOldTextUnderHistory() {
        save(fx.createDefaultSave("Kafka replace", KAFKA));
        SaveResearchResponse r = save(fx.createDefaultSave("Kafka replace", KAFKA_MORE).setReplaceBlock("CURRENT")
                .setStatus(ResearchStatus.RESEARCH_STATUS_DEEP));
        String file = KnowledgeFixtures.read(r.getKnowledgePath());
        assertThat(file).contains("## CURRENT\n\n" + KAFKA_MORE + "\n", "## HISTORY\n\n### CURRENT (replaced ",
                "**Version:** 1.1");
        assertThat(file.indexOf("## HISTORY")).isLessThan(file.lastIndexOf(KAFKA));
        assertThat(file.substring(file.indexOf("## CURRENT"), file.indexOf("## HISTORY"))).doesNotContain(KAFKA);

        List<String> before = KnowledgeFixtures.listing();
        assertThatThrownBy(() -> save(fx.createDefaultSave("Kafka replace", "other text").setReplaceBlock("Nope")))
                .satisfies(e -> assertStatus(e, Status.Code.NOT_FOUND, "replace_block"));
        assertThat(KnowledgeFixtures.listing()).isEqualTo(before);
    }

    @Test
    void badSaveRequestsNameTheField() {
        assertInvalid(() -> save(fx.createDefaultSave("Topic", "x").clearSalience()), "salience");
        assertInvalid(() -> save(fx.createDefaultSave("Topic", "x").setSalience(1.5)), "salience");
        assertInvalid(() -> save(fx.createDefaultSave("", "x")), "topic");
        assertInvalid(() -> save(fx.createDefaultSave("!!! ???", "x")), "topic");
        // the limit is the field's, not the transport's: exactly 256 KiB is taken, one byte more is named
        assertThat(save(fx.createDefaultSave("At the limit", "a".repeat(256 * 1024))).getStatus())
                .isEqualTo(ResearchStatus.RESEARCH_STATUS_DEEP);
        assertInvalid(() -> save(fx.createDefaultSave("Over the limit", "a".repeat(256 * 1024 + 1))), "distillate");
        assertInvalid(() -> save(fx.createDefaultSave("Topic", "x").setPair(Pair.newBuilder().setUserId("..")
                .setAgentId("claude"))), "pair.user_id");
        assertInvalid(() -> save(fx.createDefaultSave("Topic", "x").setPair(fx.pair.toBuilder().setAgentId(".."))),
                "pair.agent_id");
        assertInvalid(() -> save(fx.createDefaultSave("Topic", "x").setPair(fx.pair.toBuilder().setAgentId("a\\b"))),
                "pair.agent_id");
        assertThatThrownBy(() -> save(fx.createDefaultSave("Topic", "x").setPair(Pair.newBuilder()
                .setUserId("someone-else:bob").setAgentId("claude"))))
                .satisfies(e -> assertStatus(e, Status.Code.PERMISSION_DENIED, "pair.user_id"));
    }

    @Test
    void pairIdsBecomeOneSafeDirectorySegment() {
        Pair odd = fx.pair("team/../x@host");
        SaveResearchResponse r = save(fx.createDefaultSave("Slash ids", KAFKA).setPair(odd));
        assertThat(r.getKnowledgePath()).startsWith("claude/" + fx.tenant + "%3Ateam%2F..%2Fx%40host/");
        assertThat(KnowledgeFixtures.file(r.getKnowledgePath()).getParent().getParent())
                .isEqualTo(KnowledgeFixtures.root().resolve("claude"));
    }

    @Test
    void structureListsTheBlocksAndReadBlockReturnsOne() {
        SaveResearchResponse r = save(fx.createDefaultSave("Kafka structure", "# Top\n\n" + KAFKA + "\n\n## Details\n\n"
                + KAFKA_MORE));
        var structure = stub().structure(KnowledgeStructureRequest.newBuilder().setPair(fx.pair)
                .setPath(r.getKnowledgePath()).build());
        assertThat(structure.getTitle()).isEqualTo("Kafka structure");
        assertThat(structure.getVersion()).isEqualTo("1.0");
        assertThat(structure.getBlocksList()).extracting(KnowledgeBlockInfo::getHeading, KnowledgeBlockInfo::getLevel)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("CURRENT", 2),
                        org.assertj.core.groups.Tuple.tuple("Top", 3),
                        org.assertj.core.groups.Tuple.tuple("Details", 3));
        assertThat(structure.getBlocks(2).getChars()).isEqualTo(KAFKA_MORE.length());

        String fileName = r.getKnowledgePath().substring(r.getKnowledgePath().lastIndexOf('/') + 1);
        var block = stub().readBlock(ReadKnowledgeBlockRequest.newBuilder().setPair(fx.pair).setPath(fileName)
                .setHeading("Details").build());
        assertThat(block.getText()).isEqualTo(KAFKA_MORE);
        assertThat(block.getPath()).isEqualTo(r.getKnowledgePath());

        assertThatThrownBy(() -> stub().readBlock(ReadKnowledgeBlockRequest.newBuilder().setPair(fx.pair)
                .setPath(fileName).setHeading("Missing").build()))
                .satisfies(e -> assertStatus(e, Status.Code.NOT_FOUND, "heading"));
        assertThatThrownBy(() -> stub().structure(KnowledgeStructureRequest.newBuilder().setPair(fx.pair)
                .setPath("2020-01-01_nobody_none_knowledge.md").build()))
                .satisfies(e -> assertStatus(e, Status.Code.NOT_FOUND, "path"));
    }

    @Test
    void everyPathEscapeIsRejectedAndNothingIsReadOrWritten() throws Exception {
        SaveResearchResponse mine = save(fx.createDefaultSave("Kafka paths", KAFKA));
        SaveResearchResponse theirs = save(fx.createDefaultSave("Secret of bob", "Bob's secret text.")
                .setPair(fx.pair("bob")));
        String myDir = mine.getKnowledgePath().substring(0, mine.getKnowledgePath().lastIndexOf('/'));
        java.nio.file.Path outside = Files.writeString(KnowledgeFixtures.root().resolve(fx.tenant + "-outside.md"),
                "# outside\n\n## CURRENT\n\nsecret\n");
        java.nio.file.Path link = KnowledgeFixtures.file(myDir + "/link-out.md");
        Files.createSymbolicLink(link, outside);
        String theirName = theirs.getKnowledgePath().substring(theirs.getKnowledgePath().lastIndexOf('/') + 1);
        List<String> escapes = List.of("../" + theirName, "../../" + theirs.getKnowledgePath(),
                "/etc/passwd", KnowledgeFixtures.file(mine.getKnowledgePath()).toString(), "..\\INDEX.md",
                "a\\..\\b.md", "\u2024\u2024/x.md", "\uFF0E\uFF0E/x.md", "..\u2215x.md",
                "claude/" + fx.tenant + "%3Aalice/../" + fx.tenant + "%3Abob/" + theirName,
                theirs.getKnowledgePath(), "./" + theirName, "link-out.md", myDir + "/link-out.md", "", "INDEX",
                "caf\u00e9.md", "%2e%2e/x.md/..");
        List<String> before = KnowledgeFixtures.listing();
        for (String path : escapes) {
            assertThatThrownBy(() -> stub().structure(KnowledgeStructureRequest.newBuilder().setPair(fx.pair)
                    .setPath(path).build())).as(path).satisfies(e -> assertStatus(e, Status.Code.INVALID_ARGUMENT, "path"));
            assertThatThrownBy(() -> stub().readBlock(ReadKnowledgeBlockRequest.newBuilder().setPair(fx.pair)
                    .setPath(path).setHeading("CURRENT").build())).as(path)
                    .satisfies(e -> assertStatus(e, Status.Code.INVALID_ARGUMENT, "path"));
        }
        // NUL is removed from every text of a request (tenancy's RequestText): "x.md\0" is x.md, which is not there
        assertThatThrownBy(() -> stub().structure(KnowledgeStructureRequest.newBuilder().setPair(fx.pair)
                .setPath("x.md\u0000").build()))
                .satisfies(e -> assertStatus(e, Status.Code.NOT_FOUND, "path: no library file 'x.md'"));
        assertThat(KnowledgeFixtures.listing()).isEqualTo(before);
        Files.delete(link);
        Files.delete(outside);
    }

    @Test
    void aQuestionWithSomeOfAnEntrysWordsFindsItWithoutNeedingEveryWord() {
        SaveResearchResponse iterative = save(fx.createDefaultSave("Iterative index scans",
                "pgvector keeps scanning an HNSW index when a filter removes candidates (hnsw.iterative_scan);"
                        + " without it a filtered query can return fewer rows than its LIMIT.")
                .setSalience(0.8));
        // "too" and "few" are stop words, "returns" and "rows" stem to the entry's words: every remaining word is held
        SearchKnowledgeResponse hits = stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setQuery("HNSW filter returns too few rows").build());
        assertThat(hits.getHitsList()).extracting(h -> h.getEntry().getId()).contains(iterative.getEntry().getId());
        // one word of it is not enough to be an answer
        SearchKnowledgeResponse weak = stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setQuery("rows of a spreadsheet in Excel macros").build());
        assertThat(weak.getHitsList()).extracting(h -> h.getEntry().getId()).doesNotContain(iterative.getEntry().getId());
    }

    @Test
    void searchStaysInThePairAndAlwaysAnswersWithAFootprint() {
        SaveResearchResponse kafka = save(fx.createDefaultSave("Kafka search", KAFKA).addKeywords("Kafka")
                .setSalience(0.8));
        save(fx.createDefaultSave("Kafka for bob", KAFKA).setPair(fx.pair("bob")));

        SearchKnowledgeResponse hits = stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setQuery("kafka rebalance").build());
        assertThat(hits.getHitsList()).isNotEmpty().allSatisfy(h -> assertThat(h.getEntry().getPair()).isEqualTo(fx.pair));
        assertThat(hits.getHits(0).getEntry().getId()).isEqualTo(kafka.getEntry().getId());
        assertThat(hits.getHits(0).getStage2Recommended()).isTrue();
        assertThat(hits.getHits(0).hasCosine()).isTrue();
        assertThat(hits.getFootprint().getScope()).isEqualTo("pair claude/" + fx.tenant + ":alice");
        assertThat(hits.getFootprint().getThreshold()).isEqualTo(1 - 0.4);
        assertThat(hits.getSemanticSkipped()).isFalse();

        SearchKnowledgeResponse none = stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setQuery("zebra giraffe savanna").build());
        assertThat(none.getHitsList()).isEmpty();
        assertThat(none.hasFootprint()).isTrue();
        assertThat(none.getFootprint().getStoreSize()).isPositive();
        assertThat(none.getFootprint().hasNearestScore()).isTrue();
        assertThat(none.getFootprint().getNearestScore()).isLessThan(0.6);

        SearchKnowledgeResponse reports = stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setQuery("kafka search").setType(KnowledgeType.KNOWLEDGE_TYPE_REPORT).build());
        assertThat(reports.getHitsList()).isNotEmpty()
                .allSatisfy(h -> assertThat(h.getEntry().getType()).isEqualTo(KnowledgeType.KNOWLEDGE_TYPE_REPORT));

        assertInvalid(() -> stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair).setQuery(" ").build()),
                "query");
        assertInvalid(() -> stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setQuery("q".repeat(4097)).build()), "query");
    }

    @Test
    void deactivateHidesFromSearchAndReactivateBringsItBack() {
        SaveResearchResponse r = save(fx.createDefaultSave("Hidden topic walrus", "Walrus tusks grow for life."));
        long id = r.getEntry().getId();
        SearchKnowledgeRequest query = SearchKnowledgeRequest.newBuilder().setPair(fx.pair).setQuery("walrus").build();
        assertThat(stub().search(query).getHitsList()).extracting(h -> h.getEntry().getId()).contains(id);

        var off = stub().deactivate(DeactivateKnowledgeRequest.newBuilder().setPair(fx.pair).setId(id).build());
        assertThat(off.getEntry().getActive()).isFalse();
        assertThat(stub().search(query).getHitsList()).extracting(h -> h.getEntry().getId()).doesNotContain(id);
        assertThat(Files.exists(KnowledgeFixtures.file(r.getKnowledgePath()))).as("the file is kept").isTrue();

        var on = stub().reactivate(ReactivateKnowledgeRequest.newBuilder().setPair(fx.pair).setId(id).build());
        assertThat(on.getEntry().getActive()).isTrue();
        assertThat(on.getEntry().getWeightRaw()).isEqualTo(0.5);
        assertThat(stub().search(query).getHitsList()).extracting(h -> h.getEntry().getId()).contains(id);

        assertThatThrownBy(() -> stub().deactivate(DeactivateKnowledgeRequest.newBuilder().setPair(fx.pair("bob"))
                .setId(id).build())).satisfies(e -> assertStatus(e, Status.Code.PERMISSION_DENIED, "id"));
        // another tenant's id is not found, exactly as an unknown one: its existence is not disclosed
        KnowledgeFixtures foreign = new KnowledgeFixtures();
        assertThatThrownBy(() -> foreign.stub(channel).deactivate(DeactivateKnowledgeRequest.newBuilder()
                .setPair(foreign.pair).setId(id).build())).satisfies(e -> assertStatus(e, Status.Code.NOT_FOUND,
                        "id: no knowledge entry " + id));
        assertThatThrownBy(() -> stub().reactivate(ReactivateKnowledgeRequest.newBuilder().setPair(fx.pair)
                .setId(Long.MAX_VALUE).build())).satisfies(e -> assertStatus(e, Status.Code.NOT_FOUND, "id"));
        assertInvalid(() -> stub().deactivate(DeactivateKnowledgeRequest.newBuilder().setPair(fx.pair).build()), "id");
    }

    @Test
    void theDistillateGoesToMemoryWithTheObserverOfTheRun() {
        SaveResearchResponse user = save(fx.createDefaultSave("Feedback user", KAFKA).setSalience(0.7));
        SaveResearchResponse assistant = save(fx.createDefaultSave("Feedback assistant", KAFKA_MORE)
                .setObserver(Observer.OBSERVER_ASSISTANT).setSalience(0.4));
        save(fx.createDefaultSave("Feedback user", KAFKA));

        List<WriteEntryRequest> writes = ServiceDoubles.get().calls(fx.tenant, "WriteEntry").stream()
                .map(c -> (WriteEntryRequest) c.request()).toList();
        assertThat(writes).hasSize(2);
        assertThat(user.getMemoryEntryId()).isPositive();
        WriteEntryRequest u = writes.get(0);
        assertThat(u.getPair()).isEqualTo(fx.pair);
        assertThat(u.getObserver()).isEqualTo(Observer.OBSERVER_USER);
        assertThat(u.getSalience()).isEqualTo(0.7);
        assertThat(u.getContent()).isEqualTo(KAFKA);
        assertThat(u.getTopicsList()).containsExactly("Feedback user");
        assertThat(u.getEntryKey()).isEqualTo("knowledge:" + user.getEntry().getId() + ":v1.0");
        WriteEntryRequest a = writes.get(1);
        assertThat(a.getObserver()).isEqualTo(Observer.OBSERVER_ASSISTANT);
        assertThat(a.getSalience()).isEqualTo(0.4);
        assertThat(a.getEntryKey()).isEqualTo("knowledge:" + assistant.getEntry().getId() + ":v1.0");
        assertThat(assistant.getEntry().getObserver()).isEqualTo(Observer.OBSERVER_ASSISTANT);
    }

    @Test
    void withMemoryDownTheSaveStandsTheGateComparesTextAndSearchSaysSemanticSkipped() {
        save(fx.createDefaultSave("Offline topic", KAFKA));
        ServiceDoubles doubles = ServiceDoubles.get();
        doubles.memoryDown = true;
        try {
            SaveResearchResponse repeated = save(fx.createDefaultSave("Offline topic", "  " + KAFKA.toUpperCase() + "  "));
            assertThat(repeated.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_REPETITION);
            SaveResearchResponse deep = save(fx.createDefaultSave("Offline topic", KAFKA_MORE));
            assertThat(deep.getStatus()).isEqualTo(ResearchStatus.RESEARCH_STATUS_DEEP);
            assertThat(deep.getMemoryEntryId()).isZero();
            SearchKnowledgeResponse search = stub().search(SearchKnowledgeRequest.newBuilder().setPair(fx.pair)
                    .setQuery("offline topic").build());
            assertThat(search.getSemanticSkipped()).isTrue();
            assertThat(search.getFootprint().hasNearestScore()).isFalse();
            assertThat(search.getHitsList()).isNotEmpty();
        } finally {
            doubles.memoryDown = false;
        }
    }

    static void assertInvalid(org.assertj.core.api.ThrowableAssert.ThrowingCallable call, String field) {
        assertThatThrownBy(call).satisfies(e -> assertStatus(e, Status.Code.INVALID_ARGUMENT, field));
    }

    static void assertStatus(Throwable e, Status.Code code, String field) {
        assertThat(e).isInstanceOf(StatusRuntimeException.class);
        Status status = ((StatusRuntimeException) e).getStatus();
        assertThat(status.getCode()).as(String.valueOf(status.getDescription())).isEqualTo(code);
        assertThat(status.getDescription()).startsWith(field);
    }
}
