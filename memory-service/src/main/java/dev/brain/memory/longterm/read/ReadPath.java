package dev.brain.memory.longterm.read;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.brain.db.search.Bm25;
import dev.brain.db.search.ReciprocalRank;
import dev.brain.memory.config.MemoryConfig;
import dev.brain.memory.log.repository.PipelineLogLines;
import dev.brain.memory.longterm.read.ReadModel.Memory;
import dev.brain.memory.longterm.read.ReadModel.Query;
import dev.brain.memory.longterm.read.ReadModel.Result;
import dev.brain.memory.longterm.read.ReadModel.ShiftComponent;
import dev.brain.memory.longterm.repository.LexicalRepository;
import dev.brain.memory.longterm.repository.LongTermRepository;
import dev.brain.memory.longterm.repository.LongTermRepository.Scored;
import dev.brain.memory.longterm.repository.LongTermRepository.Step;
import dev.brain.memory.longterm.repository.NodeRow;
import dev.brain.memory.longterm.vectors.TextVectors;
import dev.brain.memory.longterm.vectors.Vectors;
import io.grpc.Status;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The passive read path of memory.md §9, in two rankings. Relevance (the default): a vector list, a lexical list
 * (BM25 over full text with the pair's own statistics) and an associative list (the neighbours of the best of those
 * over their strongest edges) fused by reciprocal rank, so memories come by how well they answer the query, each
 * with the path that brought it up. Strength (the seed's): anchors by cosine (shell 0), then per shell one statement
 * that follows the K strongest outgoing edges of every entry (predecessor lock), dedup by smallest shell, sort by
 * decay weight × shell factor × sector factor. Both optionally render the block. Never writes nodes or edges;
 * writes only the turn record and one pipeline-log line, in one transaction with the reads.
 */
@ApplicationScoped
public class ReadPath {

    /** One entry of the pool: a node reached in a shell from a predecessor over a path. */
    private record Entry(long node, long predecessor, int shell, double lastWeight, List<Step> path, int produced) {
    }

    private final LongTermRepository repository;
    private final LexicalRepository lexical;
    private final TextVectors vectors;
    private final Emotions emotions;
    private final MemoryConfig config;
    private final PipelineLogLines log;
    private final ObjectMapper json;
    private final Clock clock;
    /** Embeds the questions of reads (daemon threads, one per core: the model is CPU-bound). */
    private final ExecutorService questions = Executors.newFixedThreadPool(
            Math.max(2, Runtime.getRuntime().availableProcessors()), runnable -> {
                Thread thread = new Thread(runnable, "memory-read-question");
                thread.setDaemon(true);
                return thread;
            });

    public ReadPath(LongTermRepository repository, LexicalRepository lexical, TextVectors vectors, Emotions emotions,
            MemoryConfig config, PipelineLogLines log, ObjectMapper json, Clock clock) {
        this.repository = repository;
        this.lexical = lexical;
        this.vectors = vectors;
        this.emotions = emotions;
        this.config = config;
        this.log = log;
        this.json = json;
        this.clock = clock;
    }

    public Result read(Query query) {
        long started = System.nanoTime();
        Log.debugf("read pair=%s/%s turn=%s hops=%d", query.userId(), query.agentId(), query.turnId(), query.hops());
        boolean shifting = query.shiftFactor() > 0 && !query.shift().isEmpty();
        if (query.queryVector() == null && !shifting) {
            // the question is embedded while the transaction reads what needs no vector (the lexical list, the
            // counts): on a pair of 100k nodes each took ~10 ms of a read; the connection waits for the vector
            CompletableFuture<float[]> pending = CompletableFuture
                    .supplyAsync(() -> embed(List.of(query.queryText())).get(0), questions);
            return QuarkusTransaction.requiringNew()
                    .call(() -> readInTransaction(query, () -> await(pending), false, started));
        }
        float[] q = query.queryVector() != null ? query.queryVector() : embed(List.of(query.queryText())).get(0);
        boolean shifted = false;
        if (shifting) {
            List<String> texts = query.shift().stream().map(ShiftComponent::text).filter(t -> t != null).toList();
            List<float[]> embedded = texts.isEmpty() ? List.of() : embed(texts);
            float[][] components = new float[query.shift().size()][];
            double[] strengths = new double[components.length];
            int t = 0;
            for (int i = 0; i < components.length; i++) {
                ShiftComponent c = query.shift().get(i);
                components[i] = c.vector() != null ? c.vector() : embedded.get(t++);
                strengths[i] = c.strength();
            }
            float[] moved = Vectors.shift(q, query.shiftFactor(), components, strengths);
            if (moved == null) {
                throw Status.INVALID_ARGUMENT.withDescription("shift: the shifted query vector has no direction")
                        .asRuntimeException();
            }
            q = moved;
            shifted = true;
        }
        float[] queryVector = q;
        boolean wasShifted = shifted;
        return QuarkusTransaction.requiringNew()
                .call(() -> readInTransaction(query, () -> queryVector, wasShifted, started));
    }

    private static float[] await(CompletableFuture<float[]> pending) {
        try {
            return pending.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    @PreDestroy
    void stop() {
        questions.shutdownNow();
    }

    private List<float[]> embed(List<String> texts) {
        try {
            return vectors.embed(texts);
        } catch (io.grpc.StatusRuntimeException e) {
            throw e;
        } catch (RuntimeException e) {
            throw Status.UNAVAILABLE.withDescription("embedding provider unavailable: " + e.getMessage())
                    .asRuntimeException();
        }
    }

    private Result readInTransaction(Query query, Supplier<float[]> vector, boolean shifted, long started) {
        String user = query.userId();
        String agent = query.agentId();
        if (query.turnId() != null) {
            repository.turnOwner(query.turnId()).filter(o -> !o.is(user, agent)).ifPresent(o -> {
                throw turnOfOtherPair(query.turnId());
            });
        }
        Optional<Integer> current = emotions.sector(query.currentEmotion());
        MemoryConfig.Read read = config.read();
        int exactMax = config.vector().exactScanMaxNodes();
        // the recorded count first: counting up to 5,001 active nodes through the index (heap visits after every
        // decay run) was ~5–14 ms of a read on a large pair; a small recorded count is still checked by counting
        boolean exact = repository.recordedActiveCount(user, agent) <= exactMax
                && repository.activeCountUpTo(user, agent, exactMax + 1) <= exactMax;
        if (query.ranking() == ReadModel.Ranking.RELEVANCE) {
            return byRelevance(query, vector, shifted, started, current, exact);
        }
        float[] q = vector.get();
        List<Scored> anchors = repository.nearestActive(user, agent, q, query.observers(), read.anchorCount(), exact,
                config.vector().hnswEfSearch()).stream().filter(s -> s.cosine() >= read.anchorMinCosine()).toList();

        List<Entry> produced = new ArrayList<>();
        List<Entry> frontier = new ArrayList<>();
        for (Scored anchor : anchors) {
            Entry e = new Entry(anchor.id(), 0, 0, Double.NaN, List.of(), produced.size());
            produced.add(e);
            frontier.add(e);
        }
        for (int shell = 1; shell <= query.hops() && !frontier.isEmpty(); shell++) {
            frontier = expand(query, frontier, shell, read.kPerShell().get(shell - 1), produced);
        }

        Map<Long, Entry> best = new LinkedHashMap<>();
        for (Entry e : produced) {
            best.merge(e.node(), e, (kept, candidate) -> better(candidate, kept) ? candidate : kept);
        }
        Map<Long, NodeRow> nodes = repository.nodes(user, agent, List.copyOf(best.keySet()));
        record Ranked(Entry entry, NodeRow node, double sortWeight) {
        }
        List<Ranked> pool = new ArrayList<>();
        for (Entry e : best.values()) {
            NodeRow node = nodes.get(e.node());
            if (node == null) {
                continue; // deleted between the statements of this transaction: not part of the pool
            }
            double weight = node.decayWeight() * read.shellFactors().get(e.shell())
                    * emotions.factor(current, node.emotion());
            pool.add(new Ranked(e, node, weight));
        }
        pool.sort(Comparator.comparingDouble(Ranked::sortWeight).reversed()
                .thenComparingInt(s -> s.entry().shell())
                .thenComparing(Comparator.comparingDouble((Ranked s) -> s.node().decayWeight()).reversed())
                .thenComparingLong(s -> s.node().id()));
        List<Memory> memories = new ArrayList<>();
        for (Ranked s : pool.subList(0, Math.min(query.limit(), pool.size()))) {
            memories.add(new Memory(memories.size() + 1, s.node(), s.entry().shell(), s.sortWeight(), s.entry().path()));
        }

        return finish(query, memories, anchors.size(), pool.size(), shifted, current, exact, started);
    }

    /** The block, the turn record and the log line of a read; the result. */
    private Result finish(Query query, List<Memory> memories, int anchorsFound, int poolSize, boolean shifted,
            Optional<Integer> current, boolean exact, long started) {
        String user = query.userId();
        String agent = query.agentId();
        String block = "";
        if (query.render() != null) {
            Map<Long, String> names = new HashMap<>(query.render().entityNames());
            TreeSet<Long> missing = new TreeSet<>();
            memories.forEach(m -> m.path().forEach(step -> step.sharedEntityIds().stream()
                    .filter(id -> !names.containsKey(id)).forEach(missing::add)));
            names.putAll(repository.entityNames(user, agent, List.copyOf(missing)));
            block = BlockRenderer.render(memories, query.render(), names, BlockRenderer.asksWhen(query.queryText()));
        }

        if (query.turnId() != null) {
            List<Long> ids = memories.stream().map(m -> m.node().id()).toList();
            if (!repository.recordTurn(query.turnId(), user, agent, ids, OffsetDateTime.now(clock))) {
                throw turnOfOtherPair(query.turnId());
            }
        }
        Result result = new Result(memories, anchorsFound, query.hops(), poolSize, shifted, current, block,
                query.ranking());
        logLine(query, result, exact, (System.nanoTime() - started) / 1_000_000);
        return result;
    }

    /**
     * §9 relevance ranking. Two ranked lists fused by reciprocal rank (Σ w / (k + rank), k {@code read.fusion-k}):
     * the lexical matches by BM25 (weight 1; candidates: the nodes holding a query lexeme that is not common in the
     * pair, at most {@code read.lexical-candidates}) and the {@code read.dense-candidates} nearest nodes by cosine
     * (weight {@code read.dense-weight}). With hops ≥ 1 each candidate then passes a share of its score
     * ({@code read.context-weights}) to the memories remembered one and two places before and after it in the same
     * episode — its context in the conversation it came from; a memory that is only context came up "close in time"
     * via its candidate (shell 1, that step in its path). Times the sector factor; the top {@code limit}.
     */
    private Result byRelevance(Query query, Supplier<float[]> vector, boolean shifted, long started,
            Optional<Integer> current, boolean exact) {
        String user = query.userId();
        String agent = query.agentId();
        MemoryConfig.Read read = config.read();
        List<Long> lexicalList = lexicalList(query, read);
        List<Long> dense = repository.nearestActive(user, agent, vector.get(), query.observers(),
                read.denseCandidates(), exact, config.vector().hnswEfSearch()).stream()
                .filter(s -> s.cosine() >= read.denseMinCosine()).map(Scored::id).toList();
        LinkedHashMap<Long, Double> direct = ReciprocalRank.fuse(List.of(lexicalList, dense),
                new double[] { 1, read.denseWeight() }, read.fusionK());
        // the best candidates pass their context on (a weak candidate's share cannot reach the result)
        List<Long> seeds = direct.keySet().stream().limit(read.contextCandidates()).toList();
        Map<Long, NodeRow> rows = new HashMap<>(repository.nodes(user, agent, seeds));
        List<LexicalRepository.Neighbour> neighbours = query.hops() == 0 || seeds.isEmpty() ? List.of()
                : lexical.rememberedNext(user, agent, seeds.stream().map(rows::get).filter(java.util.Objects::nonNull)
                        .toList(), read.contextWeights().size(), read.contextWindow(), query.observers());
        LinkedHashMap<Long, Relevance.Contextual> scored = Relevance.withContext(direct, neighbours,
                read.contextWeights());
        List<Long> ranked = List.copyOf(scored.keySet());
        List<Long> missing = ranked.subList(0, Math.min(ranked.size(), query.limit() * 3)).stream()
                .filter(id -> !rows.containsKey(id)).toList();
        rows.putAll(repository.nodes(user, agent, missing));
        record Ranked(long id, NodeRow node, double score, Long via) {
        }
        List<Ranked> pool = new ArrayList<>();
        for (Long id : ranked) {
            NodeRow node = rows.get(id);
            if (node == null) {
                continue;
            }
            Relevance.Contextual c = scored.get(id);
            pool.add(new Ranked(id, node, c.score() * emotions.factor(current, node.emotion()),
                    direct.containsKey(id) ? null : c.via()));
        }
        pool.sort(Comparator.comparingDouble(Ranked::score).reversed().thenComparingLong(Ranked::id));
        List<Memory> memories = new ArrayList<>();
        for (Ranked r : pool.subList(0, Math.min(query.limit(), pool.size()))) {
            // a memory that is only context came up close in time via its candidate: no stored edge (id 0)
            List<Step> path = r.via() == null ? List.of()
                    : List.of(new Step(0, 0, r.via(), r.id(), 0, List.of("timeline"), List.of(), List.of()));
            memories.add(new Memory(memories.size() + 1, r.node(), path.isEmpty() ? 0 : 1, r.score(), path));
        }
        int anchors = (int) memories.stream().filter(m -> m.shell() == 0).count();
        return finish(query, memories, anchors, scored.size(), shifted, current, exact, started);
    }

    /**
     * The lexical list: the query's lexemes ('english': stems, no stop words); their document frequencies in the
     * pair; candidates by the rarest lexemes held by at most {@code read.lexical-common-share} of the pair's nodes,
     * within {@code read.lexical-postings} (else by the rarest one); scored by BM25 over every query lexeme; best
     * first.
     */
    private List<Long> lexicalList(Query query, MemoryConfig.Read read) {
        if (query.queryText() == null || query.queryText().isBlank()) {
            return List.of();
        }
        List<String> lexemes = lexical.lexemes(query.queryText());
        if (lexemes.isEmpty()) {
            return List.of();
        }
        LexicalRepository.PairStats stats = lexical.stats(query.userId(), query.agentId());
        Map<String, Long> df = lexical.documentFrequencies(query.userId(), query.agentId(), lexemes);
        long common = Math.max(1, Math.round(stats.nodes() * read.lexicalCommonShare()));
        List<String> selective = Relevance.candidateLexemes(lexemes, df, common, read.lexicalPostings());
        long[] frequencies = lexemes.stream().mapToLong(l -> df.getOrDefault(l, 0L)).toArray();
        List<Bm25.Match> matches = lexical.matches(query.userId(), query.agentId(), selective, lexemes,
                query.observers(), read.lexicalCandidates());
        return Bm25.scores(matches, frequencies, stats.nodes(), stats.averageLength()).keySet().stream()
                .limit(read.denseCandidates()).toList();
    }

    /** One shell: every distinct (node, predecessor) of the frontier expanded once, in one statement. */
    private List<Entry> expand(Query query, List<Entry> frontier, int shell, int k, List<Entry> produced) {
        Map<List<Long>, Integer> inputs = new LinkedHashMap<>();
        for (Entry e : frontier) {
            inputs.putIfAbsent(List.of(e.node(), e.predecessor()), inputs.size());
        }
        long[] nodes = new long[inputs.size()];
        long[] predecessors = new long[inputs.size()];
        inputs.forEach((key, i) -> {
            nodes[i] = key.get(0);
            predecessors[i] = key.get(1);
        });
        List<List<Step>> byInput = new ArrayList<>();
        for (int i = 0; i < nodes.length; i++) {
            byInput.add(new ArrayList<>());
        }
        for (Step step : repository.shell(query.userId(), query.agentId(), nodes, predecessors, k, query.observers())) {
            byInput.get(step.input()).add(step);
        }
        List<Entry> next = new ArrayList<>();
        for (Entry e : frontier) {
            for (Step step : byInput.get(inputs.get(List.of(e.node(), e.predecessor())))) {
                List<Step> path = new ArrayList<>(e.path());
                path.add(step);
                Entry reached = new Entry(step.toNodeId(), e.node(), shell, step.absoluteWeight(), List.copyOf(path),
                        produced.size());
                produced.add(reached);
                next.add(reached);
            }
        }
        return next;
    }

    /** Dedup (§9.4): the smaller shell wins; then the higher last-edge weight; then the earlier produced. */
    private static boolean better(Entry candidate, Entry kept) {
        if (candidate.shell() != kept.shell()) {
            return candidate.shell() < kept.shell();
        }
        if (candidate.lastWeight() != kept.lastWeight()) {
            return candidate.lastWeight() > kept.lastWeight();
        }
        return candidate.produced() < kept.produced();
    }

    private void logLine(Query query, Result result, boolean exact, long durationMs) {
        ObjectNode content = json.createObjectNode();
        content.put("anchors_found", result.anchorsFound());
        content.put("hops", result.hops());
        content.put("pool_size", result.poolSize());
        content.put("shifted", result.shifted());
        content.put("current_sector", result.currentSector().map(Emotions.SECTORS::get).orElse("neutral"));
        content.put("anchor_scan", exact ? "exact" : "hnsw");
        ArrayNode returned = content.putArray("memories");
        for (Memory m : result.memories()) {
            returned.addObject().put("rank", m.rank()).put("node_id", m.node().id()).put("shell", m.shell())
                    .put("sort_weight", m.sortWeight());
        }
        content.put("duration_ms", durationMs);
        log.write(query.turnId() == null ? "background" : query.turnId(), "system", "memory.read", "computation",
                content.toString(), query.userId(), query.agentId());
    }

    static RuntimeException turnOfOtherPair(String turnId) {
        return Status.PERMISSION_DENIED.withDescription("turn_id: turn " + turnId + " was read under another pair")
                .asRuntimeException();
    }
}
