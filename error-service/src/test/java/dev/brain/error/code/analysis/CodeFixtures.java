package dev.brain.error.code.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the source fixtures under {@code src/test/resources/code-fixtures}. */
final class CodeFixtures {

    /** The six languages with a full fixture set, and their file extension. */
    static final String[][] LANGUAGES = {
            { "typescript", "ts" }, { "javascript", "js" }, { "python", "py" }, { "java", "java" }, { "go", "go" },
            { "rust", "rs" } };

    private CodeFixtures() {
    }

    static String read(String path) {
        try (InputStream in = CodeFixtures.class.getResourceAsStream("/code-fixtures/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(String language, String extension, String name) {
        return read(language + "/" + name + "." + extension);
    }
}
