package dev.brain.error.code.analysis;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Language names, detection (by extension, then by content) and the keywords the fingerprint keeps. */
final class Languages {

    static final String TYPESCRIPT = "typescript";
    static final String JAVASCRIPT = "javascript";
    static final String PYTHON = "python";
    static final String JAVA = "java";
    static final String KOTLIN = "kotlin";
    static final String GO = "go";
    static final String RUST = "rust";
    static final String C = "c";
    static final String CPP = "cpp";
    static final String SHELL = "shell";
    static final String UNKNOWN = "unknown";

    private static final Map<String, String> EXTENSIONS = Map.ofEntries(
            Map.entry("ts", TYPESCRIPT), Map.entry("tsx", TYPESCRIPT), Map.entry("mts", TYPESCRIPT),
            Map.entry("cts", TYPESCRIPT), Map.entry("js", JAVASCRIPT), Map.entry("jsx", JAVASCRIPT),
            Map.entry("mjs", JAVASCRIPT), Map.entry("cjs", JAVASCRIPT), Map.entry("py", PYTHON),
            Map.entry("java", JAVA), Map.entry("kt", KOTLIN), Map.entry("kts", KOTLIN), Map.entry("go", GO),
            Map.entry("rs", RUST), Map.entry("c", C), Map.entry("h", C), Map.entry("cc", CPP),
            Map.entry("cpp", CPP), Map.entry("cxx", CPP), Map.entry("hpp", CPP), Map.entry("sh", SHELL),
            Map.entry("bash", SHELL));

    private static final Map<String, String> ALIASES = Map.ofEntries(
            Map.entry("ts", TYPESCRIPT), Map.entry("tsx", TYPESCRIPT), Map.entry("js", JAVASCRIPT),
            Map.entry("jsx", JAVASCRIPT), Map.entry("node", JAVASCRIPT), Map.entry("py", PYTHON),
            Map.entry("python3", PYTHON), Map.entry("kt", KOTLIN), Map.entry("golang", GO), Map.entry("rs", RUST),
            Map.entry("c++", CPP), Map.entry("cxx", CPP), Map.entry("sh", SHELL), Map.entry("bash", SHELL),
            Map.entry("zsh", SHELL));

    private static final Set<String> COMMON_LITERALS = Set.of("true", "false", "null", "None", "self", "this");

    private static final Set<String> SCRIPT_KEYWORDS = words("""
            break case catch class const continue debugger default delete do else export extends finally for
            function if import in instanceof new return super switch this throw try typeof var void while with
            yield let static enum await implements package protected interface private public async of get set
            as from null true false undefined NaN Infinity type namespace module declare abstract readonly keyof
            infer is asserts unique any unknown never string number boolean symbol bigint object satisfies
            override accessor constructor require""");
    private static final Set<String> PYTHON_KEYWORDS = words("""
            False None True and as assert async await break class continue def del elif else except finally for
            from global if import in is lambda nonlocal not or pass raise return try while with yield match case
            type self cls""");
    private static final Set<String> JAVA_KEYWORDS = words("""
            abstract assert boolean break byte case catch char class const continue default do double else enum
            extends final finally float for goto if implements import instanceof int interface long native new
            package private protected public return short static strictfp super switch synchronized this throw
            throws transient try void volatile while true false null var record yield sealed permits non""");
    private static final Set<String> KOTLIN_KEYWORDS = words("""
            as break class continue do else false for fun if in interface is null object package return super
            this throw true try typealias typeof val var when while by catch constructor delegate dynamic field
            file finally get import init param property receiver set setparam where actual abstract annotation
            companion const crossinline data enum expect external final infix inline inner internal lateinit
            noinline open operator out override private protected public reified sealed suspend tailrec vararg
            value""");
    private static final Set<String> GO_KEYWORDS = words("""
            break case chan const continue default defer else fallthrough for func go goto if import interface
            map package range return select struct switch type var true false nil iota bool byte complex64
            complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32
            uint64 uintptr any comparable""");
    private static final Set<String> RUST_KEYWORDS = words("""
            as async await break const continue crate dyn else enum extern false fn for if impl in let loop
            match mod move mut pub ref return self Self static struct super trait true type unsafe use where
            while union i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize f32 f64 bool char str""");
    private static final Set<String> C_KEYWORDS = words("""
            auto break case char const continue default do double else enum extern float for goto if inline int
            long register restrict return short signed sizeof static struct switch typedef union unsigned void
            volatile while bool true false NULL nullptr class namespace template typename public private
            protected virtual override new delete this using operator friend explicit constexpr noexcept
            try catch throw include define ifdef ifndef endif pragma""");
    private static final Set<String> SHELL_KEYWORDS = words("""
            if then else elif fi case esac for while until do done in function select time return local export
            readonly declare break continue""");
    private static final Set<String> ALL_KEYWORDS = union(SCRIPT_KEYWORDS, PYTHON_KEYWORDS, JAVA_KEYWORDS,
            KOTLIN_KEYWORDS, GO_KEYWORDS, RUST_KEYWORDS, C_KEYWORDS, SHELL_KEYWORDS);

    private Languages() {
    }

    /** The canonical name of a caller-given language, or null when blank (= detect). */
    static String normalize(String language) {
        if (language == null || language.isBlank()) {
            return null;
        }
        String l = language.trim().toLowerCase(Locale.ROOT);
        return ALIASES.getOrDefault(l, l);
    }

    static boolean isScript(String language) {
        return TYPESCRIPT.equals(language) || JAVASCRIPT.equals(language);
    }

    static boolean isJvm(String language) {
        return JAVA.equals(language) || KOTLIN.equals(language);
    }

    /** Python and shell comment with {@code #}; everything else, unknown languages included, C-style. */
    static boolean hashComments(String language) {
        return PYTHON.equals(language) || SHELL.equals(language);
    }

    /** Keywords and literals the structural fingerprint keeps as written (§9.6 step 4). */
    static boolean isKeyword(String language, String word) {
        if (COMMON_LITERALS.contains(word)) {
            return true;
        }
        return switch (language) {
            case TYPESCRIPT, JAVASCRIPT -> SCRIPT_KEYWORDS.contains(word);
            case PYTHON -> PYTHON_KEYWORDS.contains(word);
            case JAVA -> JAVA_KEYWORDS.contains(word);
            case KOTLIN -> KOTLIN_KEYWORDS.contains(word);
            case GO -> GO_KEYWORDS.contains(word);
            case RUST -> RUST_KEYWORDS.contains(word);
            case C, CPP -> C_KEYWORDS.contains(word);
            case SHELL -> SHELL_KEYWORDS.contains(word);
            default -> ALL_KEYWORDS.contains(word);
        };
    }

    /** §9.1: by extension, else by content (first hit), else {@code unknown}. */
    static String detect(String filePath, String source) {
        String byExtension = byExtension(filePath);
        return byExtension != null ? byExtension : byContent(source == null ? "" : source);
    }

    static String byExtension(String filePath) {
        if (filePath == null) {
            return null;
        }
        String file = baseName(filePath).toLowerCase(Locale.ROOT);
        int dot = file.lastIndexOf('.');
        return dot < 0 ? null : EXTENSIONS.get(file.substring(dot + 1));
    }

    /** The last segment of a path ({@code /} or {@code \} separated). */
    static String baseName(String filePath) {
        int slash = Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'));
        return filePath.substring(slash + 1);
    }

    /**
     * The content rules of §9.1, each checked line by line without backtracking regexes, so the cost stays linear
     * on hostile input.
     */
    static String byContent(String source) {
        String s = source.startsWith("\uFEFF") ? source.substring(1) : source;
        if (s.startsWith("#!")) {
            String shebang = line(s, 0);
            if (shebang.contains("python")) {
                return PYTHON;
            }
            if (shebang.contains("node")) {
                return JAVASCRIPT;
            }
            if (shebang.contains("bash") || shebang.contains("sh")) {
                return SHELL;
            }
        }
        boolean packageLine = false;
        boolean classLine = false;
        boolean defLine = false;
        boolean importFrom = false;
        int nextImport = s.indexOf("import ");
        int nextFrom = nextImport < 0 ? -1 : s.indexOf(" from ", nextImport);
        for (int start = 0; start < s.length();) {
            int end = s.indexOf('\n', start);
            if (end < 0) {
                end = s.length();
            }
            int trimmed = end > start && s.charAt(end - 1) == '\r' ? end - 1 : end;
            packageLine |= s.startsWith("package ", start) && isWordRun(s, start + 8, trimmed);
            classLine |= s.startsWith("class ", start) || s.startsWith("public class ", start)
                    || s.startsWith("final class ", start);
            defLine |= isDefLine(s, start, trimmed);
            if (!importFrom) {
                // "import .* from " on one line; both searches only move forward, so the scan stays linear
                if (nextImport >= 0 && nextImport < start) {
                    nextImport = s.indexOf("import ", start);
                }
                if (nextImport >= 0 && nextImport < trimmed) {
                    if (nextFrom >= 0 && nextFrom < nextImport) {
                        nextFrom = s.indexOf(" from ", nextImport);
                    }
                    importFrom = nextFrom >= 0 && nextFrom < trimmed;
                }
            }
            start = end + 1;
        }
        if (packageLine && s.contains("func ")) {
            return GO;
        }
        if (hasFnCall(s) && s.contains("let ")) {
            return RUST;
        }
        if (classLine && s.indexOf(';') >= 0) {
            return JAVA;
        }
        if (defLine) {
            return PYTHON;
        }
        if (s.contains("export ") || importFrom) {
            return s.contains(": string") || s.contains(": number") || s.contains(": boolean") ? TYPESCRIPT
                    : JAVASCRIPT;
        }
        return UNKNOWN;
    }

    private static String line(String s, int start) {
        int end = s.indexOf('\n', start);
        return s.substring(start, end < 0 ? s.length() : end);
    }

    private static boolean isWordRun(String s, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!isWordChar(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code ^def \w+\(.*\):$} */
    private static boolean isDefLine(String s, int start, int end) {
        if (!s.startsWith("def ", start)) {
            return false;
        }
        int i = start + 4;
        int nameStart = i;
        while (i < end && isWordChar(s.charAt(i))) {
            i++;
        }
        return i > nameStart && i < end && s.charAt(i) == '(' && end - 2 > i && s.startsWith("):", end - 2);
    }

    /** {@code fn \w+\(} anywhere. */
    private static boolean hasFnCall(String s) {
        for (int at = s.indexOf("fn "); at >= 0; at = s.indexOf("fn ", at + 3)) {
            int i = at + 3;
            while (i < s.length() && isWordChar(s.charAt(i))) {
                i++;
            }
            if (i > at + 3 && i < s.length() && s.charAt(i) == '(') {
                return true;
            }
        }
        return false;
    }

    static boolean isWordChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    private static Set<String> words(String text) {
        return Set.of(text.trim().split("\\s+"));
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new HashSet<>();
        for (Set<String> s : sets) {
            all.addAll(s);
        }
        return Set.copyOf(all);
    }
}
