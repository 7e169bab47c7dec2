package dev.brain.error.code.analysis;

import java.util.List;

/** Small helpers to read a {@link Structure} in tests. */
final class StructureAssertions {

    private StructureAssertions() {
    }

    static Structure structure(String source, String language, String path) {
        return Structure.of(Lexer.lex(source, language), path);
    }

    static List<String> names(Structure s) {
        return s.exports().stream().map(Structure.Export::name).toList();
    }

    static Structure.Export export(Structure s, String name) {
        return s.exports().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no export " + name + " in " + names(s)));
    }

    static List<String> specifiers(Structure s, Structure.Origin origin) {
        return s.imports().stream().filter(i -> i.origin() == origin).map(Structure.Import::specifier).toList();
    }

    /** The source text an export spans. */
    static String text(String source, Structure.Export e) {
        return source.substring(e.start(), e.end());
    }
}
