package dev.brain.research.knowledge.service;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.KnowledgeConfig;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.IndexDocument;
import dev.brain.research.knowledge.files.KnowledgeDocument;
import dev.brain.research.knowledge.files.LibraryFiles;
import dev.brain.research.knowledge.files.LibraryPaths;
import dev.brain.research.knowledge.files.Markdown;
import dev.brain.research.knowledge.files.ReportDocument;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.research.knowledge.repository.NewKnowledgeRow;
import io.grpc.Status;
import io.quarkus.logging.Log;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * SaveResearch (research.md §2.1–§2.6), in steps:
 * <ol>
 * <li>find the topic: the pair's knowledge entry with the same topic-slug, else the one whose summary embedding
 * (topic + summary) has cosine ≥ {@code sameTopicThreshold} to the run's;</li>
 * <li>embed the run's topic text, its paragraphs and the topic file's paragraphs in one Embed call when the topic
 * exists by slug; else the topic text alone, and the paragraphs only when the topic was found by embedding (a new
 * topic's paragraphs are all new, so a save of a new topic embeds one short text);</li>
 * <li>in one transaction under the pair's advisory lock: re-read the entry and its file, decide the status (the
 * caller's wins, else the {@link Gate}), write the knowledge file (deep / supplement), always write the report file,
 * write the rows (new entry, or reinforcement; a report row), rebuild INDEX.md. Files are written before the rows
 * commit: a crash leaves a file without (current) row, which start-up repair restores;</li>
 * <li>after the commit, feed the distillate to memory (deep / supplement).</li>
 * </ol>
 */
@ApplicationScoped
public class KnowledgeSaves {

    static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    /** One research run to save (validated). {@code status} null: the gate decides. */
    public record SaveCommand(String tenant, KnowledgePair pair, String topic, String distillate, String status,
            double salience, String mode, String observer, String replaceBlock, String summary, List<String> keywords,
            List<Long> entityIds, Report report) {
    }

    /** The report part of a run. */
    public record Report(String markdown, long durationMs, String trigger, String priorKnowledge,
            List<ReportDocument.Query> queries, List<String> checks, String notes) {
    }

    /** What a save did. {@code entry} null when the topic has no knowledge file. */
    public record SaveResult(String status, String knowledgePath, String reportPath, String indexLine, KnowledgeRow entry,
            boolean created, long memoryEntryId) {
    }

    private record Written(String status, String knowledgePath, String reportPath, String indexLine, Long entryId,
            boolean created, boolean extended, String version) {
    }

    private final KnowledgeRepository repository;
    private final LibraryFiles files;
    private final LibraryIndex index;
    private final KnowledgeEmbeddings embeddings;
    private final MemoryFeedback feedback;
    private final KnowledgeWeights weights;
    private final KnowledgeConfig config;
    private final Clock clock;

    public KnowledgeSaves(KnowledgeRepository repository, LibraryFiles files, LibraryIndex index,
            KnowledgeEmbeddings embeddings, MemoryFeedback feedback, KnowledgeWeights weights, KnowledgeConfig config,
            Clock clock) {
        this.repository = repository;
        this.files = files;
        this.index = index;
        this.embeddings = embeddings;
        this.feedback = feedback;
        this.weights = weights;
        this.config = config;
        this.clock = clock;
    }

    public SaveResult save(SaveCommand cmd) {
        Log.debugf("knowledge save: pair %s, topic '%s'", cmd.pair().label(), cmd.topic());
        String slug = Markdown.slug(cmd.topic());
        String summary = !cmd.summary().isBlank() ? Markdown.oneLine(cmd.summary(), 300)
                : Markdown.summaryOf(cmd.distillate());
        if (summary.isEmpty()) {
            summary = Markdown.oneLine(cmd.topic(), 300);
        }
        List<String> paragraphs = Markdown.paragraphs(cmd.distillate());

        // 1 + 2: the topic by slug, else by the nearest summary embedding; the paragraphs are embedded only when the
        // topic exists (a new topic's paragraphs are all new: a save of a new topic embeds one short text)
        Optional<KnowledgeRow> candidate = repository.knowledgeBySlug(cmd.pair(), slug);
        String topicText = cmd.topic() + "\n" + summary;
        Map<String, float[]> vectors = new HashMap<>();
        float[] topicVector;
        if (candidate.isPresent()) {
            topicVector = embedWithParagraphs(cmd.tenant(), topicText, paragraphs, paragraphsOf(candidate), vectors);
        } else {
            topicVector = embeddings.embed(cmd.tenant(), List.of(topicText)).map(v -> v.get(0)).orElse(null);
            if (topicVector != null) {
                candidate = repository.nearestKnowledge(cmd.pair(), topicVector)
                        .filter(d -> 1 - d.distance() >= embeddings.threshold(config.sameTopicThresholdByModel(),
                                config.sameTopicThreshold()))
                        .flatMap(d -> repository.byId(d.id()));
                if (candidate.isPresent()) {
                    embedWithParagraphs(cmd.tenant(), null, paragraphs, paragraphsOf(candidate), vectors);
                }
            }
        }
        Long candidateId = candidate.map(KnowledgeRow::id).orElse(null);
        String finalSummary = summary;

        // 3: files and rows in one transaction under the pair lock
        Written written = QuarkusTransaction.requiringNew().call(() -> write(cmd, slug, finalSummary, paragraphs,
                candidateId, vectors, topicVector));

        // 4: feedback into memory
        long memoryEntryId = 0;
        if (written.extended() && !cmd.distillate().isBlank()) {
            memoryEntryId = feedback.write(cmd.tenant(), cmd.pair(), cmd.observer(), cmd.salience(), cmd.distillate(),
                    cmd.topic(), cmd.entityIds(), written.entryId(), written.version());
        }
        KnowledgeRow entry = written.entryId() == null ? null : repository.byId(written.entryId()).orElse(null);
        return new SaveResult(written.status(), written.knowledgePath(), written.reportPath(), written.indexLine(), entry,
                written.created(), memoryEntryId);
    }

    /** The paragraphs of a topic's knowledge file (HISTORY included); none without a file. */
    private List<String> paragraphsOf(Optional<KnowledgeRow> row) {
        return row.flatMap(r -> files.read(r.path())).map(KnowledgeDocument::parse).map(KnowledgeDocument::paragraphs)
                .orElse(List.of());
    }

    /**
     * One Embed call for the topic text (when given), the run's paragraphs and the topic file's; fills
     * {@code vectors} by normalised paragraph and returns the topic text's vector (null without one or when the
     * provider is unavailable: then the gate compares text only).
     */
    private float[] embedWithParagraphs(String tenant, String topicText, List<String> run, List<String> existing,
            Map<String, float[]> vectors) {
        List<String> texts = new ArrayList<>();
        if (topicText != null) {
            texts.add(topicText);
        }
        texts.addAll(run);
        texts.addAll(existing);
        Optional<List<float[]>> embedded = embeddings.embed(tenant, texts);
        if (embedded.isEmpty()) {
            return null;
        }
        int first = topicText != null ? 1 : 0;
        for (int i = first; i < texts.size(); i++) {
            vectors.put(Markdown.normalise(texts.get(i)), embedded.get().get(i));
        }
        return topicText != null ? embedded.get().get(0) : null;
    }

    private Written write(SaveCommand cmd, String slug, String summary, List<String> paragraphs, Long candidateId,
            Map<String, float[]> vectors, float[] topicVector) {
        KnowledgePair pair = cmd.pair();
        repository.lockPair(pair);
        Instant now = clock.instant();
        String date = DATE.format(now);
        KnowledgeRow current = (candidateId != null ? repository.byId(candidateId)
                : repository.knowledgeBySlug(pair, slug)).orElse(null);
        KnowledgeDocument doc = current == null ? null
                : files.read(current.path()).map(KnowledgeDocument::parse).orElse(null);
        if (!cmd.replaceBlock().isEmpty()) {
            if (cmd.replaceBlock().equals(KnowledgeDocument.HISTORY)) {
                throw Status.INVALID_ARGUMENT.withDescription("replace_block: HISTORY cannot be replaced")
                        .asRuntimeException();
            }
            if (doc == null || !doc.hasBlock(cmd.replaceBlock())) {
                throw Status.NOT_FOUND.withDescription("replace_block: no block '" + cmd.replaceBlock()
                        + "' in the knowledge file of topic '" + cmd.topic() + "'").asRuntimeException();
            }
        }

        // the gate
        Gate.Verdict verdict = Gate.decide(paragraphs, doc == null ? List.of() : doc.paragraphs(), vectors,
                doc != null, config.repetitionThreshold(), config.supplementShare());
        boolean gateDecided = cmd.status() == null;
        String status = gateDecided ? verdict.status() : cmd.status();
        boolean extend = status.equals(Gate.DEEP) || status.equals(Gate.SUPPLEMENT);

        // the knowledge file
        String knowledgePath = current == null ? null : current.path();
        boolean created = false;
        String version = current == null ? null : current.version();
        int frequency = current == null ? 1 : current.frequency() + (status.equals(Gate.FAILURE) ? 0 : 1);
        if (extend) {
            if (doc == null) {
                if (knowledgePath == null) {
                    knowledgePath = freePath(pair, n -> LibraryPaths.knowledgeFile(date, pair.userId(), slug, n));
                    created = true;
                }
                doc = KnowledgeDocument.create(cmd.topic(), header(cmd, date, frequency, status, summary), cmd.distillate());
            } else {
                if (!cmd.replaceBlock().isEmpty()) {
                    doc.replaceBlock(cmd.replaceBlock(), cmd.distillate(), date);
                } else {
                    String text = gateDecided ? Markdown.keepParagraphs(cmd.distillate(), verdict::isNew)
                            : cmd.distillate();
                    doc.insertBlock(doc.freeHeading(date + " " + cmd.mode()), text);
                }
                doc.bumpVersion();
                doc.setField(KnowledgeDocument.EXTENDED, date);
                doc.setField(KnowledgeDocument.RUNS, Integer.toString(frequency));
                doc.setField(KnowledgeDocument.MODE, cmd.mode());
                doc.setField(KnowledgeDocument.STATUS, status);
                if (!cmd.summary().isBlank()) {
                    doc.setField(KnowledgeDocument.SUMMARY, summary);
                }
            }
            version = doc.version();
            files.write(knowledgePath, doc.render());
        }

        // the report file (always)
        String reportPath = freePath(pair, n -> LibraryPaths.reportFile(date, pair.userId(), slug, n));
        Report r = cmd.report();
        files.write(reportPath, ReportDocument.render(new ReportDocument.Content(cmd.topic(), pair.userId(),
                pair.agentId(), cmd.observer(), now.toString(), r.durationMs(), r.trigger(), status, cmd.mode(),
                cmd.salience(), knowledgePath == null ? "" : LibraryPaths.fileName(knowledgePath), r.priorKnowledge(),
                r.queries(), r.checks(), r.notes(), r.markdown())));

        // the rows
        Long entryId = current == null ? null : current.id();
        String[] keywords = keywords(current, cmd.keywords());
        long[] entities = entities(current, cmd.entityIds());
        if (current == null && extend) {
            double absolute = weights.absolute(cmd.salience());
            entryId = repository.insert(new NewKnowledgeRow(pair.userId(), pair.agentId(), cmd.observer(), knowledgePath,
                    cmd.topic(), slug, summary, topicVector, KnowledgeRow.KNOWLEDGE, cmd.mode(), status, keywords,
                    entities, cmd.salience(), cmd.salience(), absolute, absolute, 1, now, now, version));
        } else if (current != null && !status.equals(Gate.FAILURE)) {
            // a run on an existing topic reinforces it; an inactive entry is reactivated first (raw from salience)
            double raw = weights.reinforced(current.active() ? current.weightRaw() : current.initialSalience());
            String rowSummary = extend && !cmd.summary().isBlank() ? summary : current.summary();
            repository.updateRun(current.id(), rowSummary, extend && !cmd.summary().isBlank() ? topicVector : null,
                    keywords, entities, extend ? cmd.mode() : current.mode(), extend ? status : current.status(),
                    version, frequency, raw, weights.absolute(raw), now);
        }
        double reportAbsolute = weights.absolute(cmd.salience());
        repository.insert(new NewKnowledgeRow(pair.userId(), pair.agentId(), cmd.observer(), reportPath, cmd.topic(),
                slug, Markdown.oneLine(status + ": " + summary, 300), topicVector, KnowledgeRow.REPORT, cmd.mode(), status,
                cmd.keywords().stream().map(KnowledgeSaves::keyword).distinct().toArray(String[]::new),
                cmd.entityIds().stream().mapToLong(Long::longValue).distinct().toArray(), cmd.salience(),
                cmd.salience(), reportAbsolute, reportAbsolute, 1, now, now, null));

        // INDEX.md
        index.rebuild(pair);
        String indexLine = "";
        if (entryId != null) {
            indexLine = repository.byId(entryId).map(row -> IndexDocument.line(LibraryIndex.line(row))).orElse("");
        }
        return new Written(status, knowledgePath == null ? "" : knowledgePath, reportPath, indexLine, entryId, created,
                extend, version);
    }

    private Map<String, String> header(SaveCommand cmd, String date, int frequency, String status, String summary) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put(KnowledgeDocument.USER, cmd.pair().userId());
        h.put(KnowledgeDocument.AGENT, cmd.pair().agentId());
        h.put(KnowledgeDocument.FOR, cmd.observer());
        h.put(KnowledgeDocument.CREATED, date);
        h.put(KnowledgeDocument.EXTENDED, date);
        h.put(KnowledgeDocument.RUNS, Integer.toString(frequency));
        h.put(KnowledgeDocument.MODE, cmd.mode());
        h.put(KnowledgeDocument.STATUS, status);
        h.put(KnowledgeDocument.SALIENCE, Double.toString(cmd.salience()));
        h.put(KnowledgeDocument.SUMMARY, summary);
        return h;
    }

    /** The first library path of the pair that neither a file nor a row holds: name(1), name(2), … */
    private String freePath(KnowledgePair pair, java.util.function.IntFunction<String> name) {
        for (int n = 1;; n++) {
            String path = pair.directory() + "/" + name.apply(n);
            if (!files.exists(path) && !repository.pathTaken(path)) {
                return path;
            }
        }
    }

    private static String[] keywords(KnowledgeRow current, List<String> incoming) {
        Set<String> all = new LinkedHashSet<>();
        if (current != null) {
            all.addAll(current.keywords());
        }
        incoming.forEach(k -> all.add(keyword(k)));
        return all.toArray(String[]::new);
    }

    private static long[] entities(KnowledgeRow current, List<Long> incoming) {
        Set<Long> all = new LinkedHashSet<>();
        if (current != null) {
            all.addAll(current.entityIds());
        }
        all.addAll(incoming);
        return all.stream().mapToLong(Long::longValue).toArray();
    }

    /** Keywords are matched against lower-cased query words. */
    static String keyword(String k) {
        return k.strip().toLowerCase(java.util.Locale.ROOT);
    }

    static List<String> words(String text) {
        return Arrays.stream(text.toLowerCase(java.util.Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> !w.isEmpty()).distinct().limit(64).toList();
    }
}
