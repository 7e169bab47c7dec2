package dev.brain.research.knowledge.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.research.config.KnowledgeConfig;
import dev.brain.research.knowledge.KnowledgePair;
import io.grpc.Status;

/**
 * The library volume ({@code brain.knowledge.root}): atomic writes (a temp file {@code .<name>.<uuid>.tmp} in the
 * same directory, then {@code Files.move(ATOMIC_MOVE)}), modes 0666 for files and 0777 for the directories it
 * creates (set explicitly, whatever the umask), reads, listings, and the resolution of a caller's path, which
 * must stay inside the caller's pair directory also after symbolic links are followed.
 */
@ApplicationScoped
public class LibraryFiles {

    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-rw-rw-");
    static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwxrwxrwx");
    public static final String TEMP_SUFFIX = ".tmp";

    private final KnowledgeConfig config;

    public LibraryFiles(KnowledgeConfig config) {
        this.config = config;
    }

    public Path root() {
        return Path.of(config.root()).toAbsolutePath().normalize();
    }

    /** A library path ("agentSeg/userSeg/file.md") on the volume. */
    public Path resolve(String libraryPath) {
        return root().resolve(libraryPath);
    }

    public Path pairDirectory(KnowledgePair pair) {
        return root().resolve(pair.directory());
    }

    /** Writes {@code content} to the library path atomically, creating the pair directory (0777) when missing. */
    public void write(String libraryPath, String content) {
        Path file = resolve(libraryPath);
        try {
            createDirectories(file.getParent());
            Path temp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + TEMP_SUFFIX);
            try {
                Files.writeString(temp, content, StandardCharsets.UTF_8);
                mode(temp, FILE_MODE);
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write library file " + libraryPath, e);
        }
    }

    public boolean exists(String libraryPath) {
        return Files.exists(resolve(libraryPath), LinkOption.NOFOLLOW_LINKS);
    }

    public Optional<String> read(String libraryPath) {
        Path file = resolve(libraryPath);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read library file " + libraryPath, e);
        }
    }

    /** The library files (*.md, INDEX.md excluded, temp files excluded) of a directory, sorted by name. */
    public List<String> markdownFiles(Path directory) {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return names;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                if (name.endsWith(".md") && !name.equals(LibraryPaths.INDEX) && !name.startsWith(".")
                        && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
        names.sort(null);
        return names;
    }

    /** The sub-directories of a directory (no symbolic links), sorted. */
    public List<Path> directories(Path directory) {
        List<Path> dirs = new ArrayList<>();
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return dirs;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path p : entries) {
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    dirs.add(p);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory, e);
        }
        dirs.sort(null);
        return dirs;
    }

    /** Deletes the temp files a crashed write left in a directory; how many. */
    public int deleteTempFiles(Path directory, Instant writtenBefore) {
        int deleted = 0;
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory)) {
            for (Path f : files) {
                String name = f.getFileName().toString();
                // a fresh temp file may be another replica's write in flight (a shared ReadWriteMany volume)
                if (name.startsWith(".") && name.endsWith(TEMP_SUFFIX) && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
                        && Files.getLastModifiedTime(f, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(writtenBefore)) {
                    Files.deleteIfExists(f);
                    deleted++;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean " + directory, e);
        }
        return deleted;
    }

    /**
     * The library path of a file a caller names (Structure / ReadBlock), after the textual checks of
     * {@link LibraryPaths#callerFileName} and a check of the real path: the file, with every symbolic link
     * followed, must lie in the pair directory, and the pair directory must be where it belongs below the root.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming {@code path}; NOT_FOUND when no such file
     */
    public String resolveCallerPath(KnowledgePair pair, String path) {
        String name = LibraryPaths.callerFileName(path, pair.directory());
        Path directory = pairDirectory(pair);
        Path file = directory.resolve(name).normalize();
        if (!file.getParent().equals(directory)) {
            throw invalid();
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw Status.NOT_FOUND.withDescription("path: no library file '" + name + "' in pair " + pair.label())
                    .asRuntimeException();
        }
        try {
            Path realDirectory = directory.toRealPath();
            Path expected = root().toRealPath().resolve(pair.directory());
            Path real = file.toRealPath();
            if (!realDirectory.equals(expected) || !real.getParent().equals(realDirectory) || !Files.isRegularFile(real)) {
                throw invalid();
            }
        } catch (IOException e) {
            // e.g. a dangling symbolic link
            throw invalid();
        }
        return pair.directory() + "/" + name;
    }

    private void createDirectories(Path directory) throws IOException {
        Path root = root();
        if (!Files.isDirectory(root)) {
            Files.createDirectories(root);
        }
        Path agent = directory.getParent();
        for (Path d : new Path[] { agent, directory }) {
            if (!Files.isDirectory(d)) {
                try {
                    Files.createDirectory(d);
                } catch (java.nio.file.FileAlreadyExistsException e) {
                    // created concurrently
                }
                mode(d, DIR_MODE);
            }
        }
    }

    private static void mode(Path path, Set<PosixFilePermission> mode) throws IOException {
        try {
            Files.setPosixFilePermissions(path, mode);
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the platform's defaults apply
        }
    }

    private static RuntimeException invalid() {
        return Status.INVALID_ARGUMENT.withDescription("path: resolves outside the pair's directory")
                .asRuntimeException();
    }
}
