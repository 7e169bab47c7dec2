package dev.brain.error.code.analysis;

import java.util.Set;

/**
 * Where a declaration ends (bracket matching on the token stream — comments and strings are already out of it — or
 * indentation for python), which comment and annotation lines belong to it, and its signature.
 */
final class Extents {

    /** A line starting with one of these starts a new statement even when the previous line looks unfinished. */
    private static final Set<String> STATEMENT_STARTS = Set.of("export", "import", "function", "class", "interface",
            "type", "enum", "const", "let", "var", "async", "abstract", "declare", "default", "return", "if", "for",
            "while", "pub", "fn", "struct", "impl", "trait", "use", "mod", "func", "package", "static", "public",
            "private", "protected", "final", "def", "fun", "val", "object", "module", "@");
    /** A line ending in one of these continues on the next. */
    private static final Set<String> CONTINUES_AFTER = Set.of("=", ",", "(", "[", "{", "+", "-", "*", "/", "%", "&",
            "|", "^", "!", "~", "?", ":", "<", ">", ".", "\\");
    /** A line starting with one of these continues the previous. */
    private static final Set<String> CONTINUES_BEFORE = Set.of(".", "?", ":", "|", "&", "+", "*", "/", "%", "=", ",",
            ")", "]", "}", ">", "<");
    /** After a {@code }} at depth 0 one of these on the same line continues the declaration. */
    private static final Set<String> CONTINUES_AFTER_BRACE = Set.of("{", "=", ":", "|", "&", ".", ",", ">", "?", "(",
            "[", "<", "-", "as", "extends", "implements", "where", "else");
    private static final int MAX_SIGNATURE = 1000;

    private Extents() {
    }

    /**
     * The index of the last token of the declaration starting at token i (C-like languages). It ends at {@code ;} at
     * depth 0, at the {@code }} closing its body, or — when it needs no body, or its body is an expression — at a line
     * break at depth 0 after a complete line. {@code needsBody} keeps a header (function, class) open across lines
     * until its body.
     */
    static int declarationEnd(LexedSource s, int i, boolean needsBody) {
        int depth = 0;
        boolean body = false;
        boolean assign = false;
        int n = s.size();
        for (int j = i; j < n; j++) {
            Token t = s.token(j);
            if (j > i && depth == 0 && t.line() > s.token(j - 1).line()) {
                boolean headerOpen = needsBody && !body && !assign;
                if (!headerOpen && complete(s, j - 1, j)) {
                    return j - 1;
                }
            }
            if (t.kind() != Token.Kind.PUNCT) {
                continue;
            }
            switch (t.text()) {
                case "(", "[", "{" -> {
                    if (depth == 0 && t.is("{")) {
                        body = true;
                    }
                    depth++;
                }
                case ")", "]", "}" -> {
                    depth--;
                    if (depth < 0) {
                        return Math.max(i, j - 1);
                    }
                    if (depth == 0 && t.is("}")) {
                        Token next = j + 1 < n ? s.token(j + 1) : null;
                        if (next == null || next.line() != t.line()) {
                            return j;
                        }
                        if (next.isPunct(";")) {
                            return j + 1;
                        }
                        if (!CONTINUES_AFTER_BRACE.contains(next.text())) {
                            return j;
                        }
                    }
                }
                case ";" -> {
                    if (depth == 0) {
                        return j;
                    }
                }
                case "=" -> {
                    if (depth == 0 && !s.is(j + 1, ">") && !s.is(j + 1, "=") && !s.is(j - 1, "=")
                            && !s.is(j - 1, "!") && !s.is(j - 1, "<") && !s.is(j - 1, ">")) {
                        assign = true;
                    }
                }
                default -> {
                }
            }
        }
        return n - 1;
    }

    private static boolean complete(LexedSource s, int last, int next) {
        Token a = s.token(last);
        Token b = s.token(next);
        if (STATEMENT_STARTS.contains(b.text())) {
            return true;
        }
        if (a.kind() == Token.Kind.PUNCT && CONTINUES_AFTER.contains(a.text())) {
            return false;
        }
        return !(b.kind() == Token.Kind.PUNCT && CONTINUES_BEFORE.contains(b.text()));
    }

    /**
     * Python: the statement starting at token i ends before the next line that starts at depth 0 and is not indented
     * deeper than it (comments and docstrings are not tokens, so they never end a block).
     */
    static int pythonEnd(LexedSource s, int i) {
        Token first = s.token(i);
        int depth = s.bracketDepth(i);
        for (int j = i + 1; j < s.size(); j++) {
            Token t = s.token(j);
            boolean closer = t.isPunct(")") || t.isPunct("]") || t.isPunct("}");
            if (t.firstOnLine() && !closer && s.bracketDepth(j) <= depth && t.column() <= first.column()
                    && !s.is(j - 1, "\\")) {
                return j - 1;
            }
        }
        return s.size() - 1;
    }

    /**
     * The first line of a declaration starting on {@code line}, moved up over the comment lines (doc comments) and
     * annotation or decorator lines directly above it, with no blank line between.
     */
    static int attachedStartLine(LexedSource s, int line) {
        int l = line;
        while (l > 1) {
            int above = l - 1;
            int first = s.firstTokenOnLine(above);
            if (first < 0) {
                if (!s.commentOnLine(above)) {
                    break;
                }
                l = above;
                continue;
            }
            Token t = s.token(first);
            if (t.isPunct(")") || t.isPunct("}") || t.isPunct("]")) {
                int opener = s.match(first);
                if (opener < 0) {
                    break;
                }
                int openerLine = s.token(opener).line();
                int lineFirst = s.firstTokenOnLine(openerLine);
                if (openerLine >= above || lineFirst < 0 || !isAnnotationStart(s, lineFirst)) {
                    break;
                }
                l = openerLine;
                continue;
            }
            if (!isAnnotationStart(s, first)) {
                break;
            }
            l = above;
        }
        return l;
    }

    private static boolean isAnnotationStart(LexedSource s, int i) {
        return s.token(i).isPunct("@") || s.token(i).isPunct("#") && s.is(i + 1, "[");
    }

    /**
     * The declaration's header: its tokens from {@code from} up to the body — the first {@code {} (C-like) or
     * {@code :} (python) at depth 0 — or {@code ;}, or the end; leading annotations skipped, comments dropped and
     * whitespace collapsed to one space.
     */
    static String signature(LexedSource s, int from, int to, boolean python) {
        int i = skipAnnotations(s, from, to);
        StringBuilder out = new StringBuilder();
        int depth = 0;
        for (int j = i; j <= to && j < s.size(); j++) {
            Token t = s.token(j);
            if (depth == 0 && t.kind() == Token.Kind.PUNCT) {
                if (!python && (t.is("{") || t.is(";")) || python && t.is(":")) {
                    break;
                }
            }
            if (t.kind() == Token.Kind.PUNCT) {
                if (t.is("(") || t.is("[") || t.is("{")) {
                    depth++;
                } else if ((t.is(")") || t.is("]") || t.is("}")) && depth > 0) {
                    depth--;
                }
            }
            if (j > i && t.start() > s.token(j - 1).end()) {
                out.append(' ');
            }
            out.append(t.text());
            if (out.length() >= MAX_SIGNATURE) {
                return out.substring(0, MAX_SIGNATURE);
            }
        }
        return out.toString();
    }

    private static int skipAnnotations(LexedSource s, int i, int to) {
        int j = i;
        while (j < to && s.token(j).isPunct("@") && !s.is(j + 1, "interface")) {
            j += 2;
            while (j + 1 < to && s.is(j, ".") && s.isIdent(j + 1)) {
                j += 2;
            }
            if (s.is(j, "(") && s.match(j) > j) {
                j = s.match(j) + 1;
            }
        }
        return j <= to ? j : i;
    }

    /** Index of the first token starting at or after offset. */
    static int tokenAt(LexedSource s, int offset) {
        int lo = 0;
        int hi = s.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (s.token(mid).start() < offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Index of the last token ending at or before offset. */
    static int tokenBefore(LexedSource s, int offset) {
        int i = tokenAt(s, offset) - 1;
        while (i >= 0 && s.token(i).end() > offset) {
            i--;
        }
        return i;
    }
}
