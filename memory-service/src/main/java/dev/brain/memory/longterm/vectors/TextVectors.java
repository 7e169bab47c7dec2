package dev.brain.memory.longterm.vectors;

import java.nio.charset.StandardCharsets;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.memory.embedding.service.Embedder;

/**
 * Texts of the long-term memory (queries, shift components, answers) → vectors, in-process through the
 * service's one {@link Embedder}. A text longer than the embedder's limit is embedded by its leading
 * {@link Embedder#MAX_TEXT_BYTES} bytes (the model reads far fewer tokens anyway). Tests replace this bean to
 * script vectors and failures.
 */
@ApplicationScoped
public class TextVectors {

    private final Embedder embedder;

    public TextVectors(Embedder embedder) {
        this.embedder = embedder;
    }

    public int dimension() {
        return embedder.dimension();
    }

    /** One vector per text, in order. */
    public List<float[]> embed(List<String> texts) {
        return embedder.embed(texts.stream().map(TextVectors::leading).toList());
    }

    /** The longest prefix of {@code text} within the embedder's byte limit, cut at a code point. */
    static String leading(String text) {
        String clean = text.replace("\u0000", "");
        if (clean.getBytes(StandardCharsets.UTF_8).length <= Embedder.MAX_TEXT_BYTES) {
            return clean;
        }
        int bytes = 0;
        int end = 0;
        while (end < clean.length()) {
            int cp = clean.codePointAt(end);
            int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > Embedder.MAX_TEXT_BYTES) {
                break;
            }
            bytes += size;
            end += Character.charCount(cp);
        }
        return clean.substring(0, end);
    }
}
