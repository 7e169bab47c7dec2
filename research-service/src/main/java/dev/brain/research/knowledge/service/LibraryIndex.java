package dev.brain.research.knowledge.service;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.KnowledgeConfig;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.IndexDocument;
import dev.brain.research.knowledge.files.LibraryFiles;
import dev.brain.research.knowledge.files.LibraryPaths;
import dev.brain.research.knowledge.repository.KnowledgeRepository;
import dev.brain.research.knowledge.repository.KnowledgeRow;

/**
 * INDEX.md of a pair, rebuilt from the metadata (research.md §2.1): the pair's knowledge rows, active first and
 * most present first, at most {@code indexMaxLines} lines. It lives next to the files it lists: the directory of
 * the files' library paths.
 */
@ApplicationScoped
public class LibraryIndex {

    /** The rebuilt index: its library path, entry lines shown and knowledge files in all. */
    public record Rebuilt(String path, int shown, int files) {
    }

    private final KnowledgeRepository repository;
    private final LibraryFiles files;
    private final KnowledgeConfig config;
    private final Clock clock;

    public LibraryIndex(KnowledgeRepository repository, LibraryFiles files, KnowledgeConfig config, Clock clock) {
        this.repository = repository;
        this.files = files;
        this.config = config;
        this.clock = clock;
    }

    /** Rebuilds the pair's INDEX.md (call with the pair lock held). */
    public Rebuilt rebuild(KnowledgePair pair) {
        List<IndexDocument.Line> lines = repository.knowledgeForIndex(pair).stream().map(LibraryIndex::line).toList();
        int[] shown = new int[1];
        String path = pair.directory() + "/" + LibraryPaths.INDEX;
        files.write(path, IndexDocument.render(pair.label(), Instant.now(clock).toString(), lines,
                config.indexMaxLines(), shown));
        return new Rebuilt(path, shown[0], lines.size());
    }

    /** The INDEX.md line data of a knowledge row. */
    public static IndexDocument.Line line(KnowledgeRow row) {
        return new IndexDocument.Line(row.topic(), LibraryPaths.fileName(row.path()), row.summary(), row.frequency());
    }
}
