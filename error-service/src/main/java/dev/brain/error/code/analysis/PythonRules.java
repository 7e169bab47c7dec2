package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Python exports ({@code __all__} if present, else top-level {@code def}/{@code async def}/{@code class} not starting
 * with {@code _}) and imports ({@code import x}, {@code from x import y}), error-code.md §9.2. Blocks end by
 * indentation.
 */
final class PythonRules {

    private PythonRules() {
    }

    static Structure extract(LexedSource s, String path) {
        Structure.Builder out = new Structure.Builder();
        String topPackage = topPackage(path);
        imports(s, topPackage, out);
        Map<String, Structure.Export> topLevel = new LinkedHashMap<>();
        List<String> all = null;
        for (int i = 0; i < s.size(); i++) {
            Token t = s.token(i);
            if (!t.firstOnLine() || t.column() != 0 || s.bracketDepth(i) != 0 || !t.isIdent()) {
                continue;
            }
            int name = -1;
            Structure.Kind kind = Structure.Kind.FUNCTION;
            if (t.is("def")) {
                name = i + 1;
            } else if (t.is("async") && s.is(i + 1, "def")) {
                name = i + 2;
            } else if (t.is("class")) {
                name = i + 1;
                kind = Structure.Kind.CLASS;
            } else if (t.is("__all__") && (s.is(i + 1, "=") || s.is(i + 1, "+") && s.is(i + 2, "="))) {
                all = all == null ? new ArrayList<>() : all;
                allNames(s, s.is(i + 1, "=") ? i + 2 : i + 3, all);
                continue;
            } else if ((s.is(i + 1, "=") && !s.is(i + 2, "=") || s.is(i + 1, ":"))
                    && !Languages.isKeyword(Languages.PYTHON, t.text())) {
                name = i;
                kind = Structure.Kind.VALUE;
            }
            if (name < 0 || !s.isIdent(name) || topLevel.containsKey(s.text(name))) {
                continue;
            }
            int end = Extents.pythonEnd(s, i);
            topLevel.put(s.text(name), new Structure.Export(s.text(name), kind, false, false, t.start(),
                    s.token(end).end()));
        }
        if (all != null) {
            for (String name : all) {
                Structure.Export e = topLevel.get(name);
                out.export(e != null ? e : new Structure.Export(name, Structure.Kind.VALUE, false, false, -1, -1));
            }
        } else {
            topLevel.values().stream().filter(e -> e.kind() != Structure.Kind.VALUE && !e.name().startsWith("_"))
                    .forEach(out::export);
        }
        return out.build();
    }

    private static void allNames(LexedSource s, int open, List<String> into) {
        int close = s.match(open);
        if (!(s.is(open, "[") || s.is(open, "(")) || close < open) {
            return;
        }
        for (int k = open + 1; k < close; k++) {
            if (s.isString(k)) {
                into.add(unquote(s.text(k)));
            }
        }
    }

    private static void imports(LexedSource s, String topPackage, Structure.Builder out) {
        for (int i = 0; i < s.size(); i++) {
            Token t = s.token(i);
            if (!(t.firstOnLine() || s.is(i - 1, ";")) || s.bracketDepth(i) != 0) {
                continue;
            }
            if (t.is("import")) {
                int k = i + 1;
                while (s.isIdent(k) && s.token(k).line() == t.line()) {
                    int[] end = new int[1];
                    String module = dotted(s, k, end);
                    k = end[0];
                    String local = module.contains(".") ? module.substring(0, module.indexOf('.')) : module;
                    if (s.is(k, "as") && s.isIdent(k + 1)) {
                        local = s.text(k + 1);
                        k += 2;
                    }
                    out.importOf(module, origin(module, topPackage), List.of(local));
                    if (!s.is(k, ",")) {
                        break;
                    }
                    k++;
                }
            } else if (t.is("from")) {
                int k = i + 1;
                StringBuilder module = new StringBuilder();
                while (s.is(k, ".")) {
                    module.append('.');
                    k++;
                }
                if (s.isIdent(k) && !s.is(k, "import")) {
                    int[] end = new int[1];
                    module.append(dotted(s, k, end));
                    k = end[0];
                }
                if (!s.is(k, "import") || module.length() == 0) {
                    continue;
                }
                List<String> names = new ArrayList<>();
                int line = s.token(k).line();
                k++;
                int close = s.is(k, "(") ? s.match(k) : -1;
                if (close > k) {
                    k++;
                }
                while (k < s.size() && (close > k || close < 0 && s.token(k).line() == line)) {
                    if (s.isIdent(k) && !s.is(k, "as")) {
                        boolean alias = s.is(k + 1, "as") && s.isIdent(k + 2);
                        names.add(alias ? s.text(k + 2) : s.text(k));
                        k += alias ? 3 : 1;
                    } else if (s.is(k, ",") || s.is(k, "*")) {
                        k++;
                    } else {
                        break;
                    }
                }
                out.importOf(module.toString(), origin(module.toString(), topPackage), names);
            }
        }
    }

    /** {@code a.b.c} starting at token k; end[0] receives the index after it. */
    private static String dotted(LexedSource s, int k, int[] end) {
        StringBuilder name = new StringBuilder(s.text(k));
        int j = k + 1;
        while (s.is(j, ".") && s.isIdent(j + 1)) {
            name.append('.').append(s.text(j + 1));
            j += 2;
        }
        end[0] = j;
        return name.toString();
    }

    /** Internal if relative or in the file's own top package; standard if CPython 3.12 ships it. */
    private static Structure.Origin origin(String module, String topPackage) {
        if (module.startsWith(".")) {
            return Structure.Origin.INTERNAL;
        }
        int dot = module.indexOf('.');
        String top = dot < 0 ? module : module.substring(0, dot);
        if (top.equals(topPackage)) {
            return Structure.Origin.INTERNAL;
        }
        return StandardLibraries.PYTHON.contains(top) ? Structure.Origin.STANDARD : Structure.Origin.EXTERNAL;
    }

    /** The first directory of the file path (a leading {@code src/} skipped): the file's top package. */
    private static String topPackage(String path) {
        String[] segments = path.split("/");
        int i = 0;
        while (i < segments.length - 1 && (segments[i].isEmpty() || segments[i].equals(".")
                || segments[i].equals("src"))) {
            i++;
        }
        return i < segments.length - 1 ? segments[i] : null;
    }

    static String unquote(String literal) {
        int q = 0;
        while (q < literal.length() && Character.isLetter(literal.charAt(q))) {
            q++;
        }
        String body = literal.substring(q);
        for (String quote : new String[] { "\"\"\"", "'''", "\"", "'" }) {
            if (body.length() >= 2 * quote.length() && body.startsWith(quote) && body.endsWith(quote)) {
                return body.substring(quote.length(), body.length() - quote.length());
            }
        }
        return body;
    }
}
