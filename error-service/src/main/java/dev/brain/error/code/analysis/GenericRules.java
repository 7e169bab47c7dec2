package dev.brain.error.code.analysis;

import java.util.List;
import java.util.Set;

/**
 * The generic rules of error-code.md §9.2 for languages without rules of their own: a line starting with
 * {@code export|public|pub|def|func|function} followed by a name exports it; a line starting with
 * {@code import|use|require|include} (or C's {@code #include}) is an import. C and C++ {@code #include <x>} is
 * standard, {@code #include "x"} internal; every other import counts as a dependency.
 */
final class GenericRules {

    private static final Set<String> EXPORT_WORDS = Set.of("export", "public", "pub", "def", "func", "function");
    private static final Set<String> IMPORT_WORDS = Set.of("import", "use", "require", "include");
    private static final int MAX_SPECIFIER = 200;

    private GenericRules() {
    }

    static Structure extract(LexedSource s) {
        Structure.Builder out = new Structure.Builder();
        boolean c = Languages.C.equals(s.language()) || Languages.CPP.equals(s.language());
        for (int i = 0; i < s.size(); i++) {
            Token t = s.token(i);
            if (!t.firstOnLine()) {
                continue;
            }
            if (EXPORT_WORDS.contains(t.text()) && s.isIdent(i + 1) && s.token(i + 1).line() == t.line()) {
                int end = Extents.declarationEnd(s, i, false);
                out.export(s.text(i + 1), Structure.Kind.FUNCTION, false, false, t.start(), s.token(end).end());
                i = Math.max(i, end);
            } else if (IMPORT_WORDS.contains(t.text()) || t.isPunct("#") && s.is(i + 1, "include")) {
                int keyword = t.isPunct("#") ? i + 1 : i;
                if (s.token(keyword).line() != t.line() || keyword + 1 >= s.size()
                        || s.token(keyword + 1).line() != t.line()) {
                    continue;
                }
                int from = s.token(keyword + 1).start();
                String rest = s.source().substring(from, s.lineEnd(t.line())).strip();
                String specifier = rest.length() > MAX_SPECIFIER ? rest.substring(0, MAX_SPECIFIER) : rest;
                Structure.Origin origin = Structure.Origin.EXTERNAL;
                if (c && s.is(keyword, "include")) {
                    origin = s.is(keyword + 1, "<") ? Structure.Origin.STANDARD : Structure.Origin.INTERNAL;
                }
                out.importOf(specifier, origin, List.of());
            }
        }
        return out.build();
    }
}
