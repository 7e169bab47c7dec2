package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Kotlin exports and imports, and the fallback for java sources JavaParser cannot parse (error-code.md §9.2): public
 * top-level types, public methods of the primary type (kotlin: also top-level {@code fun}/{@code val}/{@code var}),
 * {@code import} lines. Read off the token stream by bracket matching.
 */
final class JvmTokenRules {

    private static final Set<String> MODIFIERS = Set.of("public", "protected", "private", "abstract", "static",
            "final", "sealed", "strictfp", "default", "synchronized", "native", "transient", "volatile", "internal",
            "open", "data", "enum", "annotation", "inner", "value", "inline", "expect", "actual", "companion",
            "override", "lateinit", "const", "suspend", "operator", "infix", "tailrec", "external", "crossinline",
            "noinline", "reified");
    private static final Set<String> TYPE_KEYWORDS = Set.of("class", "interface", "enum", "record", "object");

    private JvmTokenRules() {
    }

    /** A top-level type: tokens [start, end], its keyword, whether exported. */
    private record TypeDecl(String name, String keyword, int start, int keywordAt, int end, boolean exported) {
    }

    static Structure extract(LexedSource s, String path) {
        boolean kotlin = Languages.KOTLIN.equals(s.language());
        Structure.Builder out = new Structure.Builder();
        String basePackage = "";
        List<TypeDecl> types = new ArrayList<>();
        int n = s.size();
        int i = 0;
        while (i < n) {
            int end;
            if (s.is(i, "package")) {
                basePackage = basePackage(dotted(s, i + 1));
                end = kotlin ? lineEndToken(s, i) : Extents.declarationEnd(s, i, false);
            } else if (s.is(i, "import")) {
                end = importLine(s, i, out, basePackage);
            } else {
                Set<String> mods = new HashSet<>();
                int k = skipModifiers(s, i, mods);
                boolean exported = kotlin ? !mods.contains("private") && !mods.contains("internal")
                        && !mods.contains("protected") : mods.contains("public");
                String keyword = s.is(k, "@") && s.is(k + 1, "interface") ? "interface" : s.text(k);
                int nameAt = s.is(k, "@") ? k + 2 : k + 1;
                if (TYPE_KEYWORDS.contains(keyword) && s.isIdent(nameAt)) {
                    end = Extents.declarationEnd(s, i, !kotlin);
                    types.add(new TypeDecl(s.text(nameAt), keyword, i, k, end, exported));
                } else if (kotlin && s.is(k, "fun")) {
                    end = Extents.declarationEnd(s, i, true);
                    export(s, out, exported, funName(s, k), Structure.Kind.FUNCTION, false, i, end);
                } else if (kotlin && (s.is(k, "val") || s.is(k, "var") || s.is(k, "typealias"))) {
                    end = Extents.declarationEnd(s, i, false);
                    int name = s.is(k + 2, ".") ? k + 3 : k + 1;
                    export(s, out, exported, s.isIdent(name) ? s.text(name) : null,
                            s.is(k, "typealias") ? Structure.Kind.TYPE : Structure.Kind.VALUE, false, i, end);
                } else {
                    end = Extents.declarationEnd(s, i, false);
                }
            }
            i = Math.max(i + 1, end + 1);
        }
        String fileName = baseNameWithoutExtension(path);
        TypeDecl primary = types.stream().filter(t -> t.exported() && t.name().equals(fileName)).findFirst()
                .orElse(types.stream().filter(TypeDecl::exported).findFirst().orElse(null));
        for (TypeDecl t : types) {
            if (t.exported()) {
                out.export(t.name(), Structure.Kind.CLASS, false, false, s.token(t.start()).start(),
                        s.token(t.end()).end());
            }
            members(s, t, t == primary, kotlin, out);
        }
        return out.build();
    }

    private static void export(LexedSource s, Structure.Builder out, boolean exported, String name,
            Structure.Kind kind, boolean member, int start, int end) {
        if (exported && name != null) {
            out.export(name, kind, false, member, s.token(start).start(), s.token(end).end());
        }
    }

    /** Public methods of the primary type; for java every type is also checked for a static non-final field. */
    private static void members(LexedSource s, TypeDecl type, boolean primary, boolean kotlin,
            Structure.Builder out) {
        int open = -1;
        int level = s.bracketDepth(type.keywordAt());
        for (int k = type.keywordAt(); k <= type.end(); k++) {
            if (s.is(k, "{") && s.bracketDepth(k) == level) {
                open = k;
                break;
            }
        }
        int close = s.match(open);
        if (open < 0 || close < open) {
            return;
        }
        boolean iface = type.keyword().equals("interface");
        int j = open + 1;
        while (j < close) {
            Set<String> mods = new HashSet<>();
            int k = skipModifiers(s, j, mods);
            int end;
            if (kotlin) {
                boolean fun = s.is(k, "fun");
                end = Extents.declarationEnd(s, j, fun);
                boolean exported = !mods.contains("private") && !mods.contains("protected")
                        && !mods.contains("internal");
                if (primary && fun) {
                    export(s, out, exported, funName(s, k), Structure.Kind.FUNCTION,
                            !type.keyword().equals("object"), j, Math.min(end, close - 1));
                }
            } else {
                int h = k;
                boolean nestedType = false;
                int memberLevel = s.bracketDepth(k);
                while (h < close && !(s.bracketDepth(h) == memberLevel
                        && (s.is(h, "(") || s.is(h, "{") || s.is(h, ";") || s.is(h, "=")))) {
                    nestedType |= TYPE_KEYWORDS.contains(s.text(h));
                    h++;
                }
                boolean method = !nestedType && s.is(h, "(") && s.isIdent(h - 1) && h - 1 >= k
                        && !s.text(h - 1).equals(type.name());
                end = Extents.declarationEnd(s, j, method || nestedType);
                if (method && primary) {
                    boolean exported = mods.contains("public") || iface && !mods.contains("private");
                    export(s, out, exported, s.text(h - 1), Structure.Kind.FUNCTION, !mods.contains("static"), j,
                            Math.min(end, close - 1));
                }
                if (!method && !nestedType && !iface && h > k && (s.is(h, "=") || s.is(h, ";"))
                        && mods.contains("static") && !mods.contains("final")) {
                    out.mutableStaticField(true);
                }
            }
            j = Math.max(j + 1, end + 1);
        }
    }

    /** Skips annotations ({@code @A}, {@code @a.B(x)}, {@code @file:J}) and modifier words; collects the words. */
    static int skipModifiers(LexedSource s, int i, Set<String> mods) {
        int j = i;
        while (j < s.size()) {
            if (s.is(j, "@") && !s.is(j + 1, "interface") && s.isIdent(j + 1)) {
                j += 2;
                while (s.is(j, ".") && s.isIdent(j + 1) || s.is(j, ":") && s.isIdent(j + 1)) {
                    j += 2;
                }
                if (s.is(j, "(") && s.match(j) > j) {
                    j = s.match(j) + 1;
                }
            } else if (s.is(j, "non") && s.is(j + 1, "-") && s.is(j + 2, "sealed")) {
                j += 3;
            } else if (MODIFIERS.contains(s.text(j)) && !(s.is(j, "enum") && !s.is(j + 1, "class")
                    && !s.is(j + 1, "@"))) {
                mods.add(s.text(j));
                j++;
            } else {
                return j;
            }
        }
        return j;
    }

    /** The name of a kotlin {@code fun} at token k: the identifier right before its parameter list. */
    private static String funName(LexedSource s, int k) {
        int angle = 0;
        for (int j = k + 1; j < Math.min(s.size(), k + 64); j++) {
            if (s.is(j, "<")) {
                angle++;
            } else if (s.is(j, ">")) {
                angle--;
            } else if (s.is(j, "(") && angle <= 0) {
                return s.isIdent(j - 1) && j - 1 > k ? s.text(j - 1) : null;
            } else if (s.is(j, "{") || s.is(j, "=")) {
                return null;
            }
        }
        return null;
    }

    private static int importLine(LexedSource s, int i, Structure.Builder out, String basePackage) {
        int k = s.is(i + 1, "static") ? i + 2 : i + 1;
        if (!s.isIdent(k)) {
            return i;
        }
        String name = dotted(s, k);
        int after = k + 2 * (name.split("\\.").length - 1) + 1;
        boolean asterisk = s.is(after, ".") && s.is(after + 1, "*");
        String local = asterisk ? null : name.substring(name.lastIndexOf('.') + 1);
        int end = asterisk ? after + 1 : after - 1;
        if (s.is(after, "as") && s.isIdent(after + 1)) {
            local = s.text(after + 1);
            end = after + 1;
        }
        end = s.is(end + 1, ";") ? end + 1 : end;
        out.importOf(asterisk ? name + ".*" : name, origin(name, basePackage),
                local == null ? List.of() : List.of(local));
        return end;
    }

    /** {@code java.}, {@code javax.}, {@code kotlin.} are standard; the file's base package (two segments) internal. */
    static Structure.Origin origin(String name, String basePackage) {
        if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("kotlin.")) {
            return Structure.Origin.STANDARD;
        }
        return !basePackage.isEmpty() && (name.startsWith(basePackage + ".") || name.equals(basePackage))
                ? Structure.Origin.INTERNAL
                : Structure.Origin.EXTERNAL;
    }

    static String basePackage(String pkg) {
        String[] parts = pkg.split("\\.");
        return parts.length >= 2 ? parts[0] + "." + parts[1] : pkg;
    }

    private static String dotted(LexedSource s, int k) {
        if (!s.isIdent(k)) {
            return "";
        }
        StringBuilder name = new StringBuilder(s.text(k));
        int j = k + 1;
        while (s.is(j, ".") && s.isIdent(j + 1)) {
            name.append('.').append(s.text(j + 1));
            j += 2;
        }
        return name.toString();
    }

    private static int lineEndToken(LexedSource s, int i) {
        int j = i;
        while (j + 1 < s.size() && s.token(j + 1).line() == s.token(i).line()) {
            j++;
        }
        return j;
    }

    static String baseNameWithoutExtension(String path) {
        String file = Languages.baseName(path == null ? "" : path);
        int dot = file.lastIndexOf('.');
        return dot > 0 ? file.substring(0, dot) : file;
    }
}
