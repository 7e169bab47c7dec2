package dev.brain.gateway.research;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.gateway.auth.Caller;
import dev.brain.gateway.client.ResearchServiceClient;
import dev.brain.gateway.memory.AgentMemory;
import dev.brain.gateway.research.ResearchViews.BlockInfo;
import dev.brain.gateway.research.ResearchViews.BlockRead;
import dev.brain.gateway.research.ResearchViews.EntryView;
import dev.brain.gateway.research.ResearchViews.Footprint;
import dev.brain.gateway.research.ResearchViews.KnowledgeHitView;
import dev.brain.gateway.research.ResearchViews.KnowledgeSearch;
import dev.brain.gateway.research.ResearchViews.Saved;
import dev.brain.gateway.research.ResearchViews.Structure;
import dev.brain.grpc.v1.DeactivateKnowledgeRequest;
import dev.brain.grpc.v1.KnowledgeEntry;
import dev.brain.grpc.v1.KnowledgeHit;
import dev.brain.grpc.v1.KnowledgeStructureRequest;
import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.Pair;
import dev.brain.grpc.v1.ReactivateKnowledgeRequest;
import dev.brain.grpc.v1.ReadKnowledgeBlockRequest;
import dev.brain.grpc.v1.ResearchMode;
import dev.brain.grpc.v1.ResearchReport;
import dev.brain.grpc.v1.ResearchStatus;
import dev.brain.grpc.v1.SaveResearchRequest;
import dev.brain.grpc.v1.SaveResearchResponse;
import dev.brain.grpc.v1.SearchFootprint;
import dev.brain.grpc.v1.SearchKnowledgeRequest;
import dev.brain.grpc.v1.SearchKnowledgeResponse;
import dev.brain.tenancy.RequestText;
import io.smallrye.mutiny.Uni;

/**
 * The knowledge library of a caller (research.md §2): the pair is the memory pair (user = the token's tenant,
 * agent = the {@code agent} argument, default claude; see {@link AgentMemory#pair}); validates the arguments (a
 * one-line reason naming the field) and calls research-service's {@code KnowledgeService}.
 */
@ApplicationScoped
public class LibraryAccess {

    static final int DEFAULT_LIMIT = 5;
    static final int MAX_LIMIT = 20;
    static final int MAX_QUERY_BYTES = 4096;
    static final int MAX_DISTILLATE_BYTES = 256 * 1024;
    static final int MAX_TOPIC_CHARS = 200;
    static final int MAX_PATH_CHARS = 1000;
    /** Library paths are ASCII by construction: agent and user ids, a date, a topic slug. */
    static final Pattern PATH = Pattern.compile("[A-Za-z0-9._:@/-]+");

    private final ResearchServiceClient research;

    public LibraryAccess(ResearchServiceClient research) {
        this.research = research;
    }

    /** knowledge_search: stage 1, metadata of the pair's entries with the search footprint. */
    public Uni<KnowledgeSearch> search(Caller caller, String query, Integer limit, String agent) {
        String tenant = caller.tenant();
        String text = required("query", query).strip();
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_QUERY_BYTES) {
            throw new IllegalArgumentException("query: " + bytes + " bytes, at most " + MAX_QUERY_BYTES + " (4 KiB)");
        }
        Pair pair = AgentMemory.pair(caller, agent);
        SearchKnowledgeRequest request = SearchKnowledgeRequest.newBuilder().setPair(pair).setQuery(text)
                .setLimit(ResearchIntelligence.limit(limit, DEFAULT_LIMIT, MAX_LIMIT)).build();
        return research.searchKnowledge(tenant, request).map(r -> search(text, pair, r));
    }

    /** knowledge_read without heading: stage 2, the file's block structure. */
    public Uni<Structure> structure(Caller caller, String path, String agent) {
        String tenant = caller.tenant();
        String p = path(path);
        return research.structure(tenant, KnowledgeStructureRequest.newBuilder()
                .setPair(pair(caller.memoryUser(), p, agent)).setPath(p).build())
                .map(r -> new Structure(2, r.getPath(), r.getTitle(), r.getVersion(), r.getBlocksList().stream()
                        .map(b -> new BlockInfo(b.getHeading(), b.getLevel(), b.getChars())).toList()));
    }

    /** knowledge_read with heading: stage 2, one block's text. */
    public Uni<BlockRead> block(Caller caller, String path, String heading, String agent) {
        String tenant = caller.tenant();
        String p = path(path);
        String h = required("heading", heading).strip();
        return research.readBlock(tenant, ReadKnowledgeBlockRequest.newBuilder()
                .setPair(pair(caller.memoryUser(), p, agent)).setPath(p).setHeading(h).build())
                .map(r -> new BlockRead(2, r.getPath(), new ResearchViews.Block(r.getHeading(), r.getText())));
    }

    /** knowledge_save: a research result through the keep/discard gate. */
    public Uni<Saved> save(Caller caller, ResearchInputs.SaveKnowledge in) {
        String tenant = caller.tenant();
        if (in == null) {
            throw new IllegalArgumentException("body: a JSON object with topic, distillate and salience is required");
        }
        String topic = required("topic", in.topic()).strip();
        if (topic.length() > MAX_TOPIC_CHARS) {
            throw new IllegalArgumentException("topic: " + topic.length() + " characters, at most " + MAX_TOPIC_CHARS);
        }
        if (in.distillate() == null) {
            throw new IllegalArgumentException("distillate: is required (the distilled knowledge, markdown)");
        }
        int bytes = in.distillate().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_DISTILLATE_BYTES) {
            throw new IllegalArgumentException(
                    "distillate: " + bytes + " bytes, at most " + MAX_DISTILLATE_BYTES + " (256 KiB)");
        }
        double salience = salience(in.salience());
        ResearchStatus status = in.status() == null || in.status().isBlank() ? ResearchStatus.RESEARCH_STATUS_UNSPECIFIED
                : ResearchIntelligence.parse(ResearchStatus.class, "status", in.status());
        ResearchMode mode = in.mode() == null || in.mode().isBlank() ? ResearchMode.RESEARCH_MODE_RESEARCH
                : ResearchIntelligence.parse(ResearchMode.class, "mode", in.mode());
        boolean forUser = in.for_user() == null || in.for_user();
        Pair pair = AgentMemory.pair(caller, in.agent());
        SaveResearchRequest.Builder request = SaveResearchRequest.newBuilder().setPair(pair).setTopic(topic)
                .setDistillate(in.distillate()).setStatus(status).setSalience(salience).setMode(mode)
                .setObserver(forUser ? Observer.OBSERVER_USER : Observer.OBSERVER_ASSISTANT)
                .setReport(ResearchReport.newBuilder().setMarkdown(in.report() == null ? "" : in.report())
                        .setTrigger(forUser ? "user" : "agent"));
        if (in.replace_block() != null && !in.replace_block().isBlank()) {
            request.setReplaceBlock(in.replace_block().strip());
        }
        if (in.summary() != null && !in.summary().isBlank()) {
            request.setSummary(in.summary().strip());
        }
        if (in.keywords() != null) {
            for (int i = 0; i < in.keywords().size(); i++) {
                request.addKeywords(required("keywords[" + i + "]", in.keywords().get(i)).strip());
            }
        }
        return research.saveResearch(tenant, request.build()).map(r -> saved(r, pair));
    }

    /** Hides an entry of the pair from search (its file is kept). */
    public Uni<EntryView> deactivate(Caller caller, long id, String agent) {
        String tenant = caller.tenant();
        return research.deactivate(tenant, DeactivateKnowledgeRequest.newBuilder().setPair(AgentMemory.pair(caller, agent))
                .setId(entryId(id)).build()).map(r -> entry(r.getEntry()));
    }

    /** Makes an entry of the pair searchable again with its salience reset. */
    public Uni<EntryView> reactivate(Caller caller, long id, String agent) {
        String tenant = caller.tenant();
        return research.reactivate(tenant, ReactivateKnowledgeRequest.newBuilder().setPair(AgentMemory.pair(caller, agent))
                .setId(entryId(id)).build()).map(r -> entry(r.getEntry()));
    }

    // ---- arguments ------------------------------------------------------------------------------------------

    static String required(String field, String value) {
        if (value == null || RequestText.blank(value)) { // invisible-only text is blank too (tenancy's one rule)
            throw new IllegalArgumentException(field + ": is required and must not be blank");
        }
        return value;
    }

    static double salience(Double salience) {
        if (salience == null) {
            throw new IllegalArgumentException("salience: is required (0-1: how much this knowledge matters)");
        }
        if (!Double.isFinite(salience) || salience < 0 || salience > 1) {
            throw new IllegalArgumentException("salience: " + salience + " is outside 0-1");
        }
        return salience;
    }

    static long entryId(long id) {
        if (id <= 0) {
            throw new IllegalArgumentException("id: must be a positive library entry id, was " + id);
        }
        return id;
    }

    /**
     * A library path as search and save return it ({@code agent/user/file.md}) or a bare file name; nothing that
     * could leave the pair directory: no {@code ..} or {@code .} segment, no absolute path, ASCII only (the
     * service checks again).
     */
    static String path(String path) {
        String p = required("path", path).strip();
        if (p.length() > MAX_PATH_CHARS) {
            throw new IllegalArgumentException("path: " + p.length() + " characters, at most " + MAX_PATH_CHARS);
        }
        if (!PATH.matcher(p).matches()) {
            throw new IllegalArgumentException(
                    "path: '" + p + "' is not a library path (letters, digits, '.', '_', '-', ':', '@', '/')");
        }
        if (p.startsWith("/")) {
            throw new IllegalArgumentException(
                    "path: '" + p + "' is absolute; library paths are relative (agent/user/file.md)");
        }
        for (String segment : p.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException(
                        "path: '" + p + "' leaves or skips a directory; library paths stay in the pair directory");
            }
        }
        return p;
    }

    /**
     * The pair of a read: the {@code agent} argument, else the agent named by a full path of this memory user
     * ({@code agent/user/file.md}), else claude.
     */
    static Pair pair(String memoryUser, String path, String agent) {
        if (agent == null || agent.isBlank()) {
            String[] segments = path.split("/");
            if (segments.length >= 3 && segments[segments.length - 2].equals(memoryUser)) {
                agent = String.join("/", List.of(segments).subList(0, segments.length - 2));
            }
        }
        return AgentMemory.pair(memoryUser, agent);
    }

    // ---- answers --------------------------------------------------------------------------------------------

    static String pairName(Pair pair) {
        return pair.getAgentId() + "/" + pair.getUserId();
    }

    static KnowledgeSearch search(String query, Pair pair, SearchKnowledgeResponse r) {
        List<KnowledgeHitView> hits = r.getHitsList().stream().map(LibraryAccess::hit).toList();
        SearchFootprint f = r.getFootprint();
        Footprint footprint = new Footprint(f.getStoreSize(), f.hasNearestScore() ? f.getNearestScore() : null,
                f.getThreshold(), f.getScope().isBlank() ? "pair " + pairName(pair) : f.getScope());
        return new KnowledgeSearch(1, query, pairName(pair), hits, footprint, r.getSemanticSkipped());
    }

    private static KnowledgeHitView hit(KnowledgeHit h) {
        KnowledgeEntry e = h.getEntry();
        return new KnowledgeHitView(e.getId(), e.getTopic(), e.getSummary(), e.getPath(), h.getScore(),
                h.hasCosine() ? h.getCosine() : null, h.getStage2Recommended(), e.getWeightDecay());
    }

    static Saved saved(SaveResearchResponse r, Pair pair) {
        return new Saved(ResearchProtos.name(r.getStatus()), blank(r.getKnowledgePath()),
                blank(r.getReportPath()), blank(r.getIndexLine()), r.hasEntry() ? r.getEntry().getId() : null,
                r.getCreated(), r.hasEntry() ? blank(r.getEntry().getVersion()) : null,
                r.getMemoryEntryId() == 0 ? null : r.getMemoryEntryId(), pairName(pair));
    }

    static EntryView entry(KnowledgeEntry e) {
        return new EntryView(e.getId(), e.getTopic(), e.getPath(), ResearchProtos.name(e.getType()),
                ResearchProtos.name(e.getStatus()), e.getActive(), e.getWeightDecay(),
                e.getFrequency(), blank(e.getVersion()));
    }

    private static String blank(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
