package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Pure analysis of source code (error-code.md §9.1–9.6): detect the language, extract exports and imports, choose the
 * granularity and cut the modules, score their reusability, compute their fingerprints, and default their name,
 * purpose and signature. No I/O, no state; linear in the size of the source.
 *
 * <p>
 * Java is parsed with JavaParser. TypeScript/JavaScript, python, kotlin, go and rust follow the patterns of §9.2
 * on a token stream: there is no maintained pure-Java parser for them, and tree-sitter needs JNI native libraries.
 */
public final class CodeAnalyzer {

    /** A file that would be cut into more modules than this is kept as one file module. */
    static final int MAX_FUNCTION_MODULES = 200;
    private static final int MAX_SIGNATURES = 8;
    private static final int MAX_DOC_CANDIDATES = 64;
    private static final String DEFAULT_NAME = "module";

    private CodeAnalyzer() {
    }

    /**
     * Analyzes one source file.
     *
     * @param name module name; null/blank = the single export, else the file name without extension (applies
     *        only when the file yields one module)
     * @param purpose null/blank = the first sentence of the doc comment, else the name as words (one module only)
     * @param language null/blank = detect from the path and content
     * @param forced null = decide by the rules of §9.3
     */
    public static SourceAnalysis analyze(String source, String filePath, String name, String purpose, String language,
            Granularity forced) {
        String src = source == null ? "" : source;
        String path = filePath == null ? "" : filePath;
        String lang = Languages.normalize(language);
        if (lang == null) {
            lang = Languages.detect(path, src);
        }
        LexedSource file = Lexer.lex(src, lang);
        Structure structure = Structure.of(file, path);
        Granularity granularity = forced != null ? forced : decide(structure.exports());
        List<Structure.Export> units = granularity == Granularity.FUNCTION ? units(structure.exports()) : List.of();
        if (units.size() > MAX_FUNCTION_MODULES || units.size() == 1 && forced == null) {
            units = List.of();
        }
        if (granularity == Granularity.FUNCTION && units.isEmpty() && forced == null) {
            granularity = Granularity.FILE;
        }
        String givenName = blankToNull(name);
        String givenPurpose = blankToNull(purpose);
        List<ModuleDraft> modules = new ArrayList<>();
        if (units.isEmpty()) {
            modules.add(wholeFile(file, structure, granularity, path, givenName, givenPurpose));
        } else {
            boolean single = units.size() == 1;
            for (Structure.Export unit : units) {
                modules.add(cut(file, structure, unit, path, single ? givenName : null,
                        single ? givenPurpose : null));
            }
        }
        return new SourceAnalysis(lang, granularity, List.copyOf(modules));
    }

    /** The language of a file (error-code.md §9.1): by extension, else by content, else {@code unknown}. */
    public static String detectLanguage(String filePath, String source) {
        return Languages.detect(filePath, source);
    }

    /** Raw hash, structural fingerprint and shape sketch of a whole source (error-code.md §9.6). */
    public static Fingerprint fingerprint(String source, String language) {
        String src = source == null ? "" : source;
        String lang = Languages.normalize(language);
        LexedSource lexed = Lexer.lex(src, lang == null ? Languages.detect(null, src) : lang);
        return Fingerprints.of(lexed, Structure.of(lexed, "").importedNames());
    }

    /** The source without comments (docstrings included), trailing whitespace and blank lines; at most limit chars. */
    public static String stripComments(String source, String language, int limit) {
        String lang = Languages.normalize(language);
        LexedSource lexed = Lexer.lex(source, lang == null ? Languages.detect(null, source) : lang);
        return SourceText.withoutComments(lexed, limit);
    }

    // ---- granularity (§9.3)

    /**
     * default and ≤ 2 named → file; exactly one class and ≤ 3 named → class; > 3 named and cohesion < 0.5 →
     * function; else file. "named" are the non-default exports that stand on their own: instance members of a type
     * (java/kotlin instance methods, go and rust methods) belong to their type and are not counted.
     */
    static Granularity decide(List<Structure.Export> exports) {
        boolean hasDefault = exports.stream().anyMatch(Structure.Export::isDefault);
        List<String> named = exports.stream().filter(e -> !e.isDefault() && !e.member()).map(Structure.Export::name)
                .toList();
        long classes = exports.stream().filter(e -> e.kind() == Structure.Kind.CLASS).count();
        if (hasDefault && named.size() <= 2) {
            return Granularity.FILE;
        }
        if (classes == 1 && named.size() <= 3) {
            return Granularity.CLASS;
        }
        if (named.size() > 3 && NameTokens.cohesion(named) < 0.5) {
            return Granularity.FUNCTION;
        }
        return Granularity.FILE;
    }

    /** The exports cut out as function modules: located, not members, not containing another (a utility class). */
    static List<Structure.Export> units(List<Structure.Export> exports) {
        List<Structure.Export> located = new ArrayList<>(exports.stream().filter(e -> e.located() && !e.member())
                .toList());
        located.sort((a, b) -> a.start() != b.start() ? Integer.compare(a.start(), b.start())
                : Integer.compare(b.end(), a.end()));
        List<Structure.Export> units = new ArrayList<>();
        for (int i = 0; i < located.size(); i++) {
            Structure.Export e = located.get(i);
            boolean container = i + 1 < located.size() && located.get(i + 1).start() < e.end()
                    && located.get(i + 1).end() <= e.end();
            if (!container) {
                units.add(e);
            }
        }
        return units;
    }

    // ---- modules

    private static ModuleDraft wholeFile(LexedSource file, Structure structure, Granularity granularity, String path,
            String givenName, String givenPurpose) {
        List<Structure.Export> exports = structure.exports();
        Structure.Export primary = null;
        if (granularity == Granularity.CLASS) {
            primary = exports.stream().filter(e -> e.kind() == Structure.Kind.CLASS).findFirst().orElse(null);
        }
        if (primary == null && exports.size() == 1) {
            primary = exports.get(0);
        }
        String name = givenName != null ? givenName
                : primary != null && !primary.name().equals("default") ? primary.name() : fileName(path);
        String signature = primary != null ? signature(file, primary) : signatures(file, exports);
        List<String> dependencies = specifiers(structure.imports(), Structure.Origin.EXTERNAL, null);
        List<String> internal = specifiers(structure.imports(), Structure.Origin.INTERNAL, null);
        Reusability.Result score = Reusability.score(file, exports.size(), dependencies.size() + internal.size(),
                path, structure.mutableStaticField());
        Comment doc = documentedExport(file, exports, primary, name);
        String purpose = givenPurpose != null ? givenPurpose : Purposes.purpose(file, doc, name);
        return new ModuleDraft(name, granularity, 1, file.lineCount(), file.source(), file.language(),
                exports.stream().map(Structure.Export::name).toList(), dependencies, internal,
                Fingerprints.of(file, structure.importedNames()), score.signals(), score.score(), score.pure(),
                signature, purpose);
    }

    private static ModuleDraft cut(LexedSource file, Structure structure, Structure.Export unit, String path,
            String givenName, String givenPurpose) {
        int startLine = Extents.attachedStartLine(file, file.lineOf(unit.start()));
        int endLine = Math.max(startLine, file.lineOf(unit.end() - 1));
        LexedSource module = Lexer.lex(file.lines(startLine, endLine), file.language());
        Set<String> used = new HashSet<>();
        module.tokens().stream().filter(Token::isIdent).forEach(t -> used.add(t.text()));
        List<String> dependencies = specifiers(structure.imports(), Structure.Origin.EXTERNAL, used);
        List<String> internal = specifiers(structure.imports(), Structure.Origin.INTERNAL, used);
        boolean mutableStatic = Languages.JAVA.equals(file.language()) && Reusability.mutableStaticField(module);
        Reusability.Result score = Reusability.score(module, 1, dependencies.size() + internal.size(), path,
                mutableStatic);
        String name = givenName != null ? givenName : unit.name().equals("default") ? fileName(path) : unit.name();
        String purpose = givenPurpose != null ? givenPurpose
                : Purposes.purpose(file, Purposes.docOf(file, unit.start(), unit.end()), name);
        return new ModuleDraft(name, Granularity.FUNCTION, startLine, endLine, module.source(), file.language(),
                List.of(unit.name()), dependencies, internal, Fingerprints.of(module, structure.importedNames()),
                score.signals(), score.score(), score.pure(), signature(file, unit), purpose);
    }

    /**
     * The doc comment a whole-file module's purpose comes from: the primary export's; else that of the export named
     * like the module ({@code retry} in {@code retry.ts}); else the first documented function or class; else the
     * file's first doc comment.
     */
    private static Comment documentedExport(LexedSource file, List<Structure.Export> exports,
            Structure.Export primary, String name) {
        if (primary != null) {
            Comment doc = Purposes.docOf(file, primary.start(), primary.end());
            return doc != null ? doc : Purposes.firstDoc(file);
        }
        String words = NameTokens.words(name);
        List<Structure.Export> candidates = exports.subList(0, Math.min(exports.size(), MAX_DOC_CANDIDATES));
        for (Structure.Export e : candidates) {
            if (NameTokens.words(e.name()).equals(words)) {
                Comment doc = Purposes.docOf(file, e.start(), e.end());
                if (doc != null) {
                    return doc;
                }
            }
        }
        for (Structure.Export e : candidates) {
            if (e.kind() == Structure.Kind.FUNCTION || e.kind() == Structure.Kind.CLASS) {
                Comment doc = Purposes.docOf(file, e.start(), e.end());
                if (doc != null) {
                    return doc;
                }
            }
        }
        return Purposes.firstDoc(file);
    }

    /** Distinct specifiers of one origin; with {@code used}, only imports binding a name the module uses. */
    private static List<String> specifiers(List<Structure.Import> imports, Structure.Origin origin, Set<String> used) {
        Set<String> out = new LinkedHashSet<>();
        for (Structure.Import i : imports) {
            if (i.origin() == origin && (used == null || i.names().stream().anyMatch(used::contains))) {
                out.add(i.specifier());
            }
        }
        return List.copyOf(out);
    }

    private static String signature(LexedSource file, Structure.Export e) {
        if (!e.located()) {
            return "";
        }
        int from = Extents.tokenAt(file, e.start());
        int to = Extents.tokenBefore(file, e.end());
        return from <= to ? Extents.signature(file, from, to, Languages.PYTHON.equals(file.language())) : "";
    }

    private static String signatures(LexedSource file, List<Structure.Export> exports) {
        List<String> lines = new ArrayList<>();
        for (Structure.Export e : exports) {
            if (lines.size() == MAX_SIGNATURES) {
                break;
            }
            String signature = signature(file, e);
            if (!signature.isEmpty()) {
                lines.add(signature);
            }
        }
        return String.join("\n", lines);
    }

    /** The file name without its extension ({@code src/utils/retry.ts} → {@code retry}). */
    static String fileName(String path) {
        String name = JvmTokenRules.baseNameWithoutExtension(path);
        return name.isBlank() ? DEFAULT_NAME : name;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
