package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Go exports (capitalized top-level {@code func}, {@code type}, {@code var}, {@code const}; methods
 * {@code func (r T) N} as members named {@code T.N}) and imports (error-code.md §9.2).
 *
 * <p>
 * Without the module's {@code go.mod} the module prefix is inferred: an import is internal when it is relative, or
 * when a segment at position ≥ 2 of its path (after host and owner) equals the first directory of the file path
 * ({@code github.com/acme/shop/pkg/sleep} from {@code pkg/retry/retry.go}).
 */
final class GoRules {

    private GoRules() {
    }

    static Structure extract(LexedSource s, String path) {
        Structure.Builder out = new Structure.Builder();
        String firstDir = firstDirectory(path);
        int n = s.size();
        int i = 0;
        while (i < n) {
            int end = i;
            if (s.braceDepth(i) == 0 && s.bracketDepth(i) == 0) {
                switch (s.text(i)) {
                    case "import" -> end = imports(s, i, firstDir, out);
                    case "func" -> end = func(s, i, out);
                    case "type", "var", "const" -> end = spec(s, i, out);
                    default -> end = i;
                }
            }
            i = Math.max(i + 1, end + 1);
        }
        return out.build();
    }

    /** Lines at which exported top-level declarations start (for the doc-comment rule of §9.4). */
    static List<Integer> exportedDeclarationLines(LexedSource s) {
        List<Integer> lines = new ArrayList<>();
        for (Structure.Export e : extract(s, "").exports()) {
            if (e.located()) {
                lines.add(s.lineOf(e.start()));
            }
        }
        return lines;
    }

    private static int imports(LexedSource s, int i, String firstDir, Structure.Builder out) {
        if (s.is(i + 1, "(") && s.match(i + 1) > i) {
            int close = s.match(i + 1);
            for (int k = i + 2; k < close; k++) {
                if (s.isString(k)) {
                    String alias = s.isIdent(k - 1) ? s.text(k - 1) : s.is(k - 1, ".") || s.is(k - 1, "_") ? "" : null;
                    add(s.text(k), alias, firstDir, out);
                }
            }
            return close;
        }
        int k = s.isString(i + 1) ? i + 1 : i + 2;
        if (s.isString(k)) {
            add(s.text(k), k == i + 2 && s.isIdent(i + 1) ? s.text(i + 1) : null, firstDir, out);
            return k;
        }
        return i;
    }

    private static void add(String literal, String alias, String firstDir, Structure.Builder out) {
        String path = ScriptRules.unquote(literal);
        String local = alias != null ? alias : packageName(path);
        out.importOf(path, origin(path, firstDir), local.isEmpty() || local.equals("_") ? List.of() : List.of(local));
    }

    /** The last path element, a major-version suffix ({@code /v2}) skipped. */
    private static String packageName(String path) {
        String[] parts = path.split("/");
        int last = parts.length - 1;
        if (last > 0 && parts[last].matches("v[0-9]{1,4}")) {
            last--;
        }
        return parts[last];
    }

    private static Structure.Origin origin(String path, String firstDir) {
        if (path.startsWith(".")) {
            return Structure.Origin.INTERNAL;
        }
        String[] parts = path.split("/");
        if (!parts[0].contains(".")) {
            return Structure.Origin.STANDARD;
        }
        if (firstDir != null) {
            for (int k = 2; k < parts.length; k++) {
                if (parts[k].equals(firstDir)) {
                    return Structure.Origin.INTERNAL;
                }
            }
        }
        return Structure.Origin.EXTERNAL;
    }

    private static int func(LexedSource s, int i, Structure.Builder out) {
        int end = Extents.declarationEnd(s, i, true);
        if (s.is(i + 1, "(") && s.match(i + 1) > i) {
            int close = s.match(i + 1);
            String receiver = null;
            for (int k = i + 2; k < close && !s.is(k, "["); k++) {
                if (s.isIdent(k)) {
                    receiver = s.text(k);
                }
            }
            if (receiver != null && exported(s, close + 1)) {
                out.export(receiver + "." + s.text(close + 1), Structure.Kind.FUNCTION, false, true,
                        s.token(i).start(), s.token(end).end());
            }
        } else if (exported(s, i + 1)) {
            out.export(s.text(i + 1), Structure.Kind.FUNCTION, false, false, s.token(i).start(), s.token(end).end());
        }
        return end;
    }

    /** {@code type}/{@code var}/{@code const}, single or grouped in parentheses. */
    private static int spec(LexedSource s, int i, Structure.Builder out) {
        boolean type = s.is(i, "type");
        if (s.is(i + 1, "(") && s.match(i + 1) > i) {
            int close = s.match(i + 1);
            int level = s.bracketDepth(i + 2);
            int k = i + 2;
            while (k < close) {
                int next = k + 1;
                while (next < close && !(s.token(next).firstOnLine() && s.bracketDepth(next) == level
                        && !s.is(next, "}") && !s.is(next, ")") && !s.is(next, "]"))) {
                    next++;
                }
                names(s, k, next - 1, type, out);
                k = next;
            }
            return close;
        }
        int end = Extents.declarationEnd(s, i, false);
        names(s, i + 1, end, type, out);
        return end;
    }

    private static void names(LexedSource s, int from, int to, boolean type, Structure.Builder out) {
        int start = s.token(from).start();
        int end = s.token(Math.max(from, to)).end();
        if (s.is(from - 1, "type") || s.is(from - 1, "var") || s.is(from - 1, "const")) {
            start = s.token(from - 1).start();
        }
        int k = from;
        while (s.isIdent(k) && k <= to) {
            if (exported(s, k)) {
                boolean struct = type && (s.is(k + 1, "struct")
                        || s.is(k + 1, "[") && s.match(k + 1) > k && s.is(s.match(k + 1) + 1, "struct"));
                Structure.Kind kind = type ? struct ? Structure.Kind.CLASS : Structure.Kind.TYPE
                        : Structure.Kind.VALUE;
                out.export(s.text(k), kind, false, false, start, end);
            }
            if (type || !s.is(k + 1, ",")) {
                break;
            }
            k += 2;
        }
    }

    private static boolean exported(LexedSource s, int k) {
        if (!s.isIdent(k)) {
            return false;
        }
        char c = s.text(k).charAt(0);
        return c >= 'A' && c <= 'Z';
    }

    private static String firstDirectory(String path) {
        String[] parts = path.split("/");
        for (int k = 0; k < parts.length - 1; k++) {
            if (!parts[k].isEmpty() && !parts[k].equals(".")) {
                return parts[k];
            }
        }
        return null;
    }
}
