package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TypeScript and JavaScript exports and imports (error-code.md §9.2), read off the token stream: ES module
 * {@code export}/{@code import}, CommonJS {@code module.exports}/{@code exports.N}/{@code require('x')}.
 */
final class ScriptRules {

    private static final Set<String> MODIFIERS = Set.of("declare", "async", "abstract");

    private ScriptRules() {
    }

    /** A top-level declaration that an export may point at. */
    private record Local(int start, int end, Structure.Kind kind) {
    }

    /** An export naming a local ({@code export { a as b }}, {@code export default a}), resolved after the pass. */
    private record Reference(String local, String exported, boolean isDefault, int start, int end) {
    }

    static Structure extract(LexedSource s) {
        Structure.Builder out = new Structure.Builder();
        Map<String, Local> locals = new HashMap<>();
        List<Reference> references = new ArrayList<>();
        requires(s, out);
        int n = s.size();
        int i = 0;
        while (i < n) {
            if (s.braceDepth(i) != 0 || s.bracketDepth(i) != 0 || s.is(i - 1, ".")) {
                i++;
                continue;
            }
            String t = s.text(i);
            int end;
            if (t.equals("import") && !s.is(i + 1, "(") && !s.is(i + 1, ".")) {
                end = importStatement(s, i, out);
            } else if (t.equals("export")) {
                end = exportStatement(s, i, out, references);
            } else if (t.equals("module") && s.is(i + 1, ".") && s.is(i + 2, "exports")) {
                end = moduleExports(s, i, out, references);
            } else if (t.equals("exports") && s.is(i + 1, ".") && s.isIdent(i + 2) && s.is(i + 3, "=")) {
                end = Extents.declarationEnd(s, i, false);
                out.export(s.text(i + 2), Structure.Kind.VALUE, false, false, s.token(i).start(),
                        s.token(end).end());
            } else {
                end = local(s, i, locals);
            }
            i = Math.max(i + 1, end + 1);
        }
        for (Reference r : references) {
            Local local = locals.get(r.local());
            if (local != null) {
                out.export(r.exported(), local.kind(), r.isDefault(), false, s.token(local.start()).start(),
                        s.token(local.end()).end());
            } else {
                out.export(r.exported(), Structure.Kind.VALUE, r.isDefault(), false, r.start(), r.end());
            }
        }
        return out.build();
    }

    /** {@code require('x')} and {@code import('x')} anywhere. */
    private static void requires(LexedSource s, Structure.Builder out) {
        for (int i = 0; i + 3 < s.size(); i++) {
            boolean require = s.is(i, "require") || s.is(i, "import");
            if (!require || !s.is(i + 1, "(") || !s.isString(i + 2) || !s.is(i + 3, ")") || s.is(i - 1, ".")) {
                continue;
            }
            List<String> names = new ArrayList<>();
            if (s.is(i - 1, "=") && s.isIdent(i - 2)) {
                names.add(s.text(i - 2));
            } else if (s.is(i - 1, "=") && s.is(i - 2, "}") && s.match(i - 2) >= 0) {
                destructured(s, s.match(i - 2) + 1, i - 2, names);
            }
            out.importOf(unquote(s.text(i + 2)), origin(unquote(s.text(i + 2))), names);
        }
    }

    /** {@code { a, b: c }} of a destructuring: the bound names a and c. */
    private static void destructured(LexedSource s, int from, int to, List<String> names) {
        for (int k = from; k < to; k++) {
            if (s.isIdent(k) && (s.is(k + 1, ",") || k + 1 == to || s.is(k + 1, "="))
                    && (s.is(k - 1, ",") || s.is(k - 1, ":") || s.is(k - 1, "{"))) {
                names.add(s.text(k));
            }
        }
    }

    private static int importStatement(LexedSource s, int i, Structure.Builder out) {
        int j = i + 1;
        if (s.is(j, "type") && !s.is(j + 1, ",") && !s.is(j + 1, "from") && !s.is(j + 1, "=")) {
            j++;
        }
        List<String> names = new ArrayList<>();
        if (s.isString(j)) {
            out.importOf(unquote(s.text(j)), origin(unquote(s.text(j))), names);
            return endAt(s, j);
        }
        if (s.isIdent(j) && s.is(j + 1, "=")) {
            return Extents.declarationEnd(s, i, false); // import x = require('m'): recorded by requires()
        }
        int limit = Math.min(s.size(), j + 2000);
        int k = j;
        while (k < limit) {
            String t = s.text(k);
            if (t.equals("from") && s.isString(k + 1)) {
                out.importOf(unquote(s.text(k + 1)), origin(unquote(s.text(k + 1))), names);
                return endAt(s, k + 1);
            }
            if (t.equals("{") && s.match(k) > k) {
                for (String[] pair : specifiers(s, k + 1, s.match(k))) {
                    names.add(pair[1]);
                }
                k = s.match(k) + 1;
            } else if (t.equals("*") && s.is(k + 1, "as") && s.isIdent(k + 2)) {
                names.add(s.text(k + 2));
                k += 3;
            } else if (s.isIdent(k) || t.equals(",")) {
                if (s.isIdent(k)) {
                    names.add(t);
                }
                k++;
            } else {
                break;
            }
        }
        return Math.max(i, k - 1);
    }

    private static int endAt(LexedSource s, int j) {
        return s.is(j + 1, ";") ? j + 1 : j;
    }

    /** {@code a, b as c, type D}: pairs {first name, last name} ({@code {"b", "c"}}). */
    private static List<String[]> specifiers(LexedSource s, int from, int to) {
        List<String[]> pairs = new ArrayList<>();
        int k = from;
        while (k < to) {
            if (s.is(k, "type") && s.isIdent(k + 1) && !s.is(k + 1, "as") && k + 1 < to) {
                k++;
            }
            if (s.isIdent(k)) {
                String first = s.text(k);
                String last = first;
                if (s.is(k + 1, "as") && (s.isIdent(k + 2) || s.isString(k + 2)) && k + 2 < to) {
                    last = s.isString(k + 2) ? unquote(s.text(k + 2)) : s.text(k + 2);
                    k += 2;
                }
                pairs.add(new String[] { first, last });
            }
            while (k < to && !s.is(k, ",")) {
                k++;
            }
            k++;
        }
        return pairs;
    }

    private static int exportStatement(LexedSource s, int i, Structure.Builder out, List<Reference> references) {
        int j = i + 1;
        int at = s.token(i).start();
        if (s.is(j, "default")) {
            return defaultExport(s, i, j + 1, out, references);
        }
        if (s.is(j, "{") && s.match(j) > j) {
            int close = s.match(j);
            int end = close;
            boolean reexport = s.is(close + 1, "from") && s.isString(close + 2);
            if (reexport) {
                out.importOf(unquote(s.text(close + 2)), origin(unquote(s.text(close + 2))), List.of());
                end = close + 2;
            }
            end = endAt(s, end);
            for (String[] pair : specifiers(s, j + 1, close)) {
                boolean isDefault = pair[1].equals("default");
                String exported = isDefault ? pair[0] : pair[1];
                references.add(new Reference(reexport ? "" : pair[0], exported, isDefault, at, s.token(end).end()));
            }
            return end;
        }
        if (s.is(j, "*")) {
            int end = Extents.declarationEnd(s, i, false);
            if (s.is(j + 1, "as") && s.isIdent(j + 2)) {
                out.export(s.text(j + 2), Structure.Kind.VALUE, false, false, at, s.token(end).end());
            }
            for (int k = j; k <= end; k++) {
                if (s.is(k, "from") && s.isString(k + 1)) {
                    out.importOf(unquote(s.text(k + 1)), origin(unquote(s.text(k + 1))), List.of());
                }
            }
            return end;
        }
        if (s.is(j, "=")) {
            int end = Extents.declarationEnd(s, i, false);
            boolean named = s.isIdent(j + 1) && end <= j + 2;
            references.add(new Reference(named ? s.text(j + 1) : "", named ? s.text(j + 1) : "default", true, at,
                    s.token(end).end()));
            return end;
        }
        if (s.is(j, "import") && s.isIdent(j + 1)) {
            int end = Extents.declarationEnd(s, i, false);
            out.export(s.text(j + 1), Structure.Kind.VALUE, false, false, at, s.token(end).end());
            return end;
        }
        int k = j;
        while (MODIFIERS.contains(s.text(k))) {
            k++;
        }
        Declaration d = declaration(s, k);
        if (d == null) {
            return Extents.declarationEnd(s, i, false);
        }
        int end = Extents.declarationEnd(s, i, d.needsBody());
        out.export(d.name(), d.kind(), false, false, at, s.token(end).end());
        return end;
    }

    private static int defaultExport(LexedSource s, int i, int j, Structure.Builder out,
            List<Reference> references) {
        int at = s.token(i).start();
        int k = s.is(j, "async") ? j + 1 : j;
        if (s.is(k, "function")) {
            int name = s.is(k + 1, "*") ? k + 2 : k + 1;
            int end = Extents.declarationEnd(s, i, true);
            out.export(s.isIdent(name) ? s.text(name) : "default", Structure.Kind.FUNCTION, true, false, at,
                    s.token(end).end());
            return end;
        }
        k = s.is(j, "abstract") ? j + 1 : j;
        if (s.is(k, "class")) {
            boolean named = s.isIdent(k + 1) && !s.is(k + 1, "extends") && !s.is(k + 1, "implements");
            int end = Extents.declarationEnd(s, i, true);
            out.export(named ? s.text(k + 1) : "default", Structure.Kind.CLASS, true, false, at, s.token(end).end());
            return end;
        }
        int end = Extents.declarationEnd(s, i, false);
        boolean reference = s.isIdent(j) && end <= j + 1;
        references.add(new Reference(reference ? s.text(j) : "", reference ? s.text(j) : "default", true, at,
                s.token(end).end()));
        return end;
    }

    /** {@code module.exports = ...} and {@code module.exports.N = ...}. */
    private static int moduleExports(LexedSource s, int i, Structure.Builder out, List<Reference> references) {
        int end = Extents.declarationEnd(s, i, false);
        int at = s.token(i).start();
        if (s.is(i + 3, ".") && s.isIdent(i + 4) && s.is(i + 5, "=")) {
            out.export(s.text(i + 4), Structure.Kind.VALUE, false, false, at, s.token(end).end());
            return end;
        }
        if (!s.is(i + 3, "=")) {
            return end;
        }
        int v = i + 4;
        if (s.is(v, "{") && s.match(v) > v) {
            int close = s.match(v);
            int inner = s.bracketDepth(v) + 1;
            for (int k = v + 1; k < close; k++) {
                boolean entryStart = k == v + 1 || s.is(k - 1, ",");
                if (!entryStart || s.bracketDepth(k) != inner || !(s.isIdent(k) || s.isString(k))) {
                    continue;
                }
                String key = s.isString(k) ? unquote(s.text(k)) : s.text(k);
                String local = s.is(k + 1, ":") && s.isIdent(k + 2) && (s.is(k + 3, ",") || k + 3 == close)
                        ? s.text(k + 2)
                        : s.isIdent(k) ? key : "";
                references.add(new Reference(local, key, false, at, s.token(end).end()));
            }
            return end;
        }
        int k = s.is(v, "async") ? v + 1 : v;
        if ((s.is(k, "function") || s.is(k, "class")) && s.isIdent(k + 1) && !s.is(k + 1, "extends")) {
            out.export(s.text(k + 1), s.is(k, "class") ? Structure.Kind.CLASS : Structure.Kind.FUNCTION, true, false,
                    at, s.token(end).end());
        } else if (s.isIdent(v) && end <= v + 1) {
            references.add(new Reference(s.text(v), s.text(v), true, at, s.token(end).end()));
        } else {
            out.export("default", Structure.Kind.VALUE, true, false, at, s.token(end).end());
        }
        return end;
    }

    /** A top-level declaration not exported where it stands; recorded so that exports naming it find it. */
    private static int local(LexedSource s, int i, Map<String, Local> locals) {
        int k = i;
        while (MODIFIERS.contains(s.text(k))) {
            k++;
        }
        Declaration d = declaration(s, k);
        if (d == null) {
            return i;
        }
        int end = Extents.declarationEnd(s, i, d.needsBody());
        locals.putIfAbsent(d.name(), new Local(i, end, d.kind()));
        return end;
    }

    private record Declaration(String name, Structure.Kind kind, boolean needsBody) {
    }

    /** The declaration whose keyword is token k ({@code function}, {@code class}, {@code const}, ...), or null. */
    private static Declaration declaration(LexedSource s, int k) {
        String keyword = s.text(k);
        int name = k + 1;
        switch (keyword) {
            case "function" -> {
                name = s.is(k + 1, "*") ? k + 2 : k + 1;
                return named(s, name, Structure.Kind.FUNCTION, true);
            }
            case "class" -> {
                return named(s, name, Structure.Kind.CLASS, true);
            }
            case "const" -> {
                return s.is(k + 1, "enum") ? named(s, k + 2, Structure.Kind.TYPE, true)
                        : named(s, name, Structure.Kind.VALUE, false);
            }
            case "let", "var" -> {
                return named(s, name, Structure.Kind.VALUE, false);
            }
            case "type" -> {
                return s.isIdent(k + 1) && (s.is(k + 2, "=") || s.is(k + 2, "<"))
                        ? named(s, name, Structure.Kind.TYPE, false)
                        : null;
            }
            case "interface", "enum" -> {
                return named(s, name, Structure.Kind.TYPE, true);
            }
            case "namespace", "module" -> {
                return s.isIdent(k + 1) && (s.is(k + 2, "{") || s.is(k + 2, ".")) ? named(s, name,
                        Structure.Kind.TYPE, true) : null;
            }
            default -> {
                return null;
            }
        }
    }

    private static Declaration named(LexedSource s, int name, Structure.Kind kind, boolean needsBody) {
        return s.isIdent(name) ? new Declaration(s.text(name), kind, needsBody) : null;
    }

    static String unquote(String literal) {
        if (literal.length() >= 2) {
            char q = literal.charAt(0);
            if ((q == '\'' || q == '"' || q == '`') && literal.charAt(literal.length() - 1) == q) {
                return literal.substring(1, literal.length() - 1);
            }
        }
        return literal;
    }

    private static Structure.Origin origin(String specifier) {
        if (specifier.startsWith(".")) {
            return Structure.Origin.INTERNAL;
        }
        return StandardLibraries.isNodeBuiltin(specifier) ? Structure.Origin.STANDARD : Structure.Origin.EXTERNAL;
    }
}
