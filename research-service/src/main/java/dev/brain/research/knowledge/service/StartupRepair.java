package dev.brain.research.knowledge.service;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.KnowledgeDocument;
import dev.brain.research.knowledge.files.LibraryFiles;
import dev.brain.research.knowledge.files.Markdown;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;
import dev.brain.research.knowledge.repository.NewKnowledgeRow;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;

/**
 * Crash repair at start-up. A save writes its files (each atomically: temp file + rename) before its rows commit,
 * so a crash can leave (a) temp files, (b) a library file without row, (c) a knowledge file whose new version the
 * row does not know yet. Repair walks {@code <root>/<agent>/<user>/}: deletes temp files older than 10 minutes
 * (younger ones may be another replica's write in flight), re-creates a missing row
 * from the file's header (topic, type, user / agent id, for whom, mode, status, salience, summary, runs, version;
 * weights from the salience, reinforced now, no embedding until the next save), and syncs a stale row's version
 * and run count from the file. Rows whose file is missing are counted and logged, never changed (a volume that is
 * not mounted must not deactivate the library); RunPrune lists them. A root that does not exist is left alone.
 */
@ApplicationScoped
public class StartupRepair {

    /** A temp file older than this is a crashed write's leftover; a younger one may be another replica's write. */
    static final java.time.Duration TEMP_FILE_AGE = java.time.Duration.ofMinutes(10);

    private static final Set<String> MODES = Set.of("research", "deepening", "dream", "clarifying");
    private static final Set<String> STATUSES = Set.of("deep", "supplement", "repetition", "failure");

    /** What a repair did. */
    public record Repaired(int tempFilesDeleted, int rowsRecreated, int rowsSynced, int filesUnreadable,
            List<String> rowsWithoutFile) {
    }

    private final LibraryFiles files;
    private final KnowledgeRepository repository;
    private final KnowledgeWeights weights;
    private final Clock clock;

    public StartupRepair(LibraryFiles files, KnowledgeRepository repository, KnowledgeWeights weights, Clock clock) {
        this.files = files;
        this.repository = repository;
        this.weights = weights;
        this.clock = clock;
    }

    void onStart(@Observes StartupEvent event) {
        try {
            Repaired r = repair();
            Log.infof("knowledge library repair: %d temp files deleted, %d rows re-created, %d rows synced,"
                    + " %d files unreadable, %d rows without file", r.tempFilesDeleted(), r.rowsRecreated(),
                    r.rowsSynced(), r.filesUnreadable(), r.rowsWithoutFile().size());
        } catch (RuntimeException e) {
            Log.errorf(e, "knowledge library repair failed; the service starts anyway");
        }
    }

    public Repaired repair() {
        Path root = files.root();
        if (!Files.isDirectory(root)) {
            return new Repaired(0, 0, 0, 0, List.of());
        }
        int temp = 0;
        int recreated = 0;
        int synced = 0;
        int unreadable = 0;
        List<String> rowsWithout = new ArrayList<>();
        for (Path agent : files.directories(root)) {
            for (Path user : files.directories(agent)) {
                temp += files.deleteTempFiles(user, clock.instant().minus(TEMP_FILE_AGE));
                String dir = agent.getFileName() + "/" + user.getFileName();
                for (String name : files.markdownFiles(user)) {
                    String path = dir + "/" + name;
                    try {
                        Optional<KnowledgeRow> row = repository.byPath(path);
                        KnowledgeDocument doc = KnowledgeDocument.parse(files.read(path).orElse(""));
                        if (row.isEmpty()) {
                            if (recreate(path, dir, doc)) {
                                recreated++;
                            } else {
                                unreadable++;
                            }
                        } else if (row.get().isKnowledge() && !doc.version().isEmpty()
                                && !doc.version().equals(row.get().version())) {
                            repository.syncFile(row.get().id(), doc.version(), runs(doc), clock.instant());
                            synced++;
                        }
                    } catch (RuntimeException e) {
                        Log.warnf("knowledge repair: %s skipped (%s)", path, e.getMessage());
                        unreadable++;
                    }
                }
            }
        }
        for (KnowledgePair pair : repository.pairs(null)) {
            for (KnowledgeRow row : repository.rowsOfPair(pair)) {
                if (!files.exists(row.path())) {
                    rowsWithout.add(row.path());
                }
            }
        }
        if (!rowsWithout.isEmpty()) {
            Log.warnf("knowledge repair: %d rows whose file is missing (kept; RunPrune lists them), e.g. %s",
                    rowsWithout.size(), rowsWithout.get(0));
        }
        return new Repaired(temp, recreated, synced, unreadable, rowsWithout);
    }

    /** Re-creates the row of a file from its header; false when the header does not describe a library file here. */
    private boolean recreate(String path, String dir, KnowledgeDocument doc) {
        String type = doc.field(KnowledgeDocument.TYPE);
        String topic = doc.field(KnowledgeDocument.TOPIC);
        String user = doc.field(KnowledgeDocument.USER);
        String agent = doc.field(KnowledgeDocument.AGENT);
        if (!(type.equals(KnowledgeRow.KNOWLEDGE) || type.equals(KnowledgeRow.REPORT)) || topic.isBlank()
                || user.isEmpty() || agent.isEmpty() || !new KnowledgePair(user, agent).directory().equals(dir)) {
            Log.warnf("knowledge repair: %s has no usable header; left for RunPrune to report", path);
            return false;
        }
        double salience;
        try {
            salience = Double.parseDouble(doc.field(KnowledgeDocument.SALIENCE));
        } catch (NumberFormatException e) {
            return false;
        }
        if (!(salience >= 0 && salience <= 1)) {
            return false;
        }
        boolean knowledge = type.equals(KnowledgeRow.KNOWLEDGE);
        String observer = doc.field(KnowledgeDocument.FOR).equals("assistant") ? "assistant" : "user";
        String mode = MODES.contains(doc.field(KnowledgeDocument.MODE)) ? doc.field(KnowledgeDocument.MODE) : "research";
        String status = STATUSES.contains(doc.field(KnowledgeDocument.STATUS)) ? doc.field(KnowledgeDocument.STATUS)
                : knowledge ? "deep" : "failure";
        String summary = doc.field(KnowledgeDocument.SUMMARY);
        if (summary.isEmpty()) {
            summary = knowledge ? Markdown.oneLine(topic, 300) : status + ": " + Markdown.oneLine(topic, 280);
        }
        double absolute = weights.absolute(salience);
        Instant now = clock.instant();
        repository.insert(new NewKnowledgeRow(user, agent, observer, path, topic, Markdown.slug(topic), summary, null,
                type, mode, status, new String[0], new long[0], salience, salience, absolute, absolute,
                knowledge ? runs(doc) : 1, now, now, knowledge ? doc.version() : null));
        Log.infof("knowledge repair: row re-created for %s", path);
        return true;
    }

    private static int runs(KnowledgeDocument doc) {
        try {
            return Math.max(1, Integer.parseInt(doc.field(KnowledgeDocument.RUNS)));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
