package dev.brain.research.knowledge.service;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.research.knowledge.files.KnowledgeDocument;
import dev.brain.research.knowledge.files.LibraryFiles;
import io.grpc.Status;
import io.quarkus.logging.Log;

/**
 * Stage 2 (research.md §2.5): the block structure of a library file of the caller's pair and the text of one
 * block. The path is resolved by {@link LibraryFiles#resolveCallerPath}: nothing outside the pair directory is
 * ever read.
 */
@ApplicationScoped
public class KnowledgeReads {

    /** A file's title, version (empty for reports) and headings. */
    public record Structure(String path, String title, String version, List<KnowledgeDocument.Section> sections) {
    }

    /** One block's text. */
    public record Block(String path, String heading, String text) {
    }

    private final LibraryFiles files;

    public KnowledgeReads(LibraryFiles files) {
        this.files = files;
    }

    public Structure structure(KnowledgePair pair, String path) {
        Log.debugf("knowledge structure: pair %s", pair.label());
        String libraryPath = files.resolveCallerPath(pair, path);
        KnowledgeDocument doc = read(libraryPath);
        return new Structure(libraryPath, doc.title(), doc.version(), doc.structure());
    }

    /** @throws io.grpc.StatusRuntimeException NOT_FOUND "heading" when the file has no such heading */
    public Block block(KnowledgePair pair, String path, String heading) {
        String libraryPath = files.resolveCallerPath(pair, path);
        return read(libraryPath).structure().stream().filter(s -> s.heading().equals(heading.strip())).findFirst()
                .map(s -> new Block(libraryPath, s.heading(), s.text()))
                .orElseThrow(() -> Status.NOT_FOUND.withDescription("heading: no block '" + heading + "' in "
                        + libraryPath).asRuntimeException());
    }

    private KnowledgeDocument read(String libraryPath) {
        return KnowledgeDocument.parse(files.read(libraryPath).orElseThrow(() -> Status.NOT_FOUND
                .withDescription("path: no library file " + libraryPath).asRuntimeException()));
    }
}
