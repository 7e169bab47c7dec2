package dev.brain.error.intake;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/** Test fixtures under {@code src/test/resources/errors/<language>/<name>.txt} with {@code <name>.expected.properties}. */
final class Fixtures {
    record Fixture(String name, String raw, Properties expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private Fixtures() {
    }

    static Path root() {
        try {
            return Path.of(Fixtures.class.getResource("/errors").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Fixture> all() {
        Path root = root();
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".txt")).sorted().map(p -> load(root, p)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Fixture load(Path root, Path txt) {
        try {
            Properties props = new Properties();
            Path exp = txt.resolveSibling(txt.getFileName().toString().replaceAll("\\.txt$", ".expected.properties"));
            try (Reader r = Files.newBufferedReader(exp, StandardCharsets.UTF_8)) {
                props.load(r);
            }
            return new Fixture(root.relativize(txt).toString(), Files.readString(txt, StandardCharsets.UTF_8), props);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
