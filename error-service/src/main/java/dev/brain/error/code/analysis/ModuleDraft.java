package dev.brain.error.code.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One module cut from a source file, analyzed but not stored.
 *
 * @param startLine first line in the original source (1-based), leading doc comment and annotations included
 * @param endLine last line in the original source
 * @param dependencies non-standard, non-internal imports the module uses
 * @param internalImports relative / same-module imports the module uses
 * @param signals the six signals of error-code.md §9.4 in its order: single_responsibility, pure_function,
 *        clear_interface, low_coupling, generic_utility, documentation
 * @param score Σ weight × signal, rounded to 4 decimals
 * @param pure no side-effect marker found
 * @param interfaceSignature the export's declaration line(s) up to its body
 */
public record ModuleDraft(String name, Granularity type, int startLine, int endLine, String source, String language,
        List<String> exports, List<String> dependencies, List<String> internalImports, Fingerprint fingerprint,
        Map<String, Double> signals, double score, boolean pure, String interfaceSignature, String purpose) {

    /** Characters of the comment-stripped source in the embedding text. */
    public static final int EMBEDDED_SOURCE_CHARS = 1500;

    public ModuleDraft {
        exports = List.copyOf(exports);
        dependencies = List.copyOf(dependencies);
        internalImports = List.copyOf(internalImports);
        signals = Collections.unmodifiableMap(new LinkedHashMap<>(signals));
    }

    /** The text embedded for semantic similarity (error-code.md §9.7). */
    public String embeddingText() {
        return embeddingText(name, interfaceSignature, purpose, source, language);
    }

    /**
     * name, signature and purpose, one per line, then the first 1,500 characters of the source with comments,
     * trailing whitespace and blank lines removed — for modules read back from storage as well.
     */
    public static String embeddingText(String name, String signature, String purpose, String source,
            String language) {
        String stripped = CodeAnalyzer.stripComments(source == null ? "" : source, language, EMBEDDED_SOURCE_CHARS);
        return (name == null ? "" : name) + "\n" + (signature == null ? "" : signature) + "\n"
                + (purpose == null ? "" : purpose) + "\n" + stripped;
    }
}
