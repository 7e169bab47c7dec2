package dev.brain.error.code.analysis;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The reusability score of error-code.md §9.4: six weighted signals. All but {@code documentation} look at the token
 * stream — comments already stripped, strings and numbers already single tokens — so a marker inside a string or a
 * comment never counts; {@code documentation} looks at the comments of the raw source.
 */
final class Reusability {

    static final String SINGLE_RESPONSIBILITY = "single_responsibility";
    static final String PURE_FUNCTION = "pure_function";
    static final String CLEAR_INTERFACE = "clear_interface";
    static final String LOW_COUPLING = "low_coupling";
    static final String GENERIC_UTILITY = "generic_utility";
    static final String DOCUMENTATION = "documentation";

    private static final Map<String, Double> WEIGHTS = weights();
    private static final Set<String> UTIL_SEGMENTS = Set.of("utils", "util", "helpers", "lib", "shared", "common");

    /** Side-effect markers per language; a token pattern, {@code Print*} matches a prefix. */
    private static final List<String[]> SCRIPT_MARKERS = List.of(new String[] { "fs", "." },
            new String[] { "process", "." }, new String[] { "console", "." }, new String[] { "fetch", "(" },
            new String[] { "XMLHttpRequest" }, new String[] { "document", "." }, new String[] { "window", "." },
            new String[] { "global", "." }, new String[] { "localStorage" }, new String[] { "Math", ".", "random", "(" });
    private static final List<String[]> PYTHON_MARKERS = List.of(new String[] { "print", "(" },
            new String[] { "open", "(" }, new String[] { "os", "." }, new String[] { "sys", "." },
            new String[] { "subprocess" }, new String[] { "requests", "." }, new String[] { "input", "(" },
            new String[] { "global" });
    private static final List<String[]> JVM_MARKERS = List.of(new String[] { "System", ".", "out" },
            new String[] { "System", ".", "err" }, new String[] { "System", ".", "exit" }, new String[] { "Files", "." },
            new String[] { "new", "File", "(" }, new String[] { "Runtime", ".", "getRuntime" },
            new String[] { "HttpClient" });
    private static final List<String[]> GO_MARKERS = List.of(new String[] { "fmt", ".", "Print*" },
            new String[] { "os", "." }, new String[] { "log", "." }, new String[] { "http", "." },
            new String[] { "ioutil", "." });
    private static final List<String[]> RUST_MARKERS = List.of(new String[] { "println", "!" },
            new String[] { "eprintln", "!" }, new String[] { "std", ":", ":", "fs" },
            new String[] { "std", ":", ":", "env" }, new String[] { "std", ":", ":", "process" },
            new String[] { "static", "mut" }, new String[] { "unsafe" });

    private Reusability() {
    }

    /** Signals in the order of §9.4, their weighted sum (both rounded to 4 decimals), whether no marker was found. */
    record Result(Map<String, Double> signals, double score, boolean pure) {
    }

    /**
     * @param module the module's own source, lexed
     * @param exports how many names the module exports
     * @param imports its non-standard imports (dependencies and internal imports)
     * @param mutableStaticField java: a static non-final field is declared (a marker of its own)
     */
    static Result score(LexedSource module, int exports, int imports, String filePath, boolean mutableStaticField) {
        String language = module.language();
        int markers = markers(module) + (Languages.isJvm(language) && mutableStaticField ? 1 : 0);
        Map<String, Double> signals = new LinkedHashMap<>();
        signals.put(SINGLE_RESPONSIBILITY, exports == 0 ? 0.0 : exports <= 3 ? 1.0 : exports <= 6 ? 0.6 : 0.3);
        signals.put(PURE_FUNCTION, markers == 0 ? 1.0 : Math.max(0.0, 1.0 - 0.3 * markers));
        signals.put(CLEAR_INTERFACE, Math.min(1.0, 0.5 + 0.3 * (typed(module) ? 1 : 0)
                + 0.2 * (escapeHatch(module) ? 0 : 1)));
        signals.put(LOW_COUPLING, imports == 0 ? 1.0 : imports <= 3 ? 0.8 : imports <= 6 ? 0.5 : 0.2);
        boolean util = utilPath(filePath);
        boolean generics = generics(module);
        signals.put(GENERIC_UTILITY, !util && !generics ? 0.2
                : Math.min(1.0, 0.6 * (util ? 1 : 0) + 0.4 * (generics ? 1 : 0)));
        signals.put(DOCUMENTATION, documentation(module));
        double score = 0;
        for (Map.Entry<String, Double> signal : signals.entrySet()) {
            signal.setValue(round(signal.getValue()));
            score += WEIGHTS.get(signal.getKey()) * signal.getValue();
        }
        return new Result(signals, round(score), markers == 0);
    }

    /** 4 decimals: {@code 1 - 0.3 * 3} is 0.1, not 0.10000000000000009. */
    private static double round(double value) {
        return Math.round(value * 10_000) / 10_000.0;
    }

    private static Map<String, Double> weights() {
        Map<String, Double> w = new LinkedHashMap<>();
        w.put(SINGLE_RESPONSIBILITY, 0.25);
        w.put(PURE_FUNCTION, 0.20);
        w.put(CLEAR_INTERFACE, 0.20);
        w.put(LOW_COUPLING, 0.15);
        w.put(GENERIC_UTILITY, 0.10);
        w.put(DOCUMENTATION, 0.10);
        return Map.copyOf(w);
    }

    // ---- pure_function

    /** The number of distinct side-effect markers found. */
    static int markers(LexedSource m) {
        List<String[]> patterns = switch (m.language()) {
            case Languages.TYPESCRIPT, Languages.JAVASCRIPT -> SCRIPT_MARKERS;
            case Languages.PYTHON -> PYTHON_MARKERS;
            case Languages.JAVA, Languages.KOTLIN -> JVM_MARKERS;
            case Languages.GO -> GO_MARKERS;
            case Languages.RUST -> RUST_MARKERS;
            default -> List.of();
        };
        int found = 0;
        for (String[] pattern : patterns) {
            if (contains(m, pattern)) {
                found++;
            }
        }
        return found;
    }

    private static boolean contains(LexedSource m, String[] pattern) {
        for (int i = 0; i + pattern.length <= m.size(); i++) {
            boolean match = true;
            for (int k = 0; k < pattern.length && match; k++) {
                Token t = m.token(i + k);
                String p = pattern[k];
                match = p.endsWith("*") && p.length() > 1 ? t.isIdent() && t.text().startsWith(p.substring(0,
                        p.length() - 1)) : t.kind() != Token.Kind.STRING && t.text().equals(p);
            }
            if (match) {
                return true;
            }
        }
        return false;
    }

    /** Token check for a static non-final field (java cut modules, where no parse tree is at hand). */
    static boolean mutableStaticField(LexedSource m) {
        for (int i = 0; i < m.size(); i++) {
            if (!m.is(i, "static")) {
                continue;
            }
            int start = i;
            while (start > 0 && !m.is(start - 1, ";") && !m.is(start - 1, "{") && !m.is(start - 1, "}")
                    && i - start < 16) {
                start--;
            }
            boolean isFinal = false;
            for (int k = start; k < i; k++) {
                isFinal |= m.is(k, "final");
            }
            int level = m.bracketDepth(i);
            for (int k = i + 1; k < Math.min(m.size(), i + 64); k++) {
                if (m.bracketDepth(k) != level) {
                    continue;
                }
                if (m.is(k, "final")) {
                    isFinal = true;
                } else if (m.is(k, "(") || m.is(k, "{") || m.is(k, "class") || m.is(k, "interface")
                        || m.is(k, "enum") || m.is(k, "record") || m.is(k, "import")) {
                    break;
                } else if (m.is(k, "=") || m.is(k, ";")) {
                    if (!isFinal && k > i + 2) {
                        return true;
                    }
                    break;
                }
            }
        }
        return false;
    }

    // ---- clear_interface

    /** Whether parameters or returns are typed: always for statically typed languages. */
    static boolean typed(LexedSource m) {
        return switch (m.language()) {
            case Languages.TYPESCRIPT -> scriptAnnotation(m);
            case Languages.PYTHON -> pythonAnnotation(m);
            case Languages.JAVASCRIPT -> jsDocParam(m);
            case Languages.JAVA, Languages.KOTLIN, Languages.GO, Languages.RUST, Languages.C, Languages.CPP -> true;
            default -> false;
        };
    }

    /** A {@code : T} annotation on a parameter ({@code (a: T}, {@code , b?: T}) or a return ({@code ): T}). */
    private static boolean scriptAnnotation(LexedSource m) {
        int[] innermost = innermostOpen(m);
        for (int i = 1; i < m.size(); i++) {
            if (!m.is(i, ":") || m.token(i).kind() != Token.Kind.PUNCT) {
                continue;
            }
            if (m.is(i - 1, ")")) {
                return true;
            }
            if (innermost[i] < 0 || !m.is(innermost[i], "(")) {
                continue;
            }
            int name = m.is(i - 1, "?") ? i - 2 : i - 1;
            if (m.isIdent(name) && (m.is(name - 1, "(") || m.is(name - 1, ",") || m.is(name - 1, "."))
                    || m.is(i - 1, "}") || m.is(i - 1, "]")) {
                return true;
            }
        }
        return false;
    }

    /** An annotated {@code def}: {@code -> T} after the parameters or {@code name: T} among them. */
    private static boolean pythonAnnotation(LexedSource m) {
        for (int i = 0; i + 2 < m.size(); i++) {
            if (!m.is(i, "def") || !m.isIdent(i + 1)) {
                continue;
            }
            int open = i + 2;
            if (m.is(open, "[") && m.match(open) > open) {
                open = m.match(open) + 1;
            }
            int close = m.match(open);
            if (!m.is(open, "(") || close < open) {
                continue;
            }
            if (m.is(close + 1, "-") && m.is(close + 2, ">")) {
                return true;
            }
            int level = m.bracketDepth(open) + 1;
            for (int k = open + 1; k < close; k++) {
                if (m.is(k, ":") && m.bracketDepth(k) == level) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A JSDoc {@code @param {T}}. */
    private static boolean jsDocParam(LexedSource m) {
        for (Comment c : m.comments()) {
            if (c.kind() != Comment.Kind.DOC) {
                continue;
            }
            String text = m.source().substring(c.start(), c.end());
            for (int at = text.indexOf("@param"); at >= 0; at = text.indexOf("@param", at + 6)) {
                int k = at + 6;
                while (k < text.length() && (text.charAt(k) == ' ' || text.charAt(k) == '\t')) {
                    k++;
                }
                if (k < text.length() && text.charAt(k) == '{') {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * An escape hatch of the type system: ts {@code any}, python {@code Any}, a java {@code Object} parameter (kotlin:
     * an {@code Any} parameter), a go {@code interface{}}/{@code any} parameter, rust {@code unsafe}.
     */
    static boolean escapeHatch(LexedSource m) {
        String language = m.language();
        int[] innermost = Languages.JAVA.equals(language) || Languages.KOTLIN.equals(language)
                || Languages.GO.equals(language) ? innermostOpen(m) : null;
        for (int i = 0; i < m.size(); i++) {
            Token t = m.token(i);
            if (!t.isIdent() || m.is(i - 1, ".")) {
                continue;
            }
            boolean inParameters = innermost != null && innermost[i] >= 0 && m.is(innermost[i], "(");
            boolean hatch = switch (language) {
                case Languages.TYPESCRIPT -> t.is("any");
                case Languages.PYTHON -> t.is("Any");
                case Languages.JAVA -> t.is("Object") && inParameters
                        && (m.is(i - 1, "(") || m.is(i - 1, ",") || m.is(i - 1, "final"))
                        && (m.isIdent(i + 1) || m.is(i + 1, ".") || m.is(i + 1, "["));
                case Languages.KOTLIN -> t.is("Any") && inParameters && m.is(i - 1, ":");
                case Languages.GO -> inParameters && (t.is("any")
                        || t.is("interface") && m.is(i + 1, "{") && m.is(i + 2, "}"));
                case Languages.RUST -> t.is("unsafe");
                default -> false;
            };
            if (hatch) {
                return true;
            }
        }
        return false;
    }

    /** For each token, the index of the innermost bracket open around it, or -1. */
    private static int[] innermostOpen(LexedSource m) {
        int[] innermost = new int[m.size()];
        int[] open = new int[16];
        int top = 0;
        for (int i = 0; i < m.size(); i++) {
            Token t = m.token(i);
            if ((t.isPunct(")") || t.isPunct("]") || t.isPunct("}")) && top > 0) {
                top--;
            }
            innermost[i] = top == 0 ? -1 : open[top - 1];
            if (t.isPunct("(") || t.isPunct("[") || t.isPunct("{")) {
                if (top == open.length) {
                    open = Arrays.copyOf(open, open.length * 2);
                }
                open[top++] = i;
            }
        }
        return innermost;
    }

    // ---- generic_utility

    static boolean utilPath(String filePath) {
        if (filePath == null) {
            return false;
        }
        String[] segments = filePath.replace('\\', '/').split("/");
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i].toLowerCase(Locale.ROOT);
            if (i == segments.length - 1 && segment.lastIndexOf('.') > 0) {
                segment = segment.substring(0, segment.lastIndexOf('.'));
            }
            if (UTIL_SEGMENTS.contains(segment)) {
                return true;
            }
        }
        return false;
    }

    /** Type parameters: {@code <T>}, {@code <K, V>}, {@code <T extends X>} (ts, java, kotlin, rust), go, python. */
    static boolean generics(LexedSource m) {
        String language = m.language();
        for (int i = 0; i + 2 < m.size(); i++) {
            boolean found = switch (language) {
                case Languages.TYPESCRIPT, Languages.JAVA, Languages.KOTLIN, Languages.RUST -> m.is(i, "<")
                        && m.isIdent(i + 1) && upper(m.text(i + 1)) && (m.is(i + 2, ",") || m.is(i + 2, ">")
                                || m.is(i + 2, "extends") || m.is(i + 2, ":") || m.is(i + 2, "super"));
                case Languages.GO -> m.is(i, "[") && m.isIdent(i + 1) && upper(m.text(i + 1)) && m.isIdent(i + 2)
                        && m.token(i + 2).start() > m.token(i + 1).end();
                case Languages.PYTHON -> m.is(i, "TypeVar") && m.is(i + 1, "(") || m.is(i, "Generic")
                        && m.is(i + 1, "[") || m.is(i, "def") && m.isIdent(i + 1) && m.is(i + 2, "[");
                default -> false;
            };
            if (found) {
                return true;
            }
        }
        return false;
    }

    private static boolean upper(String word) {
        char c = word.charAt(0);
        return c >= 'A' && c <= 'Z';
    }

    // ---- documentation

    /** 1.0 with a doc comment (go: a comment line right above an exported declaration), 0.5 with ≥ 2 line comments. */
    static double documentation(LexedSource m) {
        int lineComments = 0;
        for (Comment c : m.comments()) {
            if (c.kind() == Comment.Kind.DOC) {
                return 1.0;
            }
            if (c.kind() == Comment.Kind.LINE) {
                lineComments++;
            }
        }
        if (Languages.GO.equals(m.language()) && lineComments > 0) {
            for (int line : GoRules.exportedDeclarationLines(m)) {
                if (line > 1 && m.commentOnLine(line - 1) && m.firstTokenOnLine(line - 1) < 0) {
                    return 1.0;
                }
            }
        }
        return lineComments >= 2 ? 0.5 : 0.1;
    }
}
