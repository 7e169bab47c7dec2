package dev.brain.error.code.analysis;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.Position;
import com.github.javaparser.Range;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.Name;

/**
 * Java exports and imports (error-code.md §9.2) from a real parse with JavaParser: public top-level types, public
 * methods of the primary type (the public type named like the file, else the first public type), {@code import}
 * declarations, and static non-final fields. Sources JavaParser rejects — snippets, broken code — and sources over
 * 64 KiB or nested deeper than 200 brackets fall back to the token rules of {@link JvmTokenRules}.
 */
final class JavaRules {

    /** Deeper nesting than this is hostile or generated; the recursive-descent parser is not given it. */
    private static final int MAX_PARSE_DEPTH = 200;
    /**
     * Larger sources go to the token rules: JavaParser builds a full tree with positions (roughly 1–3 ms per KiB here),
     * the token rules stay within the linear budget of a 512 KiB source.
     */
    static final int MAX_PARSE_CHARS = 64 * 1024;
    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record");

    private JavaRules() {
    }

    static Structure extract(LexedSource s, String path) {
        Optional<CompilationUnit> unit = parse(s);
        return unit.isPresent() ? fromTree(unit.get(), s, path) : JvmTokenRules.extract(s, path);
    }

    /** Parses with node ranges (they need the parser's token store, on by default). */
    static Optional<CompilationUnit> parse(LexedSource s) {
        if (s.maxDepth() > MAX_PARSE_DEPTH || s.source().length() > MAX_PARSE_CHARS
                || s.tokens().stream().noneMatch(t -> TYPE_KEYWORDS.contains(t.text()))) {
            return Optional.empty();
        }
        // RAW: the grammar of the newest Java without the per-version validators, so newer syntax is accepted too
        ParserConfiguration configuration = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.RAW)
                .setAttributeComments(false)
                .setLexicalPreservationEnabled(false)
                .setTabSize(1);
        try {
            ParseResult<CompilationUnit> result = new JavaParser(configuration).parse(s.source());
            return result.isSuccessful() ? result.getResult() : Optional.empty();
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.empty();
        }
    }

    private static Structure fromTree(CompilationUnit unit, LexedSource s, String path) {
        Structure.Builder out = new Structure.Builder();
        String basePackage = JvmTokenRules.basePackage(
                unit.getPackageDeclaration().map(p -> p.getNameAsString()).orElse(""));
        for (ImportDeclaration d : unit.getImports()) {
            String name = d.getNameAsString();
            Name simple = d.getName();
            out.importOf(d.isAsterisk() ? name + ".*" : name, JvmTokenRules.origin(name, basePackage),
                    d.isAsterisk() ? List.of() : List.of(simple.getIdentifier()));
        }
        String fileName = JvmTokenRules.baseNameWithoutExtension(path);
        List<TypeDeclaration<?>> publicTypes = unit.getTypes().stream().filter(TypeDeclaration::isPublic).toList();
        TypeDeclaration<?> primary = publicTypes.stream().filter(t -> t.getNameAsString().equals(fileName))
                .findFirst().orElse(publicTypes.isEmpty() ? null : publicTypes.get(0));
        for (TypeDeclaration<?> type : publicTypes) {
            int[] span = span(s, type);
            out.export(type.getNameAsString(), Structure.Kind.CLASS, false, false, span[0], span[1]);
        }
        if (primary != null) {
            boolean iface = primary instanceof ClassOrInterfaceDeclaration c && c.isInterface();
            for (MethodDeclaration m : primary.getMethods()) {
                if (m.isPublic() || iface && !m.isPrivate()) {
                    int[] span = span(s, m);
                    out.export(m.getNameAsString(), Structure.Kind.FUNCTION, false, !m.isStatic(), span[0], span[1]);
                }
            }
        }
        out.mutableStaticField(unit.findAll(FieldDeclaration.class).stream()
                .anyMatch(f -> f.isStatic() && !f.isFinal() && !inInterface(f)));
        return out.build();
    }

    private static boolean inInterface(FieldDeclaration f) {
        return f.getParentNode().filter(p -> p instanceof ClassOrInterfaceDeclaration c && c.isInterface())
                .isPresent();
    }

    /** The node's offsets [start, end) in the source (JavaParser positions are 1-based, tabs counted as one). */
    private static int[] span(LexedSource s, Node node) {
        Optional<Range> range = node.getRange();
        if (range.isEmpty()) {
            return new int[] { -1, -1 };
        }
        return new int[] { offset(s, range.get().begin), Math.min(s.source().length(), offset(s, range.get().end) + 1) };
    }

    private static int offset(LexedSource s, Position p) {
        return Math.min(s.source().length(), s.lineStart(p.line) + Math.max(0, p.column - 1));
    }
}
