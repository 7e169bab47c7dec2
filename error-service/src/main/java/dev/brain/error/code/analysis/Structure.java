package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a source file exports and imports (error-code.md §9.2), extracted by the rules of its language.
 *
 * @param exports in source order, one per name
 * @param imports in source order
 * @param mutableStaticField java: a {@code static} field that is not {@code final} (a side-effect marker of §9.4)
 */
record Structure(List<Export> exports, List<Import> imports, boolean mutableStaticField) {

    enum Kind {
        FUNCTION,
        CLASS,
        VALUE,
        TYPE
    }

    enum Origin {
        STANDARD,
        INTERNAL,
        EXTERNAL
    }

    /**
     * One exported name.
     *
     * @param isDefault the default export (ts/js {@code export default}, {@code module.exports =})
     * @param member an instance member of an exported type (java/kotlin instance methods, go methods, rust methods
     *        in {@code impl}): part of its type, never cut out on its own
     * @param start offset of the first token of the declaration, or -1 when the declaration is not in the file
     * @param end offset just past its last token, or -1
     */
    record Export(String name, Kind kind, boolean isDefault, boolean member, int start, int end) {

        boolean located() {
            return start >= 0 && end > start;
        }
    }

    /**
     * One import.
     *
     * @param specifier the module as written ({@code ./sleep}, {@code requests}, {@code java.util.List})
     * @param names the local names it binds (kept verbatim by the structural fingerprint)
     */
    record Import(String specifier, Origin origin, List<String> names) {
    }

    static Structure of(LexedSource lexed, String filePath) {
        String path = filePath == null ? "" : filePath.replace('\\', '/');
        return switch (lexed.language()) {
            case Languages.TYPESCRIPT, Languages.JAVASCRIPT -> ScriptRules.extract(lexed);
            case Languages.PYTHON -> PythonRules.extract(lexed, path);
            case Languages.JAVA -> JavaRules.extract(lexed, path);
            case Languages.KOTLIN -> JvmTokenRules.extract(lexed, path);
            case Languages.GO -> GoRules.extract(lexed, path);
            case Languages.RUST -> RustRules.extract(lexed);
            default -> GenericRules.extract(lexed);
        };
    }

    /** Every local name bound by an import. */
    Set<String> importedNames() {
        Set<String> names = new HashSet<>();
        imports.forEach(i -> names.addAll(i.names()));
        return names;
    }

    /** Collects exports (first declaration of a name wins) and imports. */
    static final class Builder {
        private final List<Export> exports = new ArrayList<>();
        private final Set<String> names = new LinkedHashSet<>();
        private final List<Import> imports = new ArrayList<>();
        private boolean mutableStaticField;

        Builder export(String name, Kind kind, boolean isDefault, boolean member, int start, int end) {
            if (name != null && !name.isEmpty() && names.add(name)) {
                exports.add(new Export(name, kind, isDefault, member, start, end));
            }
            return this;
        }

        Builder export(Export e) {
            return export(e.name(), e.kind(), e.isDefault(), e.member(), e.start(), e.end());
        }

        Builder importOf(String specifier, Origin origin, List<String> localNames) {
            if (specifier != null && !specifier.isBlank()) {
                imports.add(new Import(specifier, origin, List.copyOf(localNames)));
            }
            return this;
        }

        Builder mutableStaticField(boolean present) {
            mutableStaticField |= present;
            return this;
        }

        Structure build() {
            List<Export> sorted = new ArrayList<>(exports);
            sorted.sort((a, b) -> Integer.compare(a.start() < 0 ? Integer.MAX_VALUE : a.start(),
                    b.start() < 0 ? Integer.MAX_VALUE : b.start()));
            return new Structure(List.copyOf(sorted), List.copyOf(imports), mutableStaticField);
        }
    }
}
